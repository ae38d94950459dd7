import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ApiProcess,
  expectError,
  fieldsOf,
  startApiProcess,
  type TestResponse,
  testDatabaseUrl,
  useHarness,
} from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, tenantChecksums } from "./checksum.ts";
import { printFigures } from "./figures.ts";
import { openFilesLimit, openIdleConnections, slowHeaderClient } from "./limits-sockets.ts";
import { type LimitsWorld, seedLimitsWorld } from "./limits-world.ts";
import { label, type Operation, servedOperations, urlFor } from "./operations.ts";

/**
 * The limits every operation of the served document holds, generated from it: a body over 1 MiB is
 * 413 (and changes nothing), `limit`/`page`/`offset` outside the documented range is 422 naming the
 * parameter; and a real API process keeps answering while a client trickles its headers and 1,000
 * connections sit idle, cutting both off at `HTTP_HEADERS_TIMEOUT_MS`.
 */

// No embedded worker: a job of the world's setup (a welcome e-mail) writing later would read as a
// refused request's write in the tenant checksums.
const h = useHarness({ env: { RUN_WORKER: "off" } });
const figures: Record<string, string | number> = {};
let world: LimitsWorld;
let operations: Operation[];
beforeAll(async () => {
  world = await seedLimitsWorld(h);
  operations = await servedOperations(h);
}, 120_000);
afterAll(() => printFigures("limits", figures));

const BODY_LIMIT = 1024 * 1024;
/** A JSON object of exactly `bytes` bytes. */
const bodyOf = (bytes: number): string => `{"pad":"${"x".repeat(bytes - 10)}"}`;

const urlOf = (operation: Operation, query = ""): string =>
  urlFor(operation.path, world.idsFor(operation), () => "unknown0id") + query;

const send = (operation: Operation, rawBody: string, headers: Record<string, string> = {}) =>
  h.request(operation.method, urlOf(operation), {
    key: world.keyFor(operation),
    userId: world.userId,
    rawBody,
    headers: { "content-type": "application/json", ...headers },
  });

describe("bodies over the limit", () => {
  it("answer 413 in the error shape on every operation that can carry one, and change nothing", async () => {
    // Every method that carries a body, documented or not: a client can send one to any of them.
    const targets = operations.filter((operation) => operation.method !== "GET");
    expect(targets.length).toBeGreaterThan(40);
    const before = await tenantChecksums(h.database, [world.tenant.organizationId]);
    const over = bodyOf(BODY_LIMIT + 1);
    for (const operation of targets) {
      // Declared up front (refused before a byte is read), and streamed without a length.
      const declared: Record<string, string> = { "content-length": String(over.length) };
      for (const headers of [declared, {}]) {
        const response = await send(operation, over, headers);
        expect(response.status, `${label(operation)}: ${response.text.slice(0, 200)}`).toBe(413);
        expectError(response, 413, "payload_too_large");
        // The unread rest makes the connection unusable: a keep-alive client must be told.
        expect(response.headers.get("connection"), label(operation)).toBe("close");
      }
    }
    expect(changedTables(before, await tenantChecksums(h.database, [world.tenant.organizationId]))).toEqual(
      [],
    );
    // At the limit exactly, a body is read (and then judged on its content): the limit is 1 MiB, not less.
    const documented = targets.filter((operation) => operation.body);
    for (const operation of documented) {
      const response = await send(operation, bodyOf(BODY_LIMIT));
      expect(response.status, `${label(operation)} at the limit: ${response.text.slice(0, 200)}`).not.toBe(
        413,
      );
      expect(response.status, label(operation)).toBeLessThan(500);
    }
    figures.bodyOperations = targets.length;
    figures.bodyOperationsDocumentingOne = documented.length;
  }, 300_000);
});

/** Values outside each documented range (spec, Limits: `limit` 1-100, `page` from 1, `offset` from 0). */
const REFUSED: Record<string, string[]> = {
  limit: ["101", "0", "-1", "1.5", "abc", "1e3"],
  page: ["0", "-1", "1.5", "abc"],
  offset: ["-1", "1.5", "abc"],
};
const IN_RANGE: Record<string, string> = { limit: "100", page: "1", offset: "0" };
const DOCUMENTED: Record<string, Record<string, number>> = {
  limit: { minimum: 1, maximum: 100 },
  page: { minimum: 1 },
  offset: { minimum: 0 },
};

describe("pagination parameters", () => {
  it("outside the documented range answer 422 naming the parameter, in range X-Total-Count, on every operation documenting them", async () => {
    const paged = operations.filter((operation) =>
      operation.parameters.some((parameter) => parameter.in === "query" && parameter.name in REFUSED),
    );
    expect(paged.length).toBeGreaterThan(10);
    let cases = 0;
    const missingTotal: string[] = [];
    for (const operation of paged) {
      const names = operation.parameters
        .filter((parameter) => parameter.in === "query" && parameter.name in REFUSED)
        .map((parameter) => {
          expect(parameter.schema, `${label(operation)} documents ${parameter.name}`).toMatchObject({
            type: "integer",
            ...DOCUMENTED[parameter.name],
          });
          return parameter.name;
        });
      const get = (query: string) =>
        h.request(operation.method, urlOf(operation, query), {
          key: world.keyFor(operation),
          userId: world.userId,
        });
      // In range, the same call succeeds: a refusal below is the parameter's, not the path's or the key's.
      const fine = await get(`?${names.map((name) => `${name}=${IN_RANGE[name]}`).join("&")}`);
      expect(fine.status, `${label(operation)} in range: ${fine.text.slice(0, 200)}`).toBe(200);
      // A list paged by `offset` or `page` says how long the whole list is (the shared `answerPage`); a bare
      // `limit` caps a top-N answer, which has no pages.
      const pageable = names.includes("offset") || names.includes("page");
      if (pageable && !/^\d+$/.test(fine.headers.get("x-total-count") ?? ""))
        missingTotal.push(label(operation));
      for (const name of names) {
        for (const value of REFUSED[name]!) {
          const response: TestResponse = await get(`?${name}=${encodeURIComponent(value)}`);
          expect(
            response.status,
            `${label(operation)} ${name}=${value}: ${response.text.slice(0, 200)}`,
          ).toBe(422);
          expectError(response, 422, "validation_failed");
          expect(fieldsOf(response), `${label(operation)} ${name}=${value}`).toEqual([name]);
          cases += 1;
        }
      }
    }
    expect(missingTotal, "paginated operations without X-Total-Count").toEqual([]);
    figures.paginatedOperations = paged.length;
    figures.paginationCases = cases;
  }, 300_000);
});

/**
 * Over real sockets, against `pnpm start`'s process on the suite's PostgreSQL or its own PGlite: the
 * slow client, the idle connections and the probe share one event loop there, as in production.
 */
describe("a server process", () => {
  let dataDir: string | undefined;
  const operatorKey = `svc_test_${randomUUID().replaceAll("-", "")}`;
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    const database = testDatabaseUrl();
    // Made here, not when the file is collected: a filtered run that skips this block leaves no directory.
    if (!database) dataDir = mkdtempSync(join(tmpdir(), "tally-limits-"));
    api = await startApiProcess({
      ...(database ? { DATABASE_URL: database } : { DATABASE_URL: undefined, DATA_DIR: dataDir }),
      TEST_DATABASE_URL: undefined,
      DEPLOYMENT_ENV: "test",
      SEED_DEMO: "false",
      BOOTSTRAP_OPERATOR_KEY: operatorKey,
      RUN_WORKER: "off",
      LOG_LEVEL: "silent",
      // The shipped defaults are what is gated.
      HTTP_HEADERS_TIMEOUT_MS: undefined,
      HTTP_REQUEST_TIMEOUT_MS: undefined,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: undefined,
    });
  }, 180_000);
  afterAll(async () => {
    await api?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A normal authenticated call (key lookup, rate limit, a database read): its latency in ms. */
  const probe = async (): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${api!.base}/api/v1/admin/dead-letters?limit=1`, {
      headers: { authorization: `Bearer ${operatorKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return performance.now() - started;
  };
  const sample = async (count: number, gapMs: number): Promise<number[]> => {
    const waits: number[] = [];
    for (let index = 0; index < count; index += 1) {
      waits.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    return waits.sort((a, b) => a - b);
  };
  const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
  /** Past the headers timeout: Node's once-a-second sweep, and scheduling on a busy machine. */
  const CUT_SLACK_MS = 5_000;

  it("answers 413 over the wire, for a declared length and a chunked body", async () => {
    const over = bodyOf(BODY_LIMIT + 1);
    const declared = await fetch(`${api!.base}/api/v1/user`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" },
      body: over,
    });
    const chunked = await fetch(`${api!.base}/api/v1/user`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" },
      body: new Blob([over]).stream(),
      duplex: "half",
    } as RequestInit);
    for (const response of [declared, chunked])
      expectError({ status: response.status, body: await response.json() }, 413, "payload_too_large");
    // The next calls go through the same client's connection pool: none is sent on a closing socket.
    await sample(3, 0);
  });

  it("keeps answering while a client trickles headers for 60 s and 1,000 connections sit idle, and cuts both off", async () => {
    const headersTimeout = h.config.HTTP_HEADERS_TIMEOUT_MS;
    // A client that needs more than the headers timeout to send its headers is cut off, and well
    // before the 60 s it would go on for (Node's default timeout is 60 s, swept every 30 s).
    expect(headersTimeout).toBeLessThanOrEqual(30_000);
    const limits = { test: await openFilesLimit("self"), server: await openFilesLimit(api!.child.pid!) };
    // 1,000 sockets here and there, plus what each process needs besides (database, chain, files).
    for (const [where, limit] of Object.entries(limits))
      expect(limit ?? Number.POSITIVE_INFINITY, `open files limit of the ${where} process`).toBeGreaterThan(
        1_200,
      );
    await sample(5, 0); // a process just started compiles its code on the first calls
    const baseline = await sample(10, 20);

    const slow = slowHeaderClient(api!.base, { everyMs: 1_000, forMs: 60_000 });
    const idle = await openIdleConnections(api!.base, 1_000);
    try {
      const underLoad = await sample(20, 100);
      // Every idle connection was still open while the probes were answered.
      const held = idle.open();
      expect(held).toBe(1_000);
      expect(underLoad.at(-1)!, `probe latencies under load: ${underLoad.map(Math.round)} ms`).toBeLessThan(
        2_000,
      );

      const slowClosing = await slow;
      expect(slowClosing, "the server let a client trickle headers for 60 s").toBeDefined();
      expect(slowClosing!.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slowClosing!.afterMs).toBeGreaterThanOrEqual(headersTimeout - 100);
      expect(slowClosing!.afterMs).toBeLessThan(headersTimeout + CUT_SLACK_MS);

      const idleClosings = await idle.closings;
      const idleCut = Math.max(...idleClosings.map((closing) => closing.afterMs));
      for (const closing of idleClosings) expect(closing.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(idleCut).toBeLessThan(headersTimeout + CUT_SLACK_MS);
      // And the server is as it was.
      const after = await sample(5, 20);

      Object.assign(figures, {
        idleConnectionsHeld: held,
        latencyBaselineMedianMs: Math.round(median(baseline)),
        latencyUnderLoadMedianMs: Math.round(median(underLoad)),
        latencyUnderLoadMaxMs: Math.round(underLoad.at(-1)!),
        latencyAfterMedianMs: Math.round(median(after)),
        slowClientCutAfterS: (slowClosing!.afterMs / 1000).toFixed(1),
        idleConnectionsCutAfterS: (idleCut / 1000).toFixed(1),
        headersTimeoutS: headersTimeout / 1000,
        openFilesLimitServer: limits.server ?? "unknown",
      });
    } finally {
      idle.destroy();
    }
  }, 180_000);
});
