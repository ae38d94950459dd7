import { fieldsOf, type TestResponse, useHarness } from "@tally/testing";
import fc from "fast-check";
import { expect, it } from "vitest";
import { validValue } from "./arbitraries.ts";
import { changedTables } from "./checksum.ts";
import { printFigures } from "./figures.ts";
import { tenantChecksummer } from "./fuzz-checksum.ts";
import { describe } from "./fuzz-verdict.ts";
import { type FuzzWorld, seedFuzzWorld } from "./fuzz-world.ts";
import { label, type Operation, type Schema, servedOperations, urlFor } from "./operations.ts";

/**
 * Every POST/PUT/PATCH body of the served document, built valid from its schema, with privileged
 * fields added that the schema does not declare. Pass: 422 naming each added field, nothing changed.
 * A privileged-looking name the schema does declare is a documented input: listed in the figures; a
 * declared `organizationId` must not reach another tenant, and a declared top-level `id` is a finding.
 */

const SEED = 20_261_127;

/** Fields a client must never set on its own, with a value an attacker would send. */
const PRIVILEGED: Record<string, unknown> = {
  id: "attackerchosenid",
  organizationId: "attackerorg",
  status: "PAID",
  balance: 1_000_000,
  role: "OPERATOR",
  creatorId: "attackercreator",
  userId: "attackeruser",
  ownerId: "attackerowner",
  followerCount: 1_000_000,
  followingCount: 1_000_000,
  totalSales: 1_000_000,
  amountPaid: 1,
  paidAt: "2020-01-01T00:00:00.000Z",
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: "2020-01-01T00:00:00.000Z",
  publishedAt: "2020-01-01T00:00:00.000Z",
  deletedAt: "2020-01-01T00:00:00.000Z",
  isActive: true,
  isAdmin: true,
  emailVerified: true,
  subscriptionTierId: "pro",
};

/** Declared names that would let a client pick an object's id or its tenant. */
const IDENTITY = ["id", "organizationId"];

/**
 * Signed provider callbacks: the provider adds fields to its payloads over time, so these bodies are
 * open by design; an unsigned call with privileged fields must still be refused and change nothing.
 */
const isProviderCallback = (operation: Operation): boolean => operation.path.startsWith("/webhooks/");

const bodyOperations = (operations: Operation[]): Operation[] =>
  operations.filter((operation) => ["POST", "PUT", "PATCH"].includes(operation.method) && operation.body);

/** Top-level names the body declares (of every alternative, for a union). */
const declaredOf = (schema: Schema): string[] => [
  ...new Set([
    ...Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {}),
    ...((schema.anyOf ?? schema.oneOf ?? []) as Schema[]).flatMap(declaredOf),
  ]),
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A body the schema accepts, the same every run (an object: the privileged fields go into it). */
const validBody = (schema: Schema): Record<string, unknown> => {
  const [value] = fc.sample(validValue(schema), { seed: SEED, numRuns: 1 });
  return isObject(value) ? value : {};
};

/**
 * The tenant's ADMIN key; an operation that needs the OPERATOR role (403 `role_required`) is called
 * again with the operator key, so its body is validated too.
 */
const send = async (
  h: ReturnType<typeof useHarness>,
  operation: Operation,
  world: FuzzWorld,
  body: Record<string, unknown>,
  operatorFallback = true,
): Promise<TestResponse> => {
  const call = (key: string | undefined) =>
    h.request(
      operation.method,
      urlFor(operation.path, world.ids, () => "unknown"),
      {
        body,
        ...(operation.secured ? { key } : {}),
      },
    );
  const response = await call(world.tenant.adminKey);
  const code = (response.body as { code?: string } | undefined)?.code;
  return code === "role_required" && operatorFallback ? call(h.operatorKey) : response;
};

/**
 * A body field named like a path parameter (`id` on `/user/{id}`) is refused by the REST layer before
 * the body's schema runs, naming only that field; those are probed in a call of their own.
 */
const probeGroups = (operation: Operation, added: string[]): string[][] => {
  const pathNames = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  return [
    added.filter((field) => pathNames.includes(field)),
    added.filter((field) => !pathNames.includes(field)),
  ].filter((group) => group.length > 0);
};

/** What is wrong with the answer to a body carrying the `added` fields. */
const probeProblems = (operation: Operation, response: TestResponse, added: string[]): string[] => {
  if (isProviderCallback(operation)) {
    return response.status < 400 ? [`unsigned call accepted (${response.status})`] : [];
  }
  if (response.status !== 422) return [`answered ${response.status}, not 422: ${describe(response.body)}`];
  const named = fieldsOf(response);
  const unnamed = added.filter(
    (field) => !named.some((name) => name === field || name.endsWith(`.${field}`)),
  );
  return unnamed.length > 0 ? [`422 does not name ${unnamed.join(", ")}: ${describe(response.body)}`] : [];
};

// No embedded worker: an event handler writing later (a welcome email, a notification) would land in
// another case's before/after and read as a refused call's write.
const h = useHarness({ env: { RUN_WORKER: "off" } });

it("privileged fields a body does not declare are refused by name, and change nothing", async () => {
  const operations = bodyOperations(await servedOperations(h));
  const bystander = await seedFuzzWorld(h);
  const bystanderSums = await tenantChecksummer(h.database, [bystander.tenant.organizationId]);
  const bystanderBefore = await bystanderSums();
  const findings: string[] = [];
  const documented: string[] = [];
  let probed = 0;
  let world = await seedFuzzWorld(h);
  for (const operation of operations) {
    const schema = operation.body as Schema;
    const declared = declaredOf(schema);
    const added = Object.keys(PRIVILEGED).filter((field) => !declared.includes(field));
    const own = declared.filter((field) => field in PRIVILEGED);
    if (own.length > 0) documented.push(`${label(operation)}: ${own.join(",")}`);
    const sums = await tenantChecksummer(h.database, [world.tenant.organizationId]);
    const before = await sums();
    const problems: string[] = [];
    for (const group of probeGroups(operation, added)) {
      const body = {
        ...validBody(schema),
        ...Object.fromEntries(group.map((field) => [field, PRIVILEGED[field]])),
      };
      problems.push(...probeProblems(operation, await send(h, operation, world, body), group));
      probed += group.length;
    }
    const changed = changedTables(before, await sums());
    if (changed.length > 0) problems.push(`changed ${changed.join(", ")}`);
    // A provider callback's `id` is the provider's event id, and only a signed call is read.
    const identities = isProviderCallback(operation) ? [] : own.filter((name) => IDENTITY.includes(name));
    for (const field of identities) {
      if (field === "id") {
        problems.push("declares a client-chosen top-level id");
        continue;
      }
      // A declared tenant is only acceptable when the tenant's own key naming another tenant is refused.
      const foreign = await send(
        h,
        operation,
        world,
        { ...validBody(schema), [field]: bystander.tenant.organizationId },
        false,
      );
      if (foreign.status < 400) problems.push(`${field} of another tenant accepted (${foreign.status})`);
    }
    if (problems.length > 0) {
      findings.push(`${label(operation)}: ${problems.join("; ")}`);
      world = await seedFuzzWorld(h);
    }
  }
  const bystanderChanged = changedTables(bystanderBefore, await bystanderSums());
  if (bystanderChanged.length > 0) findings.push(`another tenant changed: ${bystanderChanged.join(", ")}`);
  printFigures("mass-assignment", {
    seed: SEED,
    operations: operations.length,
    fieldsProbed: probed,
    providerCallbacks: operations.filter(isProviderCallback).length,
    documented: documented.length === 0 ? "none" : `"${documented.join("; ")}"`,
    findings: findings.length,
  });
  expect(findings.join("\n")).toBe("");
}, 300_000);
