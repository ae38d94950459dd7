export { ConfigError, loadConfig } from "./load.ts";
export { type Config, type Env, envSchema } from "./schema.ts";
