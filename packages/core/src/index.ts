export * from "./clock.ts";
export * from "./errors.ts";
export * from "./ids.ts";
export * from "./interval-job.ts";
export * from "./json-body.ts";
export * from "./logger.ts";
export * from "./money.ts";
export * from "./pagination.ts";
