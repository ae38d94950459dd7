export { startHarness, useHarness } from "./app.ts";
export { openTestDatabase, prepareTestDatabase, testDatabaseUrl } from "./database.ts";
export * from "./fixtures/chain.ts";
export * from "./fixtures/checkout.ts";
export * from "./fixtures/creators.ts";
export * from "./fixtures/http.ts";
export * from "./fixtures/orders.ts";
export * from "./fixtures/users.ts";
export * from "./harness.ts";
