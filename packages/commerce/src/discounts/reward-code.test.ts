import { newId } from "@tally/core";
import { discountCodes, withTenant } from "@tally/db";
import {
  type ApiSchema,
  api,
  createCreator,
  createOrder,
  createUser,
  expectError,
  type Order,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createRewardDiscountCode, type RewardCodeRequest } from "./reward-code.ts";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

const rewardCode = (creatorId: string, request: RewardCodeRequest) =>
  withTenant(h.database.db, tenant.organizationId, (tx) =>
    createRewardDiscountCode(
      { tx, now: new Date() },
      { organizationId: tenant.organizationId, creatorId },
      request,
    ),
  );

const codesOfRedemption = (redemptionId: string) =>
  h.database.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.organizationId, tenant.organizationId),
        eq(discountCodes.redemptionId, redemptionId),
      ),
    );

describe("a DISCOUNT_CODE reward's code", () => {
  it("is one of the creator's codes, applies its percent at checkout once, and is refused a second time", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1999 });
    const redemptionId = newId();
    const code = await rewardCode(creator.id, { redemptionId, percentOff: 25 });
    expect(code).toMatchObject({ kind: "PERCENT", value: 25, usageLimit: 1, usedCount: 0, expiresAt: null });
    expect(code.code).toMatch(/^RWD-[2-9A-HJKMNP-Z]{12}$/);
    // Retried: the same code.
    expect((await rewardCode(creator.id, { redemptionId, percentOff: 25 })).code).toBe(code.code);
    expect(await codesOfRedemption(redemptionId)).toHaveLength(1);
    const listed = await api<ApiSchema<"DiscountCode">[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/discount-codes`,
      {
        key: tenant.adminKey,
      },
    );
    expect(listed.body.map((row) => row.code)).toEqual([code.code]);

    const fan = await createUser(h, tenant);
    const order = await createOrder(h, tenant, fan.id, { productId: product.id, quantity: 2 });
    const applied = await api<Order>(h, "POST", `/user/${fan.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: code.code.toLowerCase() },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({
      discountCodeId: code.id,
      amounts: { subtotal: 3998, discount: 999, total: 3998 - 999 },
    });

    const other = await createUser(h, tenant);
    const second = await createOrder(h, tenant, other.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${other.id}/order/${second.id}/discount`, {
        key: tenant.adminKey,
        body: { code: code.code },
      }),
      409,
      "discount_code_unusable",
    );
    const after = await api<Order>(h, "GET", `/user/${other.id}/order/${second.id}`, {
      key: tenant.adminKey,
    });
    expect(after.body).toMatchObject({ discountCodeId: null, amounts: { discount: 0 } });
  });

  it("makes one code when the same redemption runs twice at once; each redemption its own", async () => {
    const creator = await createCreator(h, tenant);
    const redemptionId = newId();
    const [first, second] = await Promise.all([
      rewardCode(creator.id, { redemptionId, percentOff: 10 }),
      rewardCode(creator.id, { redemptionId, percentOff: 10 }),
    ]);
    expect(first.id).toBe(second.id);
    expect(await codesOfRedemption(redemptionId)).toHaveLength(1);
    const another = await rewardCode(creator.id, { redemptionId: newId(), percentOff: 10 });
    expect(another.code).not.toBe(first.code);
  });

  it("refuses a percent outside 1-100", async () => {
    const creator = await createCreator(h, tenant);
    for (const percentOff of [0, 101, 12.5])
      await expect(rewardCode(creator.id, { redemptionId: newId(), percentOff })).rejects.toMatchObject({
        code: "invalid_state",
      });
  });
});
