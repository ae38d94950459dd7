import { users } from "@tally/db";
import {
  api,
  asOwner,
  buyer,
  type CreatedCreator,
  createPresale,
  createUser,
  openShop,
  publishableReward,
  type RewardRecord,
  shippingAddress,
  type Tenant,
  type TestHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

/**
 * A tenant with something behind every kind of path id: a user (with a username), a creator owned by
 * another user, a published product, the user's OPEN order with one item, a guest order, a discount
 * code, the creator's rewards (a DRAFT ready to publish, the path's id, and a PUBLISHED one), an ACTIVE
 * presale of the published one, and a spare API key (so a fuzzed DELETE or PATCH of a real key never
 * revokes the calling one).
 */
export interface FuzzWorld {
  tenant: Tenant;
  /** For `urlFor`: path prefix (e.g. `/user/{id}`) or bare parameter name -> a real id. */
  ids: Record<string, string>;
  /** Every real id, so a parameter also gets ids of the wrong kind. */
  allIds: string[];
  /** X-User-Id values that exist in the tenant: the buyer, the creator's owner. */
  userIds: string[];
}

const created = async <T>(response: Promise<{ status: number; text: string; body: T }>): Promise<T> => {
  const answer = await response;
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
};

/** The creator's rewards through the API: a DRAFT ready to publish and a PUBLISHED one (contract deployed). */
export const draftAndPublishedRewards = async (
  h: TestHarness,
  tenant: Tenant,
  creator: CreatedCreator,
): Promise<{ draft: RewardRecord; published: RewardRecord }> => {
  const draft = await publishableReward(h, tenant, creator);
  const ready = await publishableReward(h, tenant, creator);
  const published = await api<RewardRecord>(
    h,
    "PUT",
    `/nft-reward/${ready.id}/publish`,
    asOwner(tenant, creator),
  );
  expect(published.status, published.text).toBe(200);
  expect(published.body.status).toBe("PUBLISHED");
  expect(published.body.contract.proxyAddress).toMatch(/^0x/);
  return { draft, published: published.body };
};

export const seedFuzzWorld = async (h: TestHarness): Promise<FuzzWorld> => {
  const shop = await openShop(h);
  const { tenant, creator, product } = shop;
  const { user, order } = await buyer(h, shop);
  const named = await createUser(h, tenant, `fuzz${user.id.slice(-8)}`);
  const [account] = await h.database.db
    .select({ walletProviderId: users.walletProviderId })
    .from(users)
    .where(eq(users.id, named.id));
  const key = await created(
    api<{ id: string }>(h, "POST", "/admin/api-keys", {
      key: tenant.adminKey,
      body: { role: "MEMBER", name: "fuzz-spare" },
    }),
  );
  const code = await created(
    api<{ id: string }>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: `FUZZ${user.id.slice(-6)}`, kind: "PERCENT", value: 10 },
    }),
  );
  const guestOrder = await created(
    api<{ id: string }>(h, "POST", "/guest/order", {
      body: { productId: product.id, email: "guest@example.com", shippingAddress },
    }),
  );
  const rewards = await draftAndPublishedRewards(h, tenant, creator);
  const presale = await createPresale(h, tenant, creator, rewards.published.id);
  const ids: Record<string, string> = {
    "/user/{id}": user.id,
    "/admin/api-keys/{id}": key.id,
    "/admin/organizations/{id}": tenant.organizationId,
    "/admin/subscription-tiers/{id}": "pro",
    "/categories/{id}": "1",
    "/creator/followers/{id}": creator.id,
    "/creator/id/{creatorId}/order/{id}": order.id,
    "/guest/order/{id}": guestOrder.id,
    "/x402/orders/{id}": guestOrder.id,
    creatorId: creator.id,
    productId: product.id,
    orderId: order.id,
    itemId: String(order.items[0]?.id ?? 1),
    codeId: code.id,
    username: named.username ?? "",
    walletProviderId: account?.walletProviderId ?? "",
    slug: creator.slug,
    productSlug: product.slug,
    "/nft-reward/{id}": rewards.draft.id,
    "/creator/id/{creatorId}/token-presales/{id}": presale.id,
    presaleId: presale.id,
    // Named by no parameter: among the real ids every path parameter may draw.
    publishedRewardId: rewards.published.id,
  };
  return {
    tenant,
    ids,
    allIds: [...new Set(Object.values(ids))],
    userIds: [user.id, creator.ownerId, named.id],
  };
};
