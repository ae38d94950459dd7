import { resolve } from "node:path";
import { type Config, loadConfig } from "@tally/config";

/**
 * The environment, validated once; a relative DATA_DIR is taken from where the command was typed
 * (pnpm runs scripts inside the package, so `pnpm start` at the root still uses `./.data`).
 */
export const loadAppConfig = (): Config => {
  const config = loadConfig();
  return { ...config, DATA_DIR: resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR) };
};
