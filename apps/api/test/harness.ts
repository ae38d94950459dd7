import { createRuntime } from "@tally/server";
import { createTestHarness, type HarnessOptions, type TestHarness } from "@tally/testing";

/** The API's test harness: a runtime per test file on PGlite, or on PostgreSQL with DATABASE_URL. */
export const startHarness = (options: Omit<HarnessOptions, "createRuntime"> = {}): Promise<TestHarness> =>
  createTestHarness({
    ...options,
    createRuntime: (runtimeOptions) => createRuntime({ ...runtimeOptions, config: runtimeOptions.config }),
  });
