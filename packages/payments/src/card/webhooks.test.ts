import { cardPaymentIntents, withTenant } from "@tally/db";
import {
  buyer,
  checkout,
  expectError,
  getOrder,
  openShop,
  postWebhook,
  signedEvent,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("card webhooks", () => {
  it("rejects a missing or wrong signature with 400 invalid_signature", async () => {
    const body = JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded", data: { object: {} } });
    const missing = await h.request("POST", "/api/v1/webhooks/cardproc/payment-intent/succeeded", {
      rawBody: body,
      headers: { "content-type": "application/json" },
    });
    expectError(missing, 400, "invalid_signature");
    const signed = signedEvent(
      h,
      { id: "evt_y", type: "payment_intent.succeeded", object: { id: "pi_x" } },
      { secret: "whsec_wrong" },
    );
    expectError(await postWebhook(h, "payment-intent/succeeded", signed), 400, "invalid_signature");
    const stale = signedEvent(
      h,
      { id: "evt_z", type: "payment_intent.succeeded", object: { id: "pi_x" } },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expectError(await postWebhook(h, "payment-intent/succeeded", stale), 400, "invalid_signature");
    // Tampered body, valid signature of the original.
    const good = signedEvent(h, { id: "evt_t", type: "payment_intent.succeeded", object: { id: "pi_x" } });
    expectError(
      await postWebhook(h, "payment-intent/succeeded", {
        ...good,
        rawBody: good.rawBody.replace("pi_x", "pi_y"),
      }),
      400,
      "invalid_signature",
    );
  });

  it("acknowledges unknown intents and another endpoint's events without effect; dedupes event ids", async () => {
    const shop = await openShop(h);
    const { user, order } = await buyer(h, shop);
    const unknown = await postWebhook(
      h,
      "payment-intent/succeeded",
      signedEvent(h, {
        id: `evt_unknown_${order.id}`,
        type: "payment_intent.succeeded",
        object: { id: "pi_unknown", metadata: { organizationId: shop.tenant.organizationId } },
      }),
    );
    expect(unknown.status, unknown.text).toBe(200);
    expect(unknown.body).toMatchObject({ outcome: "ignored" });

    const started = await checkout(h, shop.tenant, user.id, order.id);
    const object = {
      id: started.body.paymentIntentId,
      amount: started.body.amount,
      currency: "usd",
      status: "succeeded",
      metadata: { organizationId: shop.tenant.organizationId, orderId: order.id },
    };
    const wrongType = await postWebhook(
      h,
      "payment-intent/processing",
      signedEvent(h, { id: `evt_wrong_${order.id}`, type: "payment_intent.succeeded", object }),
    );
    expect(wrongType.body).toMatchObject({ outcome: "ignored" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");

    const event = signedEvent(h, { id: `evt_dup_${order.id}`, type: "payment_intent.succeeded", object });
    const first = await postWebhook(h, "payment-intent/succeeded", event);
    expect(first.body).toMatchObject({ outcome: "paid", duplicate: false });
    const second = await postWebhook(h, "payment-intent/succeeded", event);
    expect(second.body).toMatchObject({ outcome: "duplicate", duplicate: true });
    const intentRows = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx
        .select()
        .from(cardPaymentIntents)
        .where(and(eq(cardPaymentIntents.orderId, order.id), eq(cardPaymentIntents.status, "succeeded"))),
    );
    expect(intentRows).toHaveLength(1);
  });

  it("a tenant named in metadata must own the intent", async () => {
    const shop = await openShop(h);
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    const other = await h.createTenant();
    const forged = await postWebhook(
      h,
      "payment-intent/succeeded",
      signedEvent(h, {
        id: `evt_forged_${order.id}`,
        type: "payment_intent.succeeded",
        object: { id: started.body.paymentIntentId, metadata: { organizationId: other.organizationId } },
      }),
    );
    expect(forged.body).toMatchObject({ outcome: "ignored" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
  });
});
