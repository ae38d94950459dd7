import { rmSync } from "node:fs";
import { prepareTestDatabase } from "./database.ts";

/** vitest globalSetup: prepares the migrated database once for all test files of a package. */
export default async function setup(): Promise<() => void> {
  process.env.TALLY_TEST_RUN ??= String(process.pid);
  const snapshot = await prepareTestDatabase();
  if (snapshot) process.env.TALLY_PGLITE_SNAPSHOT = snapshot;
  return () => {
    if (snapshot) rmSync(snapshot, { force: true });
  };
}
