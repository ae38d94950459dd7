export { ConfigError, loadConfig } from "./load.ts";
export { type Config, type Env, envSchema, type OptInLocalAdapter, optInLocalAdapters } from "./schema.ts";
