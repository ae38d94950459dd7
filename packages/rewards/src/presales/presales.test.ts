import { ManualClock } from "@tally/core";
import {
  api,
  asOwner,
  buyPresale,
  createCreator,
  createPresale,
  createReward,
  expectError,
  type PresaleRecord,
  presaleBuyer,
  presalesPath,
  publishedReward,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const clock = new ManualClock(new Date("2031-03-01T12:00:00.000Z"));
const h = useHarness({ clock });
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

const creatorWithReward = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, { maxSupply: 50 });
  const owner = asOwner(tenant, creator);
  const call = <T = PresaleRecord>(method: string, rest = "", body?: Record<string, unknown>) =>
    api<T>(h, method, presalesPath(creator, rest), { ...owner, ...(body ? { body } : {}) });
  return { tenant, creator, reward, owner, call };
};

describe("token presale CRUD", () => {
  it("creates a DRAFT before startsAt, lists, reads, changes per state and deletes one nobody bought from", async () => {
    const { tenant, creator, reward, call } = await creatorWithReward();
    const draft = await createPresale(h, tenant, creator, reward.id, {
      startsAt: at(2 * HOUR),
      endsAt: at(26 * HOUR),
      description: "First run",
    });
    expect(draft).toMatchObject({
      status: "DRAFT",
      creatorId: creator.id,
      rewardId: reward.id,
      priceCurrency: "POINTS",
      pricePoints: 100,
      priceAtomic: null,
      cap: 5,
      sold: 0,
      remaining: 5,
      distribution: "AT_END",
      endedAt: null,
    });
    const open = await createPresale(h, tenant, creator, reward.id, { title: "Open now" });
    expect(open.status).toBe("ACTIVE");

    const listed = await call<PresaleRecord[]>("GET");
    expect(listed.status).toBe(200);
    expect(listed.body.map((presale) => presale.id).sort()).toEqual([draft.id, open.id].sort());
    const read = await call("GET", `/${draft.id}`);
    expect(read.body).toEqual(draft);

    // DRAFT: every field changes.
    const changed = await call("PATCH", `/${draft.id}`, {
      pricePoints: 250,
      cap: 8,
      distribution: "IMMEDIATE",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      pricePoints: 250,
      cap: 8,
      distribution: "IMMEDIATE",
      status: "DRAFT",
    });

    // ACTIVE: the price, start and distribution are fixed; title, cap and endsAt still move.
    const fixed = await call("PATCH", `/${open.id}`, { pricePoints: 1 });
    expectError(fixed, 409, "invalid_state");
    expect(fixed.body).toMatchObject({ context: { currentStatus: "ACTIVE", fields: ["pricePoints"] } });
    const extended = await call("PATCH", `/${open.id}`, {
      title: "Open longer",
      endsAt: at(48 * HOUR),
      cap: 9,
    });
    expect(extended.body).toMatchObject({
      title: "Open longer",
      endsAt: at(48 * HOUR),
      cap: 9,
      pricePoints: 100,
    });

    const deleted = await call("DELETE", `/${draft.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expectError(await call("GET", `/${draft.id}`), 404, "not_found");
  });

  it("refuses a presale of a reward that is not PUBLISHED, another creator's reward, a bad window, a cap over maxSupply, and a USDC presale with pricePoints", async () => {
    const { tenant, creator, reward, call } = await creatorWithReward();
    const draftReward = await createReward(h, tenant, creator);
    const base = { title: "Drop", pricePoints: 10, cap: 2, startsAt: at(0), endsAt: at(HOUR) };

    const unpublished = await call("POST", "", { ...base, rewardId: draftReward.id });
    expectError(unpublished, 409, "invalid_state");
    expect(unpublished.body).toMatchObject({ context: { rewardStatus: "DRAFT" } });
    const other = await createCreator(h, tenant);
    const othersReward = await publishedReward(h, tenant, other);
    expectError(await call("POST", "", { ...base, rewardId: othersReward.id }), 404, "not_found");
    expectError(
      await call("POST", "", { ...base, rewardId: reward.id, endsAt: at(-HOUR) }),
      422,
      "validation_failed",
    );
    expectError(
      await call("POST", "", { ...base, rewardId: reward.id, startsAt: at(2 * HOUR), endsAt: at(HOUR) }),
      422,
      "validation_failed",
    );
    const overSupply = await call("POST", "", { ...base, rewardId: reward.id, cap: 51 });
    expectError(overSupply, 422, "validation_failed");
    expect(overSupply.body).toMatchObject({ details: [{ field: "cap" }] });
    expectError(
      await call("POST", "", { ...base, rewardId: reward.id, pricePoints: undefined }),
      422,
      "validation_failed",
    );
    expectError(await call("POST", "", { ...base, rewardId: reward.id, cap: 0 }), 422, "validation_failed");
    expectError(
      await call("POST", "", { ...base, rewardId: reward.id, status: "ENDED" }),
      422,
      "validation_failed",
    );
    const usdc = await call("POST", "", {
      ...base,
      rewardId: reward.id,
      priceCurrency: "USDC",
      priceAtomic: "5000000",
    });
    expectError(usdc, 422, "validation_failed");
    expect(usdc.text).toContain("pricePoints");

    expect((await call<PresaleRecord[]>("GET")).body).toEqual([]);
  });

  it("keeps a presale with purchases: DELETE 409, cap not below sold; cancel refunds; CANCELED refuses changes", async () => {
    const { tenant, creator, reward, call } = await creatorWithReward();
    const presale = await createPresale(h, tenant, creator, reward.id);
    const buyers = [await presaleBuyer(h, tenant, creator, 100), await presaleBuyer(h, tenant, creator, 100)];
    for (const { user } of buyers)
      expect((await buyPresale(h, tenant, user.id, presale.id)).status).toBe(201);

    const refusedDelete = await call("DELETE", `/${presale.id}`);
    expectError(refusedDelete, 409, "conflict");
    expect(refusedDelete.body).toMatchObject({ context: { sold: 2 } });
    const belowSold = await call("PATCH", `/${presale.id}`, { cap: 1 });
    expectError(belowSold, 422, "validation_failed");
    expect(belowSold.body).toMatchObject({ details: [{ field: "cap" }] });
    const atSold = await call("PATCH", `/${presale.id}`, { cap: 2 });
    expect(atSold.body).toMatchObject({ cap: 2, sold: 2, remaining: 0 });

    const canceled = await call("POST", `/${presale.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.status).toBe("CANCELED");
    const purchases = await call<{ status: string; refundTransactionId: number | null }[]>(
      "GET",
      `/${presale.id}/purchases`,
    );
    expect(purchases.body).toMatchObject(
      Array(2).fill({ status: "REFUNDED", refundTransactionId: expect.any(Number) }),
    );
    for (const { user } of buyers) {
      const balance = await api<{ balance: number }>(h, "GET", `/user/${user.id}/points`, {
        key: tenant.memberKey,
      });
      expect(balance.body.balance).toBe(100);
    }

    const again = await call("POST", `/${presale.id}/cancel`);
    expectError(again, 409, "invalid_state");
    expect(again.body).toMatchObject({ context: { currentStatus: "CANCELED" } });
    expectError(await call("PATCH", `/${presale.id}`, { title: "x" }), 409, "invalid_state");
  });

  it("answers 404 for another tenant's or creator's presale, 403 to a non-owner and on BUILDER", async () => {
    const { tenant, creator, reward, call } = await creatorWithReward();
    const presale = await createPresale(h, tenant, creator, reward.id);
    const stranger = await h.createTenant({ tier: "growth" });
    const strangersCreator = await createCreator(h, stranger);
    const asStranger = await api(
      h,
      "GET",
      presalesPath(strangersCreator, `/${presale.id}`),
      asOwner(stranger, strangersCreator),
    );
    expectError(asStranger, 404, "not_found");
    const sibling = await createCreator(h, tenant);
    expectError(
      await api(h, "GET", presalesPath(sibling, `/${presale.id}`), asOwner(tenant, sibling)),
      404,
      "not_found",
    );
    const notOwner = await api(h, "GET", presalesPath(creator, `/${presale.id}`), {
      key: tenant.memberKey,
      userId: sibling.ownerId,
    });
    expectError(notOwner, 403, "not_owner");
    const builder = await h.createTenant({ tier: "builder" });
    const builderCreator = await createCreator(h, builder);
    expectError(
      await api(h, "GET", presalesPath(builderCreator), asOwner(builder, builderCreator)),
      403,
      "tier_required",
    );
    // The owner still reads it.
    expect((await call("GET", `/${presale.id}`)).status).toBe(200);
  });
});
