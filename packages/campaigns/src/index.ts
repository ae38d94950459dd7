export { campaignsDomain } from "./domain.ts";
