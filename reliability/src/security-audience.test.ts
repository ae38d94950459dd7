import { newId } from "@tally/core";
import { type TestResponse, useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { type AudienceWorld, createAudienceWorld } from "./audience-world.ts";
import { changedTables, tenantChecksums } from "./checksum.ts";
import { exampleBody, exampleQuery } from "./example-values.ts";
import { printFigures } from "./figures.ts";
import { label, type Operation, servedOperations, urlFor } from "./operations.ts";

/**
 * The audience gate (docs/roles.md "Audiences"): every route that declares who it serves
 * (`x-tally-audience`, written beside the route) is called by the callers of each side, and its guard
 * must agree with the declaration:
 * - a creator-side route refuses the fan side (a MEMBER key acting for a fan, or the key alone) with
 *   403 or 404 and changes nothing, and its reads answer an ADMIN key;
 * - a fan-side read answers the fan side (with and without X-User-Id), and no fan-side route refuses
 *   the fan with 401 or 403;
 * - a public read answers without a key.
 * Generated from the served document: a route whose guard drifts from its declaration fails here.
 */

const h = useHarness({ env: { RUN_WORKER: "off" } });
let world: AudienceWorld;
let operations: Operation[];

beforeAll(async () => {
  world = await createAudienceWorld(h);
  operations = await servedOperations(h);
}, 120_000);

type Caller = { name: string; key?: string; userId?: string };

/** Waits out the rate limit (not what is tested here) instead of counting a 429. */
const call = async (
  operation: Operation,
  caller: Caller,
): Promise<{ url: string; response: TestResponse }> => {
  const ids = world.idsFor(operation);
  const body = operation.method === "GET" ? undefined : (exampleBody(operation, ids) ?? {});
  const url = `${urlFor(operation.path, ids, () => newId())}${exampleQuery(operation, ids)}`;
  for (let attempt = 0; ; attempt++) {
    const response = await h.request(operation.method, url, {
      ...(caller.key ? { key: caller.key } : {}),
      ...(caller.userId ? { userId: caller.userId } : {}),
      ...(body === undefined ? {} : { body }),
    });
    if (response.status !== 429 || attempt >= 5) return { url, response };
    const seconds = Number(response.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
  }
};

const fanSide = (): Caller[] => [
  { name: "a MEMBER key acting for a fan", key: world.tenant.memberKey, userId: world.fan.id },
  { name: "a MEMBER key alone", key: world.tenant.memberKey },
];
const ok = (status: number) => status >= 200 && status < 300;
const of = (audience: Operation["audience"]) => operations.filter((op) => op.audience === audience);

describe("the audience gate", () => {
  it("every points, rewards and campaigns route declares its audience", () => {
    const declaring = ["points.", "rewards.", "campaigns."];
    const undeclared = operations.filter(
      (op) => declaring.some((domain) => op.procedure?.startsWith(domain)) && !op.audience,
    );
    expect(undeclared.map(label)).toEqual([]);
    expect(of("creator").length).toBeGreaterThan(20);
    expect(of("fan").length).toBeGreaterThan(10);
    expect(of("public").length).toBeGreaterThan(0);
  });

  it("creator-side routes refuse the fan side and change nothing; their reads answer an ADMIN key", async () => {
    const before = await tenantChecksums(h.database, [world.tenant.organizationId]);
    const faults: string[] = [];
    let refused = 0;
    for (const operation of of("creator")) {
      for (const caller of fanSide()) {
        const { url, response } = await call(operation, caller);
        const what = `${label(operation)} (${url}) as ${caller.name} -> ${response.status}`;
        if (ok(response.status) || response.status >= 500) faults.push(`${what}: ${response.text}`);
        else if ([403, 404].includes(response.status)) refused++;
      }
    }
    const after = await tenantChecksums(h.database, [world.tenant.organizationId]);
    for (const table of changedTables(before, after)) faults.push(`the fan side's calls changed ${table}`);
    for (const operation of of("creator").filter((op) => op.method === "GET")) {
      const { url, response } = await call(operation, { name: "ADMIN", key: world.tenant.adminKey });
      if (!ok(response.status))
        faults.push(`${label(operation)} (${url}) as ADMIN -> ${response.status}: ${response.text}`);
    }
    expect(faults, faults.join("\n")).toEqual([]);
    printFigures("audience.creator", { routes: of("creator").length, refused403or404: refused });
    // Probes stopped by validation say nothing about the guard: nearly all must reach it.
    expect(refused).toBeGreaterThanOrEqual(of("creator").length * fanSide().length * 0.9);
  });

  it("fan-side reads answer the fan side, and no fan-side route refuses the fan", async () => {
    const faults: string[] = [];
    for (const operation of of("fan")) {
      for (const caller of fanSide()) {
        const { url, response } = await call(operation, caller);
        const what = `${label(operation)} (${url}) as ${caller.name} -> ${response.status}`;
        const answered =
          operation.method === "GET" ? ok(response.status) : ![401, 403].includes(response.status);
        if (!answered || response.status >= 500) faults.push(`${what}: ${response.text}`);
      }
    }
    expect(faults, faults.join("\n")).toEqual([]);
    printFigures("audience.fan", { routes: of("fan").length });
  });

  it("public reads answer without a key; public writes never ask for one", async () => {
    const faults: string[] = [];
    for (const operation of of("public")) {
      expect(operation.secured, label(operation)).toBe(false);
      const { url, response } = await call(operation, { name: "no key" });
      // A write proves something else (a solver's signature): it may refuse, but never for want of a key.
      const answered =
        operation.method === "GET"
          ? ok(response.status)
          : response.status < 500 &&
            (response.body as { code?: string } | undefined)?.code !== "unauthorized";
      if (!answered) faults.push(`${label(operation)} (${url}) -> ${response.status}: ${response.text}`);
    }
    expect(faults, faults.join("\n")).toEqual([]);
  });
});
