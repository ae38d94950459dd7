export * from "./chain.ts";
export * from "./commerce.ts";
export * from "./loyalty.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./platform.ts";
