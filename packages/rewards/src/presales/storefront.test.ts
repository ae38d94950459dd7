import { ManualClock } from "@tally/core";
import {
  api,
  asOwner,
  buyPresale,
  createCreator,
  createPresale,
  eventually,
  expectError,
  handlerDeps,
  presaleBuyer,
  presalesPath,
  publishedReward,
  setRewardMode,
  signUp,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { runMintQueue } from "../programmes/mint-queue.ts";
import { handlePresalePurchaseProcessed } from "./purchase.ts";

const clock = new ManualClock(new Date("2031-06-01T12:00:00.000Z"));
const h = useHarness({ clock });
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

const storefront = (tenant: Tenant, slug: string) =>
  api<Record<string, unknown>[]>(h, "GET", `/creator/${slug}/token-presales`, { key: tenant.memberKey });

interface FanPurchase {
  id: string;
  presaleId: string;
  status: string;
  presaleTitle: string;
  rewardName: string | null;
  mint: { status: string; walletAddress: string; tokenId: string | null; txHash: string | null } | null;
}

const purchasesOf = (tenant: Tenant, userId: string, query = "") =>
  api<FanPurchase[]>(h, "GET", `/user/${userId}/token-presales/purchases${query}`, {
    key: tenant.memberKey,
    userId,
  });

describe("GET /creator/{slug}/token-presales", () => {
  it("lists the presales on sale now with the storefront's public fields, sold-out ones included, to any key", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator);
    const selling = await createPresale(h, tenant, creator, reward.id, { cap: 2, endsAt: at(2 * HOUR) });
    const soldOut = await createPresale(h, tenant, creator, reward.id, { cap: 1, endsAt: at(3 * HOUR) });
    const upcoming = await createPresale(h, tenant, creator, reward.id, {
      startsAt: at(HOUR),
      endsAt: at(4 * HOUR),
    });
    const canceled = await createPresale(h, tenant, creator, reward.id);
    const cancel = await api(
      h,
      "POST",
      presalesPath(creator, `/${canceled.id}/cancel`),
      asOwner(tenant, creator),
    );
    expect(cancel.status, cancel.text).toBe(200);
    const other = await createCreator(h, tenant);
    await createPresale(h, tenant, other, (await publishedReward(h, tenant, other)).id);
    for (const presaleId of [selling.id, soldOut.id]) {
      const { user } = await presaleBuyer(h, tenant, creator, 100);
      expect((await buyPresale(h, tenant, user.id, presaleId)).status).toBe(201);
    }

    const listed = await storefront(tenant, creator.slug.toUpperCase());

    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([
      {
        id: selling.id,
        title: "Founders' drop",
        description: null,
        rewardId: reward.id,
        rewardName: "Backstage Pass",
        rewardImageUrl: "https://cdn.example.com/pass.png",
        chainId: reward.contract.chainId,
        contractAddress: reward.contract.proxyAddress,
        priceCurrency: "POINTS",
        pricePoints: 100,
        priceAtomic: null,
        startsAt: selling.startsAt,
        endsAt: selling.endsAt,
        cap: 2,
        remaining: 1,
        distribution: "AT_END",
      },
      expect.objectContaining({ id: soldOut.id, cap: 1, remaining: 0 }),
    ]);

    // Past its endsAt a presale is off the storefront at once, before the monitor marks it ENDED; past its
    // startsAt a DRAFT is on it, before the monitor marks it ACTIVE (a purchase takes it then too).
    clock.advance(2 * HOUR);
    expect((await storefront(tenant, creator.slug)).body.map((presale) => presale.id)).toEqual([
      soldOut.id,
      upcoming.id,
    ]);
  });

  it("answers 404 for an unknown slug or another tenant's creator, and 403 on BUILDER", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    expectError(await storefront(tenant, "no-such-creator"), 404, "not_found");
    const elsewhere = await h.createTenant({ tier: "growth" });
    expectError(await storefront(elsewhere, creator.slug), 404, "not_found");
    const builder = await h.createTenant({ tier: "builder" });
    expectError(await storefront(builder, creator.slug), 403, "tier_required");
  });
});

describe("GET /user/{id}/token-presales/purchases", () => {
  it("pages the user's own purchases newest first with their status and, once distributed, the token's mint", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    await setRewardMode(h, tenant, "QUEUE");
    const creator = await createCreator(h, tenant);
    const immediate = await createPresale(
      h,
      tenant,
      creator,
      (await publishedReward(h, tenant, creator)).id,
      {
        title: "Immediate",
        distribution: "IMMEDIATE",
      },
    );
    const atEnd = await createPresale(h, tenant, creator, (await publishedReward(h, tenant, creator)).id, {
      title: "At end",
    });
    const { user, address } = await presaleBuyer(h, tenant, creator, 200);
    const first = await buyPresale(h, tenant, user.id, immediate.id);
    expect(first.status, first.text).toBe(201);
    await handlePresalePurchaseProcessed(handlerDeps(h), {
      organizationId: tenant.organizationId,
      presaleId: immediate.id,
      purchaseId: first.body.id,
    });
    clock.advance(60_000);
    const second = await buyPresale(h, tenant, user.id, atEnd.id);
    expect(second.status, second.text).toBe(201);
    const { user: otherBuyer } = await presaleBuyer(h, tenant, creator, 100);
    expect((await buyPresale(h, tenant, otherBuyer.id, atEnd.id)).status).toBe(201);

    const listed = await purchasesOf(tenant, user.id);

    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get("X-Total-Count")).toBe("2");
    expect(listed.body).toMatchObject([
      {
        id: second.body.id,
        presaleTitle: "At end",
        status: "PAID",
        rewardName: "Backstage Pass",
        mint: null,
      },
      {
        id: first.body.id,
        presaleTitle: "Immediate",
        status: "DISTRIBUTED",
        // The mint run the queued mint starts may have begun already.
        mint: {
          status: expect.stringMatching(/^(PENDING|PROCESSING|COMPLETED)$/),
          walletAddress: address.toLowerCase(),
        },
      },
    ]);
    const paged = await purchasesOf(tenant, user.id, "?limit=1&offset=1");
    expect(paged.body.map((purchase) => purchase.id)).toEqual([first.body.id]);
    expect(paged.headers.get("X-Total-Count")).toBe("2");

    await runMintQueue(handlerDeps(h), { organizationId: tenant.organizationId });
    const minted = await eventually(async () => {
      const purchase = (await purchasesOf(tenant, user.id)).body[1];
      return purchase?.mint?.status === "COMPLETED" ? purchase : undefined;
    }, 60_000);
    expect(minted.mint).toMatchObject({
      status: "COMPLETED",
      tokenId: expect.stringMatching(/^\d+$/),
      txHash: expect.stringMatching(/^0x/),
    });
  });

  it("answers 403 when X-User-Id names another user, and 404 for another tenant's user", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const buyer = await signUp(h, tenant);
    const other = await signUp(h, tenant);
    const mismatched = await api(h, "GET", `/user/${buyer.id}/token-presales/purchases`, {
      key: tenant.memberKey,
      userId: other.id,
    });
    expectError(mismatched, 403, "acting_user_mismatch");
    const tenantWide = await api(h, "GET", `/user/${buyer.id}/token-presales/purchases`, {
      key: tenant.memberKey,
    });
    expect(tenantWide.status, tenantWide.text).toBe(200);
    expect(tenantWide.body).toEqual([]);
    const elsewhere = await h.createTenant({ tier: "growth" });
    expectError(
      await api(h, "GET", `/user/${buyer.id}/token-presales/purchases`, { key: elsewhere.memberKey }),
      404,
      "not_found",
    );
  });
});
