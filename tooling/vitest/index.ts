import { join } from "node:path";
import { defineConfig, type ViteUserConfig } from "vitest/config";

/**
 * Shared vitest settings. With TALLY_TEST_RESULTS_DIR set (CI), each package also writes a JSON
 * report there so `.ci/run` can print one closing "N passed, N failed" line for the whole run.
 */
export const tallyVitestConfig = (options: { name: string; test?: ViteUserConfig["test"] }) => {
  const resultsDir = process.env.TALLY_TEST_RESULTS_DIR;
  const label = process.env.TALLY_TEST_LABEL ?? "local";
  return defineConfig({
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks",
      // Two cores: two test files at a time.
      maxWorkers: 2,
      ...options.test,
      ...(resultsDir
        ? {
            reporters: ["default", "json"],
            outputFile: { json: join(resultsDir, `${options.name}-${label}.json`) },
          }
        : {}),
    },
  });
};
