import { newId } from "@tally/core";
import { useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { changedTables, tenantChecksums } from "./checksum.ts";
import { exampleBody, exampleQuery } from "./example-values.ts";
import { printFigures } from "./figures.ts";
import { label, type Operation, servedOperations, urlFor } from "./operations.ts";
import { FOREIGN_ALLOWED, type Kind, OPEN_READS, type Probe, probesOf, scopeOf } from "./security-probes.ts";
import { type BolaWorld, createBolaWorld } from "./security-world.ts";

/**
 * The BOLA matrix (issue 14 B): every operation with a path parameter, called in the victim's own
 * tenant by someone who is not the victim — another user's `X-User-Id`, the user of a creator that
 * is not the victim's, a guest order's id where it gives no right. Generated from the served
 * document: a new operation is probed the day it is documented; an id with no seeded object is a
 * fresh random id, which must be refused as well.
 */

// No embedded worker: a job queued by the setup (a welcome e-mail, a chat token) would otherwise
// write during the probes and read as their change.
const h = useHarness({ env: { RUN_WORKER: "off" } });
let world: BolaWorld;
let operations: Operation[];

beforeAll(async () => {
  world = await createBolaWorld(h);
  operations = await servedOperations(h);
}, 120_000);

/** Waits out the tier's rate limit (not what is tested here) instead of counting a 429. */
const send = async (probe: Probe) => {
  const { operation } = probe;
  const body = operation.method === "GET" ? undefined : (exampleBody(operation, probe.ids) ?? {});
  const url = `${urlFor(operation.path, probe.ids, () => newId())}${exampleQuery(operation, probe.ids)}`;
  for (let attempt = 0; ; attempt++) {
    const response = await h.request(operation.method, url, {
      ...(probe.key ? { key: probe.key } : {}),
      ...(probe.userId ? { userId: probe.userId } : {}),
      ...(body === undefined ? {} : { body }),
    });
    if (response.status !== 429 || attempt >= 5) return { url, response };
    const seconds = Number(response.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
  }
};

describe("the BOLA matrix", () => {
  it("never lets another user, a non-owner creator or a guest order id reach the victim's objects", async () => {
    const before = await tenantChecksums(h.database, [world.tenant.organizationId]);
    const probes = operations.flatMap((operation) => probesOf(operation, world));
    const perKind: Record<Kind, number> = {
      user: 0,
      "user-own": 0,
      creator: 0,
      "creator-own": 0,
      guest: 0,
      open: 0,
    };
    const statuses: Record<number, number> = {};
    const faults: string[] = [];
    for (const probe of probes) {
      const { url, response } = await send(probe);
      const what = `${probe.kind}: ${probe.operation.method} ${url} as ${probe.userId ?? "no user"} -> ${response.status}`;
      perKind[probe.kind]++;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const refused = response.status >= 400 && response.status < 500;
      if (response.status >= 500 || (probe.kind !== "open" && !refused))
        faults.push(`${what}: ${response.text}`);
      if (refused && (response.body as { status?: unknown } | undefined)?.status !== response.status)
        faults.push(`${what}: not the error shape: ${response.text}`);
      // Nothing of the victim's shows that the caller did not already send.
      for (const [name, value] of Object.entries(world.secrets)) {
        if (probe.mayShow.includes(name) || url.includes(encodeURIComponent(value))) continue;
        if (response.text.includes(value))
          faults.push(`${what} shows the victim's ${name}: ${response.text}`);
      }
    }
    const after = await tenantChecksums(h.database, [world.tenant.organizationId]);
    for (const table of changedTables(before, after)) faults.push(`the probes changed ${table}`);
    expect(faults, faults.join("\n")).toEqual([]);

    const swept = operations.filter((operation) => !["no-id", "not-user-owned"].includes(scopeOf(operation)));
    const reachedGuard = (statuses[403] ?? 0) + (statuses[404] ?? 0);
    printFigures("bola", {
      operationsSwept: swept.length,
      ...Object.fromEntries(Object.entries(perKind).map(([kind, count]) => [`probes.${kind}`, count])),
      legitPublic: perKind.open,
      refused403or404: reachedGuard,
      ...Object.fromEntries(Object.entries(statuses).map(([status, count]) => [`status${status}`, count])),
    });
    // Probes stopped by validation say nothing about ownership: nearly all reach the guard.
    expect(reachedGuard).toBeGreaterThanOrEqual((probes.length - perKind.open) * 0.9);
    for (const kind of ["user", "user-own", "creator", "creator-own", "guest"] as const)
      expect(perKind[kind], kind).toBeGreaterThan(0);
  });
});

describe("the exceptions of the BOLA matrix", () => {
  it("are each served: the open reads are exactly the listed and the declared ones, so neither grows silently", () => {
    // Sizes pinned: a new exception is a deliberate edit here too, next to its reason there.
    expect(Object.keys(OPEN_READS)).toHaveLength(11);
    expect(Object.keys(FOREIGN_ALLOWED)).toHaveLength(3);
    const open = operations.filter((operation) => scopeOf(operation) === "open");
    const declared = open.filter((operation) => !(label(operation) in OPEN_READS));
    for (const operation of declared)
      expect(["fan", "public"], label(operation)).toContain(operation.audience);
    expect(
      open
        .map(label)
        .filter((entry) => entry in OPEN_READS)
        .sort(),
    ).toEqual(Object.keys(OPEN_READS).sort());
    const served = operations.map(label);
    for (const entry of Object.keys(FOREIGN_ALLOWED)) expect(served, entry).toContain(entry);
  });
});
