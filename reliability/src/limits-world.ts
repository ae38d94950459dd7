import {
  airdropReward,
  buyer,
  createPresale,
  createServerWallet,
  openShop,
  publishableReward,
  publishedCampaign,
  publishedReward,
  signUp,
  type Tenant,
  type TestHarness,
  unique,
} from "@tally/testing";
import { expect } from "vitest";
import type { Operation } from "./operations.ts";

/**
 * A tenant with a real object behind the path ids the limits gate calls (a buyer with an OPEN order
 * and a server wallet, a creator with a published product, a reward ready to publish and an airdrop of a
 * published one and a presale of it, a PUBLISHED campaign showing its leaderboard, a user known by its
 * wallet-provider id), so an operation answers 2xx with a limit in range, and a body the limit failed to refuse
 * would reach a real object.
 */
export interface LimitsWorld {
  tenant: Tenant;
  /** For `urlFor`: path prefix (e.g. `/user/{id}`) or bare parameter name -> a real id. */
  ids: Record<string, string>;
  /** The ids to call `operation` with: a PUBLISHED UGC campaign for the UGC lists. */
  idsFor(operation: Operation): Record<string, string>;
  userId: string;
  /** The key an operation is called with: the operator's for platform-wide routes. */
  keyFor(operation: Operation): string;
}

/** Routes only the platform operator may call; every other route takes the tenant's ADMIN key. */
const OPERATOR_ROUTES = /^\/admin\/(organizations|app-config|dead-letters|payment-exceptions)/;

export const seedLimitsWorld = async (h: TestHarness): Promise<LimitsWorld> => {
  const shop = await openShop(h);
  const { tenant, creator, product } = shop;
  const { user, order } = await buyer(h, shop);
  const walletProviderId = `did:privy:${unique("limits")}`;
  await signUp(h, tenant, { walletProviderId });
  const wallet = await createServerWallet(h, tenant, user.id);
  expect(wallet.status, wallet.text).toBe(200);
  const reward = await publishableReward(h, tenant, creator);
  const airdropped = await publishedReward(h, tenant, creator);
  const airdrop = await airdropReward<{ id: string }>(h, tenant, creator, airdropped.id, {
    eligibility: { type: "LIST", userIds: [user.id] },
  });
  expect(airdrop.status, airdrop.text).toBe(201);
  const presale = await createPresale(h, tenant, creator, airdropped.id);
  const campaign = await publishedCampaign(h, tenant, creator, { configuration: { showLeaderboard: true } });
  const ugcCampaign = await publishedCampaign(h, tenant, creator, { type: "UGC" });
  const ids: Record<string, string> = {
    "/user/{id}": user.id,
    "/admin/organizations/{id}": tenant.organizationId,
    "/creator/followers/{id}": creator.id,
    "/creator/id/{creatorId}/order/{id}": order.id,
    "/guest/order/{id}": order.id,
    "/x402/orders/{id}": order.id,
    creatorId: creator.id,
    productId: product.id,
    orderId: order.id,
    itemId: String(order.items[0]?.id ?? 1),
    slug: creator.slug,
    walletProviderId,
    address: wallet.body.wallet.address,
    "/nft-reward/{id}": reward.id,
    "/airdrop/{id}": airdrop.body.id,
    "/campaign/{id}": campaign.id,
    "/creator/id/{creatorId}/token-presales/{id}": presale.id,
  };
  const ugcIds = {
    ...ids,
    "/campaign/{id}": ugcCampaign.id,
    "/creator/id/{creatorId}/campaign/{id}": ugcCampaign.id,
  };
  return {
    tenant,
    userId: user.id,
    ids,
    idsFor: (operation) => (/\/ugc(\/|$)/.test(operation.path) ? ugcIds : ids),
    keyFor: (operation) => (OPERATOR_ROUTES.test(operation.path) ? h.operatorKey : tenant.adminKey),
  };
};
