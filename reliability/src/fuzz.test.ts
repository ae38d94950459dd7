import { useHarness } from "@tally/testing";
import fc from "fast-check";
import { expect, it } from "vitest";
import { validValue } from "./arbitraries.ts";
import { changedTables } from "./checksum.ts";
import { printFigures } from "./figures.ts";
import { tenantChecksummer } from "./fuzz-checksum.ts";
import { fuzzCase, sendCase } from "./fuzz-request.ts";
import { describe, documentedErrorCodes, fuzzVerdict } from "./fuzz-verdict.ts";
import { type FuzzWorld, seedFuzzWorld } from "./fuzz-world.ts";
import { label, servedOperations, urlFor } from "./operations.ts";

/**
 * Every operation of the served document, called with inputs generated from its own schemas (path,
 * query, headers, JSON body; wrong types, missing and unknown fields, hostile strings, boundaries,
 * wrong content types, real and wrong-shaped ids). Pass: no 5xx, every error in the spec's shape, and
 * a refused call changes no row of the tenant.
 */

/** Fixed, so a run is repeatable; printed with the figures. */
const SEED = 20_261_127;
/** Cases per operation: ~130 operations x 30 keeps the file near a minute per database on 2 cores. */
const RUNS_PER_OPERATION = 30;

// No embedded worker: an event handler writing later (a welcome email, a notification) would land in
// another case's before/after and read as a refused call's write.
const h = useHarness({ env: { RUN_WORKER: "off" } });

it("no fuzzed call answers 5xx, errors keep the spec's shape, a refused call writes nothing", async () => {
  const operations = await servedOperations(h);
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
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    if (accepted || result.failed) world = undefined;
    if (result.failed) {
      const error = result.errorInstance;
      findings.push(
        `${label(operation)}: ${error instanceof Error ? error.message : String(error)}\n  case ${describe(result.counterexample)}`,
      );
    }
  }
  printFigures("fuzz", {
    seed: SEED,
    operations: operations.length,
    casesPerOperation: RUNS_PER_OPERATION,
    cases: tally.cases,
    accepted: tally.accepted,
    refused: tally.refused,
    worlds: tally.worlds,
    findings: findings.length,
  });
  expect(findings.join("\n")).toBe("");
}, 600_000);

/**
 * The idempotency layer reads the body before the route does: a route that read the raw request again
 * answered 500 when a client sent an Idempotency-Key (found by the fuzzing above, on the test-helper
 * charge route). Every POST/PATCH with a body, given a schema-valid body, the ADMIN key (keyless routes
 * too) and an Idempotency-Key, answers below 500 and in the error shape.
 */
it("a body already read by the idempotency layer is still the route's body", async () => {
  const codes = await documentedErrorCodes(h);
  const world = await seedFuzzWorld(h);
  const operations = (await servedOperations(h)).filter(
    (operation) => operation.body && (operation.method === "POST" || operation.method === "PATCH"),
  );
  const findings: string[] = [];
  for (const [index, operation] of operations.entries()) {
    const [body] = fc.sample(validValue(operation.body ?? {}), { seed: SEED, numRuns: 1 });
    const response = await h.request(
      operation.method,
      urlFor(operation.path, world.ids, () => "unknown"),
      {
        key: world.tenant.adminKey,
        body,
        headers: { "Idempotency-Key": `fuzz-replay-${index}` },
      },
    );
    const problem = fuzzVerdict(response, [], codes, true);
    if (problem) findings.push(`${label(operation)}: ${problem}`);
  }
  printFigures("fuzz-idempotent-bodies", { operations: operations.length, findings: findings.length });
  expect(findings.join("\n")).toBe("");
}, 120_000);
