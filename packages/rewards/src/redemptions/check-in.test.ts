import { ManualClock } from "@tally/core";
import {
  api,
  asOwner,
  createCreator,
  redeemableProgramme,
  redeemToken,
  tokenHeldByNewUser,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const clock = new ManualClock();
const h = useHarness({ clock });

/** An EVENT_PASS programme, one of its tokens redeemed: the pass its holder presents. */
const redeemedPass = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await redeemableProgramme(h, tenant, creator, { type: "EVENT_PASS" });
  const token = await tokenHeldByNewUser(h, tenant, creator, reward);
  const redeemed = await redeemToken<{ rewardDetails: { pass: string }; redemptionId: string }>(
    h,
    tenant,
    token.user.id,
    token.path,
  );
  expect(redeemed.status, redeemed.text).toBe(200);
  const call = (action: "consume" | "verify", pass: string, rewardId = reward.id) =>
    api<Record<string, unknown>>(h, "POST", `/nft-reward/${rewardId}/passes/${action}`, {
      ...asOwner(tenant, creator),
      body: { pass },
    });
  return { tenant, creator, reward, token, pass: redeemed.body.rewardDetails.pass, call };
};

describe("checking an event pass in", () => {
  it("admits the first check-in once; later ones say already_checked_in with the first check-in's time", async () => {
    const { token, pass, call } = await redeemedPass();
    const firstAt = clock.now().toISOString();

    const first = await call("consume", pass);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      valid: true,
      reason: null,
      firstCheckIn: true,
      checkedInAt: firstAt,
      holder: token.user.id,
      eventName: "Backstage night",
    });

    clock.advance(60_000);
    const again = await call("consume", pass);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      valid: false,
      reason: "already_checked_in",
      firstCheckIn: false,
      checkedInAt: firstAt,
      holder: token.user.id,
    });

    // Verifying checks nothing in and tells when the pass was used.
    const verified = await call("verify", pass);
    expect(verified.body).toMatchObject({ valid: true, checkedInAt: firstAt });
  });

  it("a pass that does not verify is refused and checked in nowhere", async () => {
    const { tenant, creator, pass, call } = await redeemedPass();
    expect((await call("consume", "not a pass")).body).toMatchObject({
      valid: false,
      reason: "malformed",
      firstCheckIn: false,
      checkedInAt: null,
    });
    const other = await redeemableProgramme(h, tenant, creator, { type: "EVENT_PASS" });
    expect((await call("consume", pass, other.id)).body).toMatchObject({
      valid: false,
      reason: "other_reward",
      firstCheckIn: false,
    });
    expect((await call("verify", pass)).body).toMatchObject({ valid: true, checkedInAt: null });
  });

  it("10 concurrent check-ins of one pass: exactly one admits", async () => {
    const { pass, call } = await redeemedPass();

    const answers = await Promise.all(Array.from({ length: 10 }, () => call("consume", pass)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const admitted = answers.filter((answer) => answer.body.valid === true);
    expect(admitted).toHaveLength(1);
    expect(admitted[0]!.body.firstCheckIn).toBe(true);
    const refused = answers.filter((answer) => answer.body.reason === "already_checked_in");
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.body.checkedInAt).toBe(admitted[0]!.body.checkedInAt);
  });

  it("another tenant's reward is 404", async () => {
    const { reward, pass } = await redeemedPass();
    const stranger = await h.createTenant({ tier: "growth" });
    const answer = await api(h, "POST", `/nft-reward/${reward.id}/passes/consume`, {
      key: stranger.adminKey,
      body: { pass },
    });
    expect(answer.status, answer.text).toBe(404);
  });
});
