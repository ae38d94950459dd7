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

/** The EXCLUSIVE_ACCESS effect, made to refuse (a 4xx) or break (anything else) on demand. */
const effect = vi.hoisted(() => ({ failure: undefined as Error | undefined, runs: 0 }));
vi.mock("./effect-exclusive-access.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("./effect-exclusive-access.ts")>();
  return {
    exclusiveAccessEffect: async (...args: Parameters<typeof original.exclusiveAccessEffect>) => {
      effect.runs += 1;
      if (effect.failure) throw effect.failure;
      return original.exclusiveAccessEffect(...args);
    },
  };
});

const h = useHarness();

const creatorBalance = async (tenant: Tenant, userId: string, creatorId: string) =>
  (await balancesOf(h, tenant, userId, `?creatorId=${creatorId}`)).creatorBalances[0]!.balance;

const setting = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await redeemableProgramme(h, tenant, creator, { type: "EXCLUSIVE_ACCESS", pointCost: 20 });
  const token = await tokenHeldByNewUser(h, tenant, creator, reward);
  await grantPoints(h, tenant, token.user.id, 20, { creatorId: creator.id });
  return { tenant, creator, token };
};

describe("an effect that does not complete", () => {
  it("refused (4xx): the answer is the refusal, the redemption FAILED, the cost refunded; a later redeem succeeds", async () => {
    const { tenant, creator, token } = await setting();
    effect.failure = new AppError("out_of_stock", "Nothing left to unlock");

    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "out_of_stock");

    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "FAILED",
      message: "Nothing left to unlock",
      pointCost: 20,
    });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(20);

    effect.failure = undefined;
    const redeemed = await redeemToken(h, tenant, token.user.id, token.path);
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body).toMatchObject({ status: "REDEEMED", message: null, pointCost: 20 });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(0);
  });

  it("broken (5xx): the redemption stays PROCESSING with the message, the cost kept, the token not redeemable by others", async () => {
    const { tenant, creator, token } = await setting();
    effect.failure = new AppError("bad_gateway", "The content service did not answer");
    const runs = effect.runs;

    expectError(await redeemToken(h, tenant, token.user.id, token.path), 502, "bad_gateway");

    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "PROCESSING",
      message: "The content service did not answer",
    });
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(0);
    effect.failure = undefined;
    // Inside the claim's lease nothing runs the effect again.
    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "already_redeemed");
    expect(effect.runs).toBe(runs + 1);
  });
});
