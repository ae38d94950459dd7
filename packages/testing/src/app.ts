import { createRuntime } from "@tally/server";
import { afterAll, beforeAll } from "vitest";
import { createTestHarness, type HarnessOptions, type RequestOptions, type TestHarness } from "./harness.ts";

/**
 * The whole app under test: a runtime built by the composition root, per test file, on PGlite or
 * on PostgreSQL with DATABASE_URL. `@tally/server` resolves through the shared vitest alias and the
 * base tsconfig's path (a package.json edge would make a cycle: server -> router -> domain -> testing).
 */
export const startHarness = (options: Omit<HarnessOptions, "createRuntime"> = {}): Promise<TestHarness> =>
  createTestHarness({ ...options, createRuntime });

/**
 * The test file's harness, started before its tests and closed after them: the preamble every HTTP
 * test file would otherwise repeat. The returned object forwards to the running harness.
 */
export const useHarness = (options: Omit<HarnessOptions, "createRuntime"> = {}): TestHarness => {
  let started: TestHarness | undefined;
  const running = (): TestHarness => {
    if (!started) throw new Error("the harness starts in beforeAll: use it inside a test or a hook");
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options);
  }, 180_000);
  afterAll(async () => {
    await started?.close();
  });
  return {
    get database() {
      return running().database;
    },
    get runtime() {
      return running().runtime;
    },
    get chain() {
      return running().chain;
    },
    get operatorKey() {
      return running().operatorKey;
    },
    get config() {
      return running().config;
    },
    get clientAddress() {
      return running().clientAddress;
    },
    request: <T>(method: string, path: string, requestOptions?: RequestOptions) =>
      running().request<T>(method, path, requestOptions),
    createTenant: (tenantOptions) => running().createTenant(tenantOptions),
    startInstance: () => running().startInstance(),
    close: () => running().close(),
  };
};
