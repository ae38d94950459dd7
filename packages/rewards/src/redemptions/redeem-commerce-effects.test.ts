import { nftRewards, users } from "@tally/db";
import {
  type ApiSchema,
  api,
  asOwner,
  balancesOf,
  checkout,
  createCreator,
  createOrder,
  createUser,
  eventually,
  expectError,
  fieldsOf,
  grantPoints,
  helper,
  type Order,
  publishedProduct,
  redeemableProgramme,
  redeemToken,
  redemptionStatusOf,
  shippingAddress,
  type Tenant,
  tokenHeldByNewUser,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant({ tier: "growth" });
});

interface Redeemed<Details> {
  status: string;
  redemptionId: string;
  rewardType: string;
  rewardDetails: Details;
}

describe("redemption effects that reach commerce and the creator's webhook", () => {
  it("FREE_PRODUCT: a zero-cost PAID order the user reads over the order routes; out of stock refuses the next", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 3000, stock: 1 });
    const reward = await redeemableProgramme(h, tenant, creator, {
      type: "FREE_PRODUCT",
      details: { genericRewardDetails: { productId: product.id } },
    });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);

    const redeemed = await redeemToken<Redeemed<{ productId: string; orderId: string }>>(
      h,
      tenant,
      token.user.id,
      token.path,
      { shippingAddress },
    );
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body).toMatchObject({
      status: "REDEEMED",
      rewardType: "FREE_PRODUCT",
      rewardDetails: { productId: product.id, orderId: expect.any(String) },
    });
    const { orderId } = redeemed.body.rewardDetails;
    const order = await api<Order>(h, "GET", `/user/${token.user.id}/order/${orderId}`, {
      key: tenant.memberKey,
    });
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({
      status: "PAID",
      creatorId: creator.id,
      shippingAddress,
      items: [{ productId: product.id, quantity: 1, price: 0 }],
      amounts: { total: 0 },
      payment: { method: "REWARD", amountPaid: 0 },
    });
    const status = await redemptionStatusOf(h, tenant, token.user.id, token.path);
    expect(status.body).toMatchObject({
      status: "REDEEMED",
      rewardDetails: { productId: product.id, orderId },
    });

    // The one unit is given: the next holder's redemption is refused and no order is made for them.
    const next = await tokenHeldByNewUser(h, tenant, creator, reward);
    expectError(
      await redeemToken(h, tenant, next.user.id, next.path, { shippingAddress }),
      409,
      "out_of_stock",
    );
    const theirs = await api<Order[]>(h, "GET", `/user/${next.user.id}/orders`, { key: tenant.memberKey });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toEqual([]);
  });

  it("FREE_PRODUCT without an address given or saved: 422 shipping_address_required, nothing claimed or debited; a saved one is used", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 3000 });
    const reward = await redeemableProgramme(h, tenant, creator, {
      type: "FREE_PRODUCT",
      pointCost: 10,
      details: { genericRewardDetails: { productId: product.id } },
    });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    await grantPoints(h, tenant, token.user.id, 10, { creatorId: creator.id });
    const balance = async () =>
      (await balancesOf(h, tenant, token.user.id, `?creatorId=${creator.id}`)).creatorBalances[0]!.balance;

    const refused = await redeemToken(h, tenant, token.user.id, token.path);
    expectError(refused, 422, "shipping_address_required");
    expect(fieldsOf(refused)).toEqual(["shippingAddress"]);
    expect(await balance()).toBe(10);
    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "NOT_REDEEMED",
      redemptionId: null,
    });
    expectError(
      await redeemToken(h, tenant, token.user.id, token.path, { shippingAddress: { line1: "1 Main St" } }),
      422,
      "validation_failed",
    );

    // With an address saved for the user, the body may leave it out.
    const saved = { ...shippingAddress, line1: "9 Saved Rd" };
    await h.database.db.update(users).set({ shippingAddress: saved }).where(eq(users.id, token.user.id));
    const redeemed = await redeemToken<Redeemed<{ orderId: string }>>(h, tenant, token.user.id, token.path);
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(await balance()).toBe(0);
    const order = await api<Order>(
      h,
      "GET",
      `/user/${token.user.id}/order/${redeemed.body.rewardDetails.orderId}`,
      {
        key: tenant.memberKey,
      },
    );
    expect(order.body.shippingAddress).toEqual(saved);
  });

  it("DISCOUNT_CODE: a one-time code of the creator, taken off at checkout once and refused the second time", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 2500 });
    const reward = await redeemableProgramme(h, tenant, creator, {
      type: "DISCOUNT_CODE",
      details: { genericRewardDetails: { percentOff: 20 } },
    });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    const redeemed = await redeemToken<Redeemed<{ code: string; percentOff: number; expiresAt: null }>>(
      h,
      tenant,
      token.user.id,
      token.path,
    );
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body.rewardDetails).toEqual({
      code: expect.stringMatching(/^RWD-/),
      percentOff: 20,
      expiresAt: null,
    });
    const { code } = redeemed.body.rewardDetails;

    const order = await createOrder(h, tenant, token.user.id, { productId: product.id });
    const applied = await api<Order>(h, "POST", `/user/${token.user.id}/order/${order.id}/discount`, {
      key: tenant.memberKey,
      body: { code },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.amounts).toMatchObject({ subtotal: 2500, discount: 500, total: 2000 });
    // Paid by card at the discounted amount.
    const started = await checkout(h, tenant, token.user.id, order.id);
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(2000);
    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.status, paid.text).toBe(200);
    const settled = await api<Order>(h, "GET", `/user/${token.user.id}/order/${order.id}`, {
      key: tenant.memberKey,
    });
    expect(settled.body).toMatchObject({
      status: "PAID",
      discount: 500,
      payment: { method: "CARD", amountPaid: 2000 },
    });

    const friend = await createUser(h, tenant);
    const second = await createOrder(h, tenant, friend.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${friend.id}/order/${second.id}/discount`, {
        key: tenant.memberKey,
        body: { code },
      }),
      409,
      "discount_code_unusable",
    );
  });

  it("CUSTOM_REWARD: the webhook is queued at once and its delivery state is readable; a metadata address is refused", async () => {
    const creator = await createCreator(h, tenant);
    const reward = await redeemableProgramme(h, tenant, creator, {
      type: "CUSTOM_REWARD",
      details: { customRewardDetails: { webhookUrl: "https://hooks.example.com/tally" } },
    });
    // A URL stored before input was checked (PUT refuses it now): the delivery still refuses it.
    await h.database.db
      .update(nftRewards)
      .set({ details: { webhookUrl: "https://169.254.169.254/latest/meta-data" } })
      .where(and(eq(nftRewards.organizationId, tenant.organizationId), eq(nftRewards.id, reward.id)));
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    const redeemed = await redeemToken<Redeemed<{ webhook: { deliveryId: string; status: string } }>>(
      h,
      tenant,
      token.user.id,
      token.path,
    );
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body.rewardDetails).toEqual({
      webhook: { deliveryId: expect.any(String), status: "QUEUED" },
    });

    const delivery = await eventually(async () => {
      const listed = await api<ApiSchema<"RewardWebhookDelivery">[]>(
        h,
        "GET",
        `/nft-reward/${reward.id}/webhook/deliveries`,
        asOwner(tenant, creator),
      );
      const [row] = listed.body;
      return row?.status === "REFUSED" ? row : undefined;
    });
    expect(delivery).toMatchObject({
      id: redeemed.body.rewardDetails.webhook.deliveryId,
      redemptionId: redeemed.body.redemptionId,
      attempts: 1,
      payload: {
        type: "nft-redeemed",
        redemptionId: redeemed.body.redemptionId,
        rewardId: reward.id,
        userId: token.user.id,
        token: { chainId: 8453, contract: token.contract, tokenId: token.tokenId },
      },
    });
  });
});
