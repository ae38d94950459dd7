import type { TestProject } from "vitest/node";
import { prepareTestDatabase } from "./database.ts";

/**
 * vitest globalSetup: prepares the database every test file of a package starts from. With
 * TALLY_TEST_CACHE_DIR (CI) the PGlite snapshot is kept there and shared by every package of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { prepared, remove } = await prepareTestDatabase({ cacheDir: process.env.TALLY_TEST_CACHE_DIR });
  project.provide("preparedDatabase", prepared);
  return remove;
}
