import { cardPaymentIntents, orders } from "@tally/db";
import {
  api,
  buyPresale,
  createCreator,
  createPresale,
  enableUsdcPayments,
  expectError,
  pointsBalance,
  presaleBuyer,
  publishedReward,
  setRewardMode,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

/**
 * Which rails pay an order is one rule: a USDC-priced token presale's order takes the USDC rails only.
 * Card checkout, with points or without, is refused before it holds or charges anything.
 */

const h = useHarness();

const usdcPresaleOrder = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  await enableUsdcPayments(h, tenant);
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const presale = await createPresale(h, tenant, creator, reward.id, {
    priceCurrency: "USDC",
    pricePoints: undefined,
    priceAtomic: "2500000",
  });
  const { user } = await presaleBuyer(h, tenant, creator, 1000);
  const bought = await buyPresale(h, tenant, user.id, presale.id);
  expect(bought.status, bought.text).toBe(201);
  return { tenant, user, orderId: bought.body.orderId! };
};

describe("a USDC presale order and the card checkout", () => {
  it("is refused with points or by card: 409 payment_method_unavailable, no points spent, no intent, order as it was", async () => {
    const { tenant, user, orderId } = await usdcPresaleOrder();
    const path = `/user/${user.id}/order/${orderId}/checkout`;

    const withPoints = await api(h, "POST", path, { key: tenant.adminKey, body: { points: 250 } });
    expectError(withPoints, 409, "payment_method_unavailable");
    expect((withPoints.body as { context: unknown }).context).toEqual({
      method: "POINTS",
      accepted: ["X402", "EMBEDDED_WALLET", "CRYPTO_COMMERCE"],
    });
    const byCard = await api(h, "POST", path, { key: tenant.adminKey, body: {} });
    expectError(byCard, 409, "payment_method_unavailable");
    expect((byCard.body as { context: { method: string } }).context.method).toBe("CARD");

    expect(await pointsBalance(h, tenant, user.id)).toBe(1000);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "PAYMENT_PENDING", points: 0, paymentMethod: null });
    expect(
      await h.database.db.select().from(cardPaymentIntents).where(eq(cardPaymentIntents.orderId, orderId)),
    ).toEqual([]);
  });
});
