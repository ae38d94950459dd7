import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, type ViteUserConfig } from "vitest/config";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Shared vitest settings. With TALLY_TEST_RESULTS_DIR set (CI), each package also writes a JSON
 * report there so `.ci/run` can print one closing "N passed, N failed" line for the whole run.
 *
 * `@tally/server` (the composition root) and `@tally/client` (the typed client) resolve to their
 * source for every package's tests: a domain's HTTP tests drive the whole app through
 * `@tally/testing`'s harness and read responses as the client's types, yet no package.json below
 * them may name them (that edge would close a cycle in the package graph: server -> router ->
 * domain). The base tsconfig maps the same two specifiers for the typechecker
 * (tooling/architecture allows exactly these test-only imports).
 */
export const tallyVitestConfig = (options: { name: string; test?: ViteUserConfig["test"] }) => {
  const resultsDir = process.env.TALLY_TEST_RESULTS_DIR;
  const cacheDir = process.env.TALLY_TEST_CACHE_DIR;
  const label = process.env.TALLY_TEST_LABEL ?? "local";
  return defineConfig({
    resolve: {
      // Exact matches: `@tally/client/generate` and other subpaths resolve as usual.
      alias: [
        { find: /^@tally\/server$/, replacement: join(ROOT, "packages/server/src/index.ts") },
        { find: /^@tally\/client$/, replacement: join(ROOT, "packages/client/src/index.ts") },
      ],
    },
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks",
      // Test files of a worker share one module graph instead of re-importing the app per file
      // (the import is most of a file's start-up). Safe because no module keeps mutable state
      // (tooling/architecture enforces it); each file still builds its own runtime and database.
      isolate: false,
      // One test file per core; turbo runs one package at a time. CI runs its PGlite and PostgreSQL
      // passes side by side, which measured faster: much of a package's time is waiting, not CPU
      // (docs/benchmarks.md, issue 24).
      maxWorkers: Math.max(2, availableParallelism()),
      // CI's run (TALLY_TEST_CACHE_DIR, a fresh directory per run): each package reuses the modules
      // an earlier one of either pass transformed (written atomically, so the passes can share it).
      // Sources never change within a run.
      ...(cacheDir
        ? { experimental: { fsModuleCache: true, fsModuleCachePath: join(cacheDir, "vitest-modules") } }
        : {}),
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
