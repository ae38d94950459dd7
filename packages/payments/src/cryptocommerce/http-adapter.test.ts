import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cryptoCommercePayments, orders } from "@tally/db";
import { createCreator, createUser, expectError, type Tenant, useHarness } from "@tally/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollCryptoCommercePayments } from "./service.ts";

/** A Coinbase-Commerce-like charge API on loopback: the real (http) adapter talks to it. */
interface FakeCharge {
  amount: string;
  currency: string;
  timeline: string[];
  expiresAt: string;
  /** The order the integrator's client created the charge for. */
  metadata?: { organizationId: string; orderId: string };
}
const charges = new Map<string, FakeCharge>();
const seenKeys: (string | undefined)[] = [];
/** Listening before the harness starts: its environment names the fake provider's port. */
const server: Server = createServer((request, response) => {
  seenKeys.push(request.headers["x-cc-api-key"] as string | undefined);
  const id = decodeURIComponent((request.url ?? "").replace(/^\/charges\//, ""));
  const charge = charges.get(id);
  response.setHeader("content-type", "application/json");
  if (!charge) {
    response.writeHead(404).end(JSON.stringify({ error: { type: "not_found", message: "Not found" } }));
    return;
  }
  response.writeHead(200).end(
    JSON.stringify({
      data: {
        id,
        code: id.slice(0, 8).toUpperCase(),
        pricing: { local: { amount: charge.amount, currency: charge.currency } },
        timeline: charge.timeline.map((status) => ({ status, time: new Date().toISOString() })),
        expires_at: charge.expiresAt,
        metadata: charge.metadata ?? {},
      },
      warnings: [],
    }),
  );
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => {
  server.close();
});

const h = useHarness({
  env: { CRYPTO_COMMERCE_API_URL: `http://127.0.0.1:${port}`, CRYPTO_COMMERCE_API_KEY: "cc-test-key" },
});
let tenant: Tenant;

beforeAll(async () => {
  tenant = await h.createTenant({ tier: "pro" });
});

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const customer = { email: "payer@example.com" };

describe("crypto-commerce through the real (http) adapter", () => {
  it("verifies and pays through the provider; the poll completes the payment once the provider confirms", async () => {
    expect(h.runtime.deps.providers.cryptoCommerce.adapter).toBe("http");
    const creator = await createCreator(h, tenant);
    const product = await h.request<{ id: string }>("POST", `/api/v1/creator/id/${creator.id}/product`, {
      key: tenant.adminKey,
      body: { name: "Zine", slug: "zine", price: 1500, stock: 2 },
    });
    expect(product.status, product.text).toBe(201);
    await h.request("POST", `/api/v1/creator/id/${creator.id}/product/${product.body.id}/publish`, {
      key: tenant.adminKey,
    });
    const user = await createUser(h, tenant);
    const order = await h.request<{ id: string }>("POST", `/api/v1/user/${user.id}/order`, {
      key: tenant.adminKey,
      body: { productId: product.body.id },
    });
    expect(order.status, order.text).toBe(201);
    const path = `/api/v1/user/${user.id}/order/${order.body.id}/checkout/cryptocommerce`;
    const metadata = { organizationId: tenant.organizationId, orderId: order.body.id };

    charges.set("unbound-charge", {
      amount: "15.00",
      currency: "USD",
      timeline: ["COMPLETED"],
      expiresAt: inAnHour(),
    });
    const unbound = await h.request("PATCH", path, {
      key: tenant.adminKey,
      body: { callsId: "unbound-charge", amount: "15.00", customer },
    });
    expectError(unbound, 422, "payment_verification_failed");
    expect(unbound.body).toMatchObject({ context: { reason: "charge_order_mismatch" } });

    charges.set("eur-charge", {
      amount: "15.00",
      currency: "EUR",
      timeline: ["NEW"],
      expiresAt: inAnHour(),
      metadata,
    });
    const wrongCurrency = await h.request("PATCH", path, {
      key: tenant.adminKey,
      body: { callsId: "eur-charge", amount: "15.00", customer },
    });
    expectError(wrongCurrency, 422, "payment_verification_failed");
    expect(wrongCurrency.body).toMatchObject({ context: { reason: "currency_mismatch" } });

    charges.set("failed-charge", {
      amount: "15.00",
      currency: "USD",
      timeline: ["NEW", "FAILED"],
      expiresAt: inAnHour(),
      metadata,
    });
    const failed = await h.request("PATCH", path, {
      key: tenant.adminKey,
      body: { callsId: "failed-charge", amount: "15.00", customer },
    });
    expect(failed.body).toMatchObject({ context: { reason: "charge_expired" } });

    charges.set("good-charge", {
      amount: "15.00",
      currency: "USD",
      timeline: ["NEW", "SIGNED"],
      expiresAt: inAnHour(),
      metadata,
    });
    const paid = await h.request<{ status: string; cryptoCommercePayment: { status: string } }>(
      "PATCH",
      path,
      {
        key: tenant.adminKey,
        body: { callsId: "good-charge", amount: "15.00", customer },
      },
    );
    expect(paid.status, paid.text).toBe(200);
    // SIGNED at the provider is not paid yet: the order waits for the confirmation.
    expect(paid.body).toMatchObject({
      status: "PAYMENT_PENDING",
      cryptoCommercePayment: { status: "PENDING" },
    });
    expect(seenKeys.every((key) => key === "cc-test-key")).toBe(true);

    const payment = () =>
      h.database.db
        .select()
        .from(cryptoCommercePayments)
        .where(eq(cryptoCommercePayments.orderId, order.body.id));
    await pollCryptoCommercePayments(h.runtime.deps);
    expect((await payment())[0]?.status).toBe("PENDING");
    charges.get("good-charge")!.timeline.push("PENDING", "COMPLETED");
    await pollCryptoCommercePayments(h.runtime.deps);
    expect((await payment())[0]).toMatchObject({ status: "COMPLETED", completedAt: expect.any(Date) });
    const [paidOrder] = await h.database.db.select().from(orders).where(eq(orders.id, order.body.id));
    expect(paidOrder).toMatchObject({ status: "PAID", paymentMethod: "CRYPTO_COMMERCE", amountPaid: 1500 });
  });

  it("mounts no test helpers and documents none when the adapter is real", async () => {
    const response = await h.request("POST", "/api/v1/test-helpers/cryptocommerce/charges", {
      key: tenant.memberKey,
      body: { amount: 100 },
    });
    expectError(response, 404, "route_not_found");
    const doc = h.runtime.openApiDocument as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/test-helpers/cryptocommerce"))).toEqual(
      [],
    );
  });
});
