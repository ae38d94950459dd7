import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError, ManualClock } from "@tally/core";
import type { Database } from "@tally/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedMemoryDb, recordingLogger } from "../email/test-support.ts";
import { createProviders, describeProviders } from "../index.ts";
import { HttpCryptoCommerceAdapter } from "./http.ts";
import { LocalCryptoCommerceAdapter } from "./local.ts";

let database: Database;
beforeAll(async () => {
  database = await migratedMemoryDb();
});
afterAll(async () => {
  await database.close();
});

describe("LocalCryptoCommerceAdapter", () => {
  it("creates NEW charges that complete, and reads an unpaid one as EXPIRED after its deadline", async () => {
    const clock = new ManualClock(new Date("2030-01-01T00:00:00Z"));
    const adapter = new LocalCryptoCommerceAdapter({ db: database.db, logger: recordingLogger(), clock });
    const order = { organizationId: "org1", orderId: "order1" };
    const charge = await adapter.createCharge({ amount: 2500, order });
    expect(charge).toMatchObject({ amount: 2500, currency: "usd", status: "NEW", order });
    expect(charge.expiresAt.toISOString()).toBe("2030-01-01T01:00:00.000Z");
    expect(await adapter.getCharge(charge.id)).toEqual(charge);
    expect(await adapter.getCharge("unknown")).toBeUndefined();
    expect(await adapter.getCharge("not a valid/id")).toBeUndefined();

    const done = await adapter.completeCharge(charge.id);
    expect(done.status).toBe("COMPLETED");
    expect((await adapter.completeCharge(charge.id)).status).toBe("COMPLETED");

    const short = await adapter.createCharge({ amount: 100, order, expiresInSeconds: 10 });
    clock.advance(10_000);
    expect((await adapter.getCharge(short.id))?.status).toBe("EXPIRED");
    await expect(adapter.completeCharge(short.id)).rejects.toMatchObject({ code: "invalid_state" });
    await expect(adapter.completeCharge("unknown")).rejects.toMatchObject({ code: "not_found" });
    // A completed charge never expires.
    clock.advance(7_200_000);
    expect((await adapter.getCharge(charge.id))?.status).toBe("COMPLETED");
    await expect(adapter.createCharge({ amount: 0, order })).rejects.toThrow(RangeError);
  });
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
}

/** A Coinbase-Commerce-like charge API on loopback. */
const fakeProvider = async (
  answer: (id: string) => { status: number; body: unknown },
): Promise<{ server: Server; url: string; seen: Seen[] }> => {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    const id = decodeURIComponent((request.url ?? "").replace(/^\/v1\/charges\//, ""));
    const { status, body } = answer(id);
    response.writeHead(status, { "content-type": "application/json" });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/v1/`, seen };
};

const charge = (overrides: Record<string, unknown> = {}) => ({
  data: {
    id: "3c90c3cc-0d44-4b50-8888-8dd25736052a",
    code: "WZNDTFQK",
    pricing: { local: { amount: "25.00", currency: "USD" }, settlement: { amount: "25", currency: "USDC" } },
    timeline: [
      { status: "NEW", time: "2030-01-01T00:00:00Z" },
      { status: "PENDING", time: "2030-01-01T00:01:00Z" },
    ],
    expires_at: "2030-01-01T01:00:00Z",
    metadata: { organizationId: "org1", orderId: "order1" },
    ...overrides,
  },
  warnings: [],
});

describe("HttpCryptoCommerceAdapter", () => {
  it("reads a charge: local price in cents, status from the timeline, key and version headers", async () => {
    const provider = await fakeProvider((id) =>
      id === "WZNDTFQK"
        ? { status: 200, body: charge() }
        : { status: 404, body: { error: { type: "not_found" } } },
    );
    try {
      const adapter = new HttpCryptoCommerceAdapter({
        baseUrl: provider.url,
        apiKey: "cc-key",
        logger: recordingLogger(),
      });
      expect(await adapter.getCharge("WZNDTFQK")).toEqual({
        id: "3c90c3cc-0d44-4b50-8888-8dd25736052a",
        amount: 2500,
        currency: "usd",
        status: "PENDING",
        expiresAt: new Date("2030-01-01T01:00:00Z"),
        order: { organizationId: "org1", orderId: "order1" },
      });
      expect(provider.seen[0]).toMatchObject({ method: "GET", url: "/v1/charges/WZNDTFQK" });
      expect(provider.seen[0]?.headers["x-cc-api-key"]).toBe("cc-key");
      expect(provider.seen[0]?.headers["x-cc-version"]).toBe("2018-03-22");
      expect(await adapter.getCharge("missing")).toBeUndefined();
      // An id that cannot be a charge id is not sent at all.
      expect(await adapter.getCharge("../admin")).toBeUndefined();
      expect(provider.seen).toHaveLength(2);
    } finally {
      provider.server.close();
    }
  });

  it("maps the provider's statuses and legacy shapes onto NEW, PENDING, COMPLETED, EXPIRED", async () => {
    let body: unknown = charge();
    const provider = await fakeProvider(() => ({ status: 200, body }));
    try {
      const adapter = new HttpCryptoCommerceAdapter({ baseUrl: provider.url, apiKey: "k" });
      const cases: [Record<string, unknown>, string][] = [
        [{ timeline: [{ status: "NEW" }] }, "NEW"],
        [{ timeline: [{ status: "NEW" }, { status: "SIGNED" }] }, "PENDING"],
        [{ timeline: [{ status: "NEW" }, { status: "COMPLETED" }] }, "COMPLETED"],
        [{ timeline: [{ status: "UNRESOLVED" }, { status: "RESOLVED" }] }, "COMPLETED"],
        [{ timeline: [{ status: "NEW" }, { status: "EXPIRED" }] }, "EXPIRED"],
        [{ timeline: [{ status: "FAILED" }] }, "EXPIRED"],
        [{ timeline: [{ status: "UNRESOLVED" }] }, "PENDING"],
        [{ status: "CANCELED", timeline: [] }, "EXPIRED"],
        [{ timeline: [] }, "NEW"],
      ];
      for (const [overrides, status] of cases) {
        body = charge(overrides);
        expect((await adapter.getCharge("x"))?.status, JSON.stringify(overrides)).toBe(status);
      }
      body = charge({ pricing: undefined, local_price: { amount: "19.9", currency: "usd" } });
      expect(await adapter.getCharge("x")).toMatchObject({ amount: 1990, currency: "usd" });
      body = charge({ pricing: { local: { amount: "10.005", currency: "USD" } } });
      expect((await adapter.getCharge("x"))?.amount).toBe(1000.5);
      body = charge({ pricing: { local: { amount: "10.00", currency: "EUR" } } });
      expect((await adapter.getCharge("x"))?.currency).toBe("eur");
    } finally {
      provider.server.close();
    }
  });

  it("turns provider failures and unreadable answers into bad_gateway", async () => {
    let answer = { status: 500, body: {} as unknown };
    const provider = await fakeProvider(() => answer);
    try {
      const adapter = new HttpCryptoCommerceAdapter({
        baseUrl: provider.url,
        apiKey: "k",
        logger: recordingLogger(),
      });
      for (const next of [
        { status: 500, body: {} },
        { status: 401, body: { error: "bad key" } },
        { status: 429, body: {} },
        { status: 200, body: "not json" },
        { status: 200, body: { data: { id: "x" } } },
        { status: 200, body: charge({ expires_at: "soon" }) },
        { status: 200, body: charge({ pricing: {} }) },
      ]) {
        answer = next;
        const error = await adapter.getCharge("x").catch((caught: unknown) => caught);
        expect(error, JSON.stringify(next)).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("bad_gateway");
      }
    } finally {
      provider.server.close();
    }
    const closed = new HttpCryptoCommerceAdapter({ baseUrl: provider.url, apiKey: "k", timeoutMs: 500 });
    await expect(closed.getCharge("x")).rejects.toMatchObject({ code: "bad_gateway" });
  });

  it("is chosen by createProviders when a key is set; a live deployment refuses local charges", () => {
    const logger = recordingLogger();
    const base = { emailFrom: "x@example.com" };
    const local = createProviders({ config: base, db: database.db, logger });
    expect(describeProviders(local).cryptoCommerce).toBe("local");
    const real = createProviders({
      config: { ...base, cryptoCommerce: { apiKey: "k", apiUrl: "https://charges.example.com" } },
      db: database.db,
      logger,
    });
    expect(describeProviders(real).cryptoCommerce).toBe("http");
    expect(() =>
      createProviders({
        config: { ...base, cryptoCommerce: { refuseLocal: true } },
        db: database.db,
        logger,
      }),
    ).toThrow(/CRYPTO_COMMERCE_API_KEY/);
    expect(() => new HttpCryptoCommerceAdapter({ baseUrl: "ftp://x", apiKey: "k" })).toThrow();
  });
});
