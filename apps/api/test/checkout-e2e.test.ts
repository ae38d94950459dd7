import { ManualClock } from "@tally/core";
import { signEventRequest } from "@tally/events";
import { api, eventually, type HelperResult, type Order, type Tenant, useHarness } from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The whole money path over HTTP only: user, creator, product, publish, order, points grant,
 * checkout with points, sandbox-confirmed payment delivered as a signed webhook, PAID, points
 * finalized and purchase points earned, payout PENDING, clock past the hold, sweep, TRANSFERRED.
 * Then the same for a failed payment (points back) and a guest order.
 */
const clock = new ManualClock(new Date("2032-03-01T10:00:00.000Z"));
const DAY = 24 * 60 * 60 * 1000;

let tenant: Tenant;
const h = useHarness({ clock });
beforeAll(async () => {
  // The harness starts no cron workers; the sweep is driven over HTTP (/webhooks/cron), so consume it here.
  await h.runtime.deps.events.schedule();
  tenant = await h.createTenant({ tier: "pro" });
});
afterAll(async () => {
  await h?.runtime.deps.events.unschedule();
});

const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, key?: string) =>
  api<T>(h, method, path, { key: key ?? tenant.adminKey, ...(body === undefined ? {} : { body }) });

const ok = <T>(response: { status: number; text: string; body: T }, status = 200): T => {
  expect(response.status, response.text).toBe(status);
  return response.body;
};

let sequence = 0;
const unique = (prefix: string) => {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
};

const newUser = async () =>
  ok(
    await call<{ id: string }>("POST", "/user", {
      email: `${unique("buyer")}@example.com`,
      walletProviderId: `did:privy:${unique("w")}`,
    }),
    201,
  );

const balanceOf = async (userId: string) =>
  ok(await call<{ balance: number }>("GET", `/user/${userId}/points`)).balance;

const runSweep = async () => {
  const raw = JSON.stringify({ tick: unique("sweep-") });
  const response = await h.request("POST", "/api/v1/webhooks/cron/payouts-sweep", {
    rawBody: raw,
    headers: {
      "content-type": "application/json",
      ...signEventRequest("test-events-signing-key-0123456789", raw, clock.now()),
    },
  });
  expect(response.status, response.text).toBe(202);
};

describe("end to end (HTTP only)", () => {
  let creatorId: string;
  let productId: string;

  it("sets up a creator with a published, point-eligible product", async () => {
    const owner = await newUser();
    creatorId = ok(
      await call<{ id: string }>("POST", `/user/${owner.id}/creator`, {
        displayName: unique("Shop "),
        slug: unique("shop-"),
        categoryIds: [],
      }),
      201,
    ).id;
    ok(await call("PATCH", `/creator/id/${creatorId}`, { pointsPerDollar: 3 }));
    productId = ok(
      await call<{ id: string }>("POST", `/creator/id/${creatorId}/product`, {
        name: "Poster",
        slug: unique("poster-"),
        price: 4000,
        pointEligible: true,
        stock: 10,
      }),
      201,
    ).id;
    ok(await call("POST", `/creator/id/${creatorId}/product/${productId}/publish`));
  });

  it("card payment with points -> PAID, points finalized + earned, payout PENDING -> TRANSFERRED after the hold", async () => {
    const user = await newUser();
    const order = ok(await call<Order>("POST", `/user/${user.id}/order`, { productId, quantity: 1 }), 201);
    ok(await call("POST", `/user/${user.id}/points`, { amount: 500, creatorId }), 201);
    const started = ok(
      await call<{ paymentIntentId: string; clientSecret: string; amount: number; status: string }>(
        "POST",
        `/user/${user.id}/order/${order.id}/checkout`,
        { points: 500 },
      ),
    );
    expect(started.amount).toBe(3500);
    expect(await balanceOf(user.id)).toBe(0);

    const paid = ok(
      await call<HelperResult>(
        "POST",
        `/test-helpers/cardproc/payment-intents/${started.paymentIntentId}/succeed`,
      ),
    );
    expect(paid.delivery.status).toBe(200);
    expect(paid.delivery.response).toMatchObject({ outcome: "paid" });
    const after = ok(await call<Order>("GET", `/user/${user.id}/order/${order.id}`));
    expect(after.status).toBe("PAID");
    expect(after.payment).toMatchObject({ method: "CARD", amountPaid: 3500 });

    // Points: the reservation is final (not reverted by a revert call) and purchase points arrive (3 x $40).
    const revert = await call("POST", `/user/${user.id}/order/${order.id}/points/revert`);
    expect([200, 409]).toContain(revert.status);
    const earned = await eventually(async () => {
      const balance = await balanceOf(user.id);
      return balance > 0 ? balance : undefined;
    }, 20_000);
    expect(earned).toBe(120);

    // Payout PENDING for 3500 - 5 % fee.
    const payouts = ok(
      await call<{ orderId: string; status: string; amount: number }[]>(
        "GET",
        `/creator/id/${creatorId}/payouts`,
      ),
    );
    const payout = payouts.find((row) => row.orderId === order.id);
    expect(payout).toMatchObject({ status: "PENDING", amount: 3325 });

    // The creator onboards (sandbox account link completes it; account.updated arrives signed).
    const onboarding = ok(
      await call<{ url: string; accountId: string }>("POST", `/creator/id/${creatorId}/cardproc/account`, {}),
    );
    const link = new URL(onboarding.url);
    const completed = ok(await call<HelperResult>("POST", link.pathname.replace(/^\/api\/v1/, "")));
    expect(completed.delivery).toMatchObject({ type: "account.updated", status: 200 });

    // Before the hold ends the sweep leaves it alone; after it, the payout is transferred.
    await runSweep();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      ok(await call<{ orderId: string; status: string }[]>("GET", `/creator/id/${creatorId}/payouts`)).find(
        (row) => row.orderId === order.id,
      )?.status,
    ).toBe("PENDING");
    clock.advance(8 * DAY);
    await runSweep();
    const transferred = await eventually(async () => {
      const rows = ok(
        await call<{ orderId: string; status: string; transferId: string | null }[]>(
          "GET",
          `/creator/id/${creatorId}/payouts`,
        ),
      );
      const row = rows.find((r) => r.orderId === order.id);
      return row?.status === "TRANSFERRED" ? row : undefined;
    }, 20_000);
    expect(transferred.transferId).toMatch(/^tr_/);
  });

  it("failed card payment -> PAYMENT_FAILED and the points come back", async () => {
    const user = await newUser();
    const order = ok(await call<Order>("POST", `/user/${user.id}/order`, { productId }), 201);
    ok(await call("POST", `/user/${user.id}/points`, { amount: 200, creatorId }), 201);
    const started = ok(
      await call<{ paymentIntentId: string; amount: number }>(
        "POST",
        `/user/${user.id}/order/${order.id}/checkout`,
        {
          points: 200,
        },
      ),
    );
    expect(started.amount).toBe(3800);
    expect(await balanceOf(user.id)).toBe(0);
    const failed = ok(
      await call<HelperResult>(
        "POST",
        `/test-helpers/cardproc/payment-intents/${started.paymentIntentId}/fail`,
      ),
    );
    expect(failed.delivery).toMatchObject({ type: "payment_intent.payment_failed", status: 200 });
    expect(ok(await call<Order>("GET", `/user/${user.id}/order/${order.id}`)).status).toBe("PAYMENT_FAILED");
    expect(await balanceOf(user.id)).toBe(200);
  });

  it("guest order: card payment without an API key -> PAID", async () => {
    const order = ok(
      await api<Order>(h, "POST", "/guest/order", { body: { productId, email: "guest@example.com" } }),
      201,
    );
    const started = ok(
      await api<{ paymentIntentId: string; amount: number }>(h, "POST", `/guest/order/${order.id}/checkout`),
    );
    expect(started.amount).toBe(4000);
    const paid = ok(
      await api<HelperResult>(
        h,
        "POST",
        `/test-helpers/cardproc/payment-intents/${started.paymentIntentId}/succeed`,
      ),
    );
    expect(paid.delivery.response).toMatchObject({ outcome: "paid", orderId: order.id });
    const creatorOrders = ok(
      await call<{ id: string; status: string }[] | { data: { id: string; status: string }[] }>(
        "GET",
        `/creator/id/${creatorId}/orders`,
      ),
    );
    const list = Array.isArray(creatorOrders) ? creatorOrders : creatorOrders.data;
    expect(list.find((row) => row.id === order.id)?.status).toBe("PAID");
  });
});

/** The README's "A first sale" curls, call for call: keep the two in step. */
describe("a first sale, as the README walks through it", () => {
  it("user -> creator -> product -> publish -> order -> checkout -> sandbox succeed -> PAID", async () => {
    const owner = ok(
      await call<{ id: string }>("POST", "/user", {
        email: `${unique("maker")}@example.com`,
        walletProviderId: `did:example:${unique("maker")}`,
      }),
      201,
    );
    const creator = ok(
      await call<{ id: string }>("POST", `/user/${owner.id}/creator`, {
        displayName: "Maker Shop",
        slug: unique("maker-shop-"),
      }),
      201,
    );
    const product = ok(
      await call<{ id: string; status: string }>("POST", `/creator/id/${creator.id}/product`, {
        name: "Poster",
        slug: "poster",
        description: "A2 print",
        price: 2500,
        stock: 10,
      }),
      201,
    );
    expect(product.status).toBe("DRAFT");
    const buyer = ok(
      await call<{ id: string }>("POST", "/user", {
        email: `${unique("fan")}@example.com`,
        walletProviderId: `did:example:${unique("fan")}`,
      }),
      201,
    );
    const early = await call<{ error: string }>("POST", `/user/${buyer.id}/order`, { productId: product.id });
    expect(early.status, early.text).toBe(404);
    expect(early.body.error).toMatch(/^Product is not published/);

    const published = ok(
      await call<{ status: string }>("POST", `/creator/id/${creator.id}/product/${product.id}/publish`),
    );
    expect(published.status).toBe("PUBLISHED");
    const order = ok(
      await call<Order>("POST", `/user/${buyer.id}/order`, { productId: product.id, quantity: 1 }),
      201,
    );
    expect(order).toMatchObject({ status: "OPEN", amounts: { total: 2500 } });
    const checkout = ok(
      await call<{ paymentIntentId: string; amount: number; orderStatus: string }>(
        "POST",
        `/user/${buyer.id}/order/${order.id}/checkout`,
      ),
    );
    expect(checkout).toMatchObject({ amount: 2500, orderStatus: "PAYMENT_PENDING" });
    const succeeded = ok(
      await call<HelperResult>(
        "POST",
        `/test-helpers/cardproc/payment-intents/${checkout.paymentIntentId}/succeed`,
      ),
    );
    expect(succeeded.delivery.response).toMatchObject({ outcome: "paid", orderId: order.id });
    const paid = ok(await call<Order>("GET", `/user/${buyer.id}/order/${order.id}`));
    expect(paid).toMatchObject({ status: "PAID", payment: { method: "CARD", amountPaid: 2500 } });
  });
});
