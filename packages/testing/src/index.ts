export { openTestDatabase, prepareTestDatabase, testDatabaseUrl } from "./database.ts";
export * from "./harness.ts";
