export * from "./commerce.ts";
export * from "./events.ts";
export * from "./loyalty.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./platform.ts";
export * from "./providers.ts";
export * from "./registry.ts";
