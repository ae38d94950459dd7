import { useHarness } from "@tally/testing";
import fc from "fast-check";
import { expect, it } from "vitest";
import { validValue } from "./arbitraries.ts";
import { printFigures } from "./figures.ts";
import { FUZZ_SEED } from "./fuzz-shard.ts";
import { documentedErrorCodes, fuzzVerdict } from "./fuzz-verdict.ts";
import { seedFuzzWorld } from "./fuzz-world.ts";
import { label, servedOperations, urlFor } from "./operations.ts";

const h = useHarness({ env: { RUN_WORKER: "off" } });

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
    const [body] = fc.sample(validValue(operation.body ?? {}), { seed: FUZZ_SEED, numRuns: 1 });
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
