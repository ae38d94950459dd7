export { taskpoolDomain } from "./domain.ts";
