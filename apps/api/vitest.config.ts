import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["@tally/testing/global-setup"],
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2 cores: two files at a time keeps PGlite/pg-boss polling from starving each other.
    maxWorkers: 2,
    pool: "forks",
  },
});
