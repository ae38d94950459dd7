import { AppError } from "@tally/core";
import {
  balancesOf,
  createCreator,
  expectError,
  grantPoints,
  redeemableProgramme,
  redeemToken,
  redemptionStatusOf,
  type Tenant,
  tokenHeldByNewUser,
  useHarness,
} from "@tally/testing";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();

/**
 * The POINTS effect made to fail on demand: it publishes `points-received` inside its own transaction, so an
 * error thrown there is the effect's error (its credit rolled back). Only the first one fails: the refund
 * that follows publishes `points-received` too. The test runs with shared modules, so the effect is not
 * replaced; the bus is spied on. `runs` counts the effect's failed runs, `refunds` the postings after.
 */
const failEffectWith = (failure: Error) => {
  const events = h.runtime.deps.events;
  const publish = events.publish.bind(events);
  let runs = 0;
  let refunds = 0;
  const spy = vi.spyOn(events, "publish").mockImplementation(async (tx, event, payload) => {
    if (event !== "points-received") return publish(tx, event, payload);
    if (runs === 0) {
      runs += 1;
      throw failure;
    }
    refunds += 1;
    return publish(tx, event, payload as never);
  });
  return { runs: () => runs, refunds: () => refunds, restore: () => spy.mockRestore() };
};

const creatorBalance = async (tenant: Tenant, userId: string, creatorId: string) =>
  (await balancesOf(h, tenant, userId, `?creatorId=${creatorId}`)).creatorBalances[0]!.balance;

const setting = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await redeemableProgramme(h, tenant, creator, { pointCost: 20 });
  const token = await tokenHeldByNewUser(h, tenant, creator, reward);
  await grantPoints(h, tenant, token.user.id, 20, { creatorId: creator.id });
  return { tenant, creator, token };
};

describe("an effect that does not complete", () => {
  it("refused (4xx): the answer is the refusal, the redemption FAILED, the cost refunded; a later redeem succeeds", async () => {
    const { tenant, creator, token } = await setting();
    const failing = failEffectWith(new AppError("out_of_stock", "Nothing left to unlock"));

    const refused = await redeemToken(h, tenant, token.user.id, token.path);
    failing.restore();

    expectError(refused, 409, "out_of_stock");
    expect(failing.runs()).toBe(1);
    // The refund is a points posting like any other: it publishes points-received.
    expect(failing.refunds()).toBe(1);

    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "FAILED",
      message: "Nothing left to unlock",
      pointCost: 20,
    });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(20);

    const redeemed = await redeemToken(h, tenant, token.user.id, token.path);
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body).toMatchObject({ status: "REDEEMED", message: null, pointCost: 20 });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(50);
  });

  it("broken (5xx): the redemption stays PROCESSING with the message, the cost kept, the token not redeemable by others", async () => {
    const { tenant, creator, token } = await setting();
    const failing = failEffectWith(new AppError("bad_gateway", "The content service did not answer"));

    expectError(await redeemToken(h, tenant, token.user.id, token.path), 502, "bad_gateway");

    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "PROCESSING",
      message: "The content service did not answer",
    });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(0);
    // Inside the claim's lease nothing runs the effect again.
    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "already_redeemed");
    failing.restore();
    expect(failing.runs()).toBe(1);
    expect(failing.refunds()).toBe(0);
  });
});
