import { ManualClock } from "@tally/core";
import { pointTransactions, presalePurchases, tokenPresales } from "@tally/db";
import {
  api,
  asOwner,
  balancesOf,
  buyPresale,
  createCreator,
  createPresale,
  expectError,
  grantReward,
  type PresaleRecord,
  presaleBuyer,
  presalesPath,
  publishedReward,
  signUp,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const clock = new ManualClock(new Date("2031-04-01T12:00:00.000Z"));
const h = useHarness({ clock });
const HOUR = 3_600_000;

const openPresale = async (body: Record<string, unknown> = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const presale = await createPresale(h, tenant, creator, reward.id, body);
  const read = async () =>
    (await api<PresaleRecord>(h, "GET", presalesPath(creator, `/${presale.id}`), asOwner(tenant, creator)))
      .body;
  return { tenant, creator, reward, presale, read };
};

const presaleSpends = (organizationId: string) =>
  h.database.db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.organizationId, organizationId), eq(pointTransactions.type, "PRESALE")));

describe("buying a token presale with points", () => {
  it("pages the creator's presales and a presale's purchases by limit/offset, the total in X-Total-Count", async () => {
    const { tenant, creator, reward, presale } = await openPresale({ cap: 5, pricePoints: 100 });
    await createPresale(h, tenant, creator, reward.id, { title: "Second drop" });
    const buyers = await Promise.all(Array.from({ length: 3 }, () => presaleBuyer(h, tenant, creator, 150)));
    for (const { user } of buyers)
      expect((await buyPresale(h, tenant, user.id, presale.id)).status).toBe(201);
    const get = (rest: string) =>
      api<unknown[]>(h, "GET", presalesPath(creator, rest), asOwner(tenant, creator));

    const presales = await get("?limit=1&offset=1");
    expect(presales.status, presales.text).toBe(200);
    expect(presales.body).toHaveLength(1);
    expect(presales.headers.get("x-total-count")).toBe("2");
    const purchases = await get(`/${presale.id}/purchases?limit=2`);
    expect(purchases.status, purchases.text).toBe(200);
    expect(purchases.body).toHaveLength(2);
    expect(purchases.headers.get("x-total-count")).toBe("3");
    expect((await get(`/${presale.id}/purchases?offset=2`)).body).toHaveLength(1);
  });

  it("sells exactly the cap to 20 concurrent buyers: 5 purchases, 5 PRESALE deductions, the rest sold out", async () => {
    const { tenant, creator, presale, read } = await openPresale({ cap: 5, pricePoints: 100 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => presaleBuyer(h, tenant, creator, 150)));

    const answers = await Promise.all(buyers.map(({ user }) => buyPresale(h, tenant, user.id, presale.id)));

    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expectError(refused, 409, "conflict");
      expect(refused.body).toMatchObject({ context: { reason: "sold_out", cap: 5, sold: 5 } });
    }
    expect(await read()).toMatchObject({ sold: 5, remaining: 0, status: "ACTIVE" });
    const spends = await presaleSpends(tenant.organizationId);
    expect(spends).toHaveLength(5);
    expect(spends.every((row) => row.amount === -100 && row.creatorId === creator.id)).toBe(true);
    const purchases = await h.database.db
      .select()
      .from(presalePurchases)
      .where(
        and(
          eq(presalePurchases.organizationId, tenant.organizationId),
          eq(presalePurchases.presaleId, presale.id),
        ),
      );
    expect(purchases.map((row) => row.pointTransactionId).sort()).toEqual(spends.map((row) => row.id).sort());
    const buyerIds = new Set(sold.map((answer) => answer.body.userId));
    for (const { user } of buyers) {
      const balance = (await balancesOf(h, tenant, user.id)).balance;
      expect(balance).toBe(buyerIds.has(user.id) ? 50 : 150);
    }
  });

  it("refuses a buyer short of the creator's points with 409 insufficient_points and changes nothing", async () => {
    const { tenant, creator, presale, read } = await openPresale({ pricePoints: 100 });
    const { user } = await presaleBuyer(h, tenant, creator, 99);
    // Organization-wide points do not pay for a creator's presale.
    await api(h, "POST", `/user/${user.id}/points`, { key: tenant.memberKey, body: { amount: 500 } });

    const refused = await buyPresale(h, tenant, user.id, presale.id);

    expectError(refused, 409, "insufficient_points");
    expect(refused.body).toMatchObject({ context: { required: 100, creatorId: creator.id } });
    expect(await read()).toMatchObject({ sold: 0, remaining: 5 });
    expect(await presaleSpends(tenant.organizationId)).toEqual([]);
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(599);
    const [row] = await h.database.db
      .select()
      .from(presalePurchases)
      .where(eq(presalePurchases.organizationId, tenant.organizationId));
    expect(row).toBeUndefined();
  });

  it("sells one token per user, only inside the window, only to a user with a wallet", async () => {
    const { tenant, creator, presale, reward } = await openPresale({ pricePoints: 10 });
    const { user } = await presaleBuyer(h, tenant, creator, 100);
    const bought = await buyPresale(h, tenant, user.id, presale.id);
    expect(bought.status, bought.text).toBe(201);
    expect(bought.body).toMatchObject({ status: "PAID", pricePoints: 10, userId: user.id, mintId: null });
    const twice = await buyPresale(h, tenant, user.id, presale.id);
    expectError(twice, 409, "already_exists");
    // A second presale of the same programme cannot sell the user a second token either.
    const second = await createPresale(h, tenant, creator, reward.id, { pricePoints: 10 });
    expectError(await buyPresale(h, tenant, user.id, second.id), 409, "already_exists");
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(90);

    const walletless = await signUp(h, tenant);
    await api(h, "POST", `/user/${walletless.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 100, creatorId: creator.id },
    });
    expectError(await buyPresale(h, tenant, walletless.id, presale.id), 409, "wallet_required");

    const later = await createPresale(h, tenant, creator, reward.id, {
      startsAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      endsAt: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    const { user: early } = await presaleBuyer(h, tenant, creator, 500);
    const notYet = await buyPresale(h, tenant, early.id, later.id);
    expectError(notYet, 409, "invalid_state");
    expect(notYet.body).toMatchObject({ context: { status: "DRAFT" } });
    clock.advance(HOUR);
    const opened = await buyPresale(h, tenant, early.id, later.id);
    expect(opened.status, opened.text).toBe(201);
    clock.advance(HOUR);
    const { user: late } = await presaleBuyer(h, tenant, creator, 500);
    expectError(await buyPresale(h, tenant, late.id, later.id), 409, "invalid_state");
    const [row] = await h.database.db
      .select({ status: tokenPresales.status, sold: tokenPresales.sold })
      .from(tokenPresales)
      .where(and(eq(tokenPresales.organizationId, tenant.organizationId), eq(tokenPresales.id, later.id)));
    expect(row).toEqual({ status: "ACTIVE", sold: 1 });
  });

  it("never sells more tokens than the programme's maxSupply leaves: across presales (concurrently) and after grants", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator, { maxSupply: 3 });
    const first = await createPresale(h, tenant, creator, reward.id, { cap: 3, pricePoints: 100 });
    const second = await createPresale(h, tenant, creator, reward.id, { cap: 3, pricePoints: 100 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => presaleBuyer(h, tenant, creator, 100)));

    const answers = await Promise.all(
      buyers.map(({ user }, index) => buyPresale(h, tenant, user.id, (index % 2 === 0 ? first : second).id)),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expectError(refused, 409, "conflict");
      expect(refused.body).toMatchObject({ context: { reason: "supply_exhausted", maxSupply: 3 } });
    }
    expect(await presaleSpends(tenant.organizationId)).toHaveLength(3);
    const balances = await Promise.all(buyers.map(({ user }) => balancesOf(h, tenant, user.id)));
    expect(balances.filter((balance) => balance.balance === 0)).toHaveLength(3);

    // A token already granted (its mint queued) takes its unit of the supply too.
    const single = await publishedReward(h, tenant, creator, { maxSupply: 1 });
    const { user: granted } = await presaleBuyer(h, tenant, creator, 0);
    const grant = await grantReward(h, tenant, creator, single.id, granted.id);
    expect(grant.status, grant.text).toBe(200);
    const presale = await createPresale(h, tenant, creator, single.id, { cap: 1, pricePoints: 10 });
    const { user: late } = await presaleBuyer(h, tenant, creator, 10);
    expectError(await buyPresale(h, tenant, late.id, presale.id), 409, "conflict");
    expect((await balancesOf(h, tenant, late.id)).balance).toBe(10);
  });

  it("answers 404 for another tenant's presale or user and 403 for a mismatched acting user", async () => {
    const { tenant, creator, presale } = await openPresale();
    const { user } = await presaleBuyer(h, tenant, creator, 500);
    const stranger = await h.createTenant({ tier: "growth" });
    const strangerUser = await signUp(h, stranger);
    expectError(await buyPresale(h, stranger, strangerUser.id, presale.id), 404, "not_found");
    expectError(await buyPresale(h, stranger, user.id, presale.id), 404, "not_found");
    const other = await signUp(h, tenant);
    const mismatched = await api(h, "POST", `/user/${user.id}/token-presales/${presale.id}/purchase`, {
      key: tenant.memberKey,
      userId: other.id,
    });
    expectError(mismatched, 403, "acting_user_mismatch");
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(500);
  });
});
