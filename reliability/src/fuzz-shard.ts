import type { TestHarness } from "@tally/testing";
import fc from "fast-check";
import { expect } from "vitest";
import { changedTables } from "./checksum.ts";
import { printFigures } from "./figures.ts";
import { tenantChecksummer } from "./fuzz-checksum.ts";
import { fuzzCase, sendCase } from "./fuzz-request.ts";
import { describe, documentedErrorCodes, fuzzVerdict } from "./fuzz-verdict.ts";
import { type FuzzWorld, seedFuzzWorld } from "./fuzz-world.ts";
import { label, servedOperations } from "./operations.ts";

/**
 * Every operation of the served document, called with inputs generated from its own schemas (path,
 * query, headers, JSON body; wrong types, missing and unknown fields, hostile strings, boundaries,
 * wrong content types, real and wrong-shaped ids). Pass: no 5xx, every error in the spec's shape, and
 * a refused call changes no row of the tenant.
 */

/** Fixed, so a run is repeatable; printed with the figures. */
export const FUZZ_SEED = 20_261_127;
/** Cases per operation. */
const RUNS_PER_OPERATION = 30;
/**
 * The operations are fuzzed in this many shards, one test file each, so the files run side by side on
 * the test workers instead of one file taking most of the package's time.
 */
export const FUZZ_SHARDS = 2;

/**
 * Fuzzes every `FUZZ_SHARDS`th operation of the served document, starting at `shard`, on a harness
 * without the embedded worker (an event handler writing later would land in another case's
 * before/after and read as a refused call's write).
 */
export const fuzzShard = async (h: TestHarness, shard: number): Promise<void> => {
  const operations = (await servedOperations(h)).filter((_, index) => index % FUZZ_SHARDS === shard);
  const codes = await documentedErrorCodes(h);
  const tally = { cases: 0, accepted: 0, refused: 0, worlds: 0 };
  const findings: string[] = [];
  let world: FuzzWorld | undefined;
  for (const operation of operations) {
    // A new world once an operation changed the last one (an accepted DELETE, checkout, revoke...).
    if (!world) {
      world = await seedFuzzWorld(h);
      tally.worlds += 1;
    }
    const { tenant } = world;
    const checksums = await tenantChecksummer(h.database, [tenant.organizationId]);
    let before = await checksums();
    let accepted = false;
    const result = await fc.check(
      fc.asyncProperty(fuzzCase(operation, world), async (fuzz) => {
        const response = await sendCase(h, operation, fuzz, tenant.adminKey);
        const after = await checksums();
        const changed = changedTables(before, after);
        before = after;
        tally.cases += 1;
        if (response.status < 400) {
          tally.accepted += 1;
          accepted ||= changed.length > 0;
        } else tally.refused += 1;
        const problem = fuzzVerdict(response, changed, codes, "Idempotency-Key" in fuzz.headers);
        if (problem) throw new Error(problem);
      }),
      { seed: FUZZ_SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    if (accepted || result.failed) world = undefined;
    if (result.failed) {
      const error = result.errorInstance;
      findings.push(
        `${label(operation)}: ${error instanceof Error ? error.message : String(error)}\n  case ${describe(result.counterexample)}`,
      );
    }
  }
  printFigures(`fuzz shard ${shard + 1}/${FUZZ_SHARDS}`, {
    seed: FUZZ_SEED,
    operations: operations.length,
    casesPerOperation: RUNS_PER_OPERATION,
    cases: tally.cases,
    accepted: tally.accepted,
    refused: tally.refused,
    worlds: tally.worlds,
    findings: findings.length,
  });
  expect(findings.join("\n")).toBe("");
};
