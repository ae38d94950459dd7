export * from "./commerce.ts";
export * from "./orders.ts";
export * from "./platform.ts";
