import { cardPaymentIntents } from "@tally/db";
import { FacilitatorUnavailableError, type X402FacilitatorPort } from "@tally/providers";
import { api, expectError, holdsOf, orderRow, stockOf, useHarness } from "@tally/testing";
import { type Receipt, x402Fixtures } from "@tally/testing/x402";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

/**
 * An x402 attempt the facilitator does not verify changes nothing: not the order's status, not its
 * holds, and never the buyer's live card payment. Only a verified payment switches the order to x402.
 */

const h = useHarness();
const { openSale, pay, payerOf, paymentRows, expectChargedOnce } = x402Fixtures(h, 47);

const intentsOf = (orderId: string) =>
  h.database.db
    .select({ id: cardPaymentIntents.processorIntentId, status: cardPaymentIntents.status })
    .from(cardPaymentIntents)
    .where(eq(cardPaymentIntents.orderId, orderId));

describe("POST /x402/orders/{id}/pay before the payment is verified", () => {
  it("an unfunded payer while a card payment is live: 409 payment_in_progress, the card intent and the order untouched; a funded payer then switches", async () => {
    const sale = await openSale({ price: 2500, stock: 3 });
    const { shop, order, variantId, client } = sale;
    const card = await api<{ paymentIntentId: string }>(
      h,
      "POST",
      `/user/${sale.buyerId}/order/${order.id}/checkout`,
      { key: shop.tenant.adminKey, body: {} },
    );
    expect(card.status, card.text).toBe(200);
    const intentId = card.body.paymentIntentId;
    const before = await orderRow(h, order.id);
    expect(before.status).toBe("PAYMENT_PENDING");
    const holds = await holdsOf(h, order.id);
    const stock = await stockOf(h, variantId);

    const unfunded = await payerOf(sale, 0n);
    const refused = await pay(order.id, { client, header: unfunded.header });
    expectError(refused, 409, "payment_in_progress");
    expect((refused.body as unknown as { context: unknown }).context).toEqual({
      method: "CARD",
      reason: "insufficient_funds",
    });
    expect(await intentsOf(order.id)).toEqual([{ id: intentId, status: "requires_payment_method" }]);
    const atProcessor = await h.runtime.deps.providers.cardProcessor.retrievePaymentIntent(intentId);
    expect(atProcessor?.status).toBe("requires_payment_method");
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_PENDING");
    expect(await holdsOf(h, order.id)).toEqual(holds);
    expect(await stockOf(h, variantId)).toBe(stock);
    expect(await paymentRows(order.id)).toEqual([]);

    const funded = await payerOf(sale);
    const paid = await pay<Receipt>(order.id, { client, header: funded.header });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.order).toMatchObject({ status: "PAID", payment: { method: "X402", amountPaid: 2500 } });
    expect(await intentsOf(order.id)).toEqual([{ id: intentId, status: "canceled" }]);
    await expectChargedOnce(sale, funded);
  });

  it("an unfunded payer without a card payment: 402 with the reason, the order still OPEN and nothing recorded", async () => {
    const sale = await openSale({ price: 1200, stock: 2 });
    const { order, variantId, client } = sale;
    const unfunded = await payerOf(sale, 0n);
    const refused = await pay(order.id, { client, header: unfunded.header });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.context).toEqual({ reason: "insufficient_funds" });
    expect((await orderRow(h, order.id)).status).toBe("OPEN");
    expect(await paymentRows(order.id)).toEqual([]);
    expect(await holdsOf(h, order.id)).toEqual([]);
    expect(await stockOf(h, variantId)).toBe(2);
  });

  it("a facilitator that cannot be reached to verify: 503 without a card payment, 409 with one; nothing recorded", async () => {
    const sale = await openSale({ price: 1500, stock: 2 });
    const { shop, order, client } = sale;
    const payer = await payerOf(sale);
    const providers = h.runtime.deps.providers as { x402Facilitator: X402FacilitatorPort };
    const real = providers.x402Facilitator;
    providers.x402Facilitator = {
      adapter: real.adapter,
      verify: async () => {
        throw new FacilitatorUnavailableError("facilitator down (test)");
      },
      settle: (payload, requirements) => real.settle(payload, requirements),
    };
    try {
      expectError(await pay(order.id, { client, header: payer.header }), 503, "service_unavailable");
      expect((await orderRow(h, order.id)).status).toBe("OPEN");
      const card = await api(h, "POST", `/user/${sale.buyerId}/order/${order.id}/checkout`, {
        key: shop.tenant.adminKey,
        body: {},
      });
      expect(card.status, card.text).toBe(200);
      const busy = await pay(order.id, { client, header: payer.header });
      expectError(busy, 409, "payment_in_progress");
      expect((busy.body as unknown as { context: unknown }).context).toEqual({
        method: "CARD",
        reason: "facilitator_unavailable",
      });
      expect(await paymentRows(order.id)).toEqual([]);
      expect(await intentsOf(order.id)).toEqual([
        expect.objectContaining({ status: "requires_payment_method" }),
      ]);
    } finally {
      providers.x402Facilitator = real;
    }
    const paid = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(paid.status, paid.text).toBe(200);
  });
});
