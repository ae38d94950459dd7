import { newId } from "@tally/core";
import { notifications } from "@tally/db";
import {
  airdropReward,
  api,
  createCreator,
  createOrder,
  createPresale,
  type Order,
  publishableCampaign,
  publishedProduct,
  shippingAddress,
  type Tenant,
  type TestHarness,
  unique,
} from "@tally/testing";
import { expect } from "vitest";
import { draftAndPublishedRewards } from "./fuzz-world.ts";

/**
 * One tenant holding a victim's objects and two attackers of the same tenant, for the BOLA matrix:
 * a fan (another user, with an order, a wallet and a notification of their own) and a creator's
 * owner (owns a creator with a product, a discount code and the fan's order, not the victim's).
 * Ids are keyed by the path prefix that ends at the parameter, else by the parameter's name.
 */
export interface BolaWorld {
  tenant: Tenant;
  victimIds: Record<string, string>;
  /** The victim's creator's rewards, a DRAFT and a PUBLISHED one: each reward route is probed with both. */
  victimRewardIds: string[];
  /** The attackers' own objects: the fan's under `/user/{id}`, the owner's under their creator. */
  attackerIds: Record<string, string>;
  /** A guest order of the victim's creator (no buyer), with a receipt e-mail and an address. */
  guestOrderId: string;
  fan: { id: string };
  owner: { id: string };
  /** What must never show in a refused answer: the victim's ids, e-mails, wallet and address. */
  secrets: Record<string, string>;
}

interface Party {
  userId: string;
  email: string;
  username: string;
  walletAddress: string;
  walletProviderId: string;
  notificationId: string;
}

/** A user signed up with an external wallet and a handle, with a notification of their own. */
const party = async (h: TestHarness, tenant: Tenant, role: string, wallet: string): Promise<Party> => {
  const walletAddress = `0x${wallet.repeat(20)}`;
  const walletProviderId = `did:privy:${unique(role)}`;
  const email = `${unique(role)}@example.com`;
  const signedUp = await api<{ id: string }>(h, "POST", "/user", {
    key: tenant.adminKey,
    body: { email, walletProviderId, walletAddress },
  });
  expect(signedUp.status, signedUp.text).toBe(201);
  const userId = signedUp.body.id;
  const username = unique(role);
  const named = await api(h, "PATCH", `/user/${userId}`, { key: tenant.adminKey, body: { username } });
  expect(named.status, named.text).toBe(200);
  const notificationId = newId();
  await h.database.db.insert(notifications).values({
    organizationId: tenant.organizationId,
    id: notificationId,
    recipientType: "USER",
    recipientId: userId,
    type: "probe",
    title: `For ${role} only`,
  });
  return { userId, email, username, walletAddress, walletProviderId, notificationId };
};

/** A creator owned by `ownerId` with a published product and a discount code. */
const shop = async (h: TestHarness, tenant: Tenant, owner: Party) => {
  const creator = await createCreator(h, tenant, {
    owner: { id: owner.userId, email: owner.email, username: owner.username },
  });
  const product = await publishedProduct(h, tenant, creator.id, { price: 1500 });
  const code = await api<{ id: string }>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
    key: tenant.adminKey,
    body: { code: unique("CODE").toUpperCase(), kind: "PERCENT", value: 10 },
  });
  expect(code.status, code.text).toBe(201);
  return { creator, product, codeId: code.body.id };
};

/** An order of `buyer`, addressed through a shipping quote (which also saves the buyer's address). */
const addressedOrder = async (
  h: TestHarness,
  tenant: Tenant,
  buyer: Party,
  productId: string,
  address: typeof shippingAddress,
): Promise<Order> => {
  const order = await createOrder(h, tenant, buyer.userId, { productId });
  const quoted = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
    key: tenant.adminKey,
    body: { firstName: "Vic", lastName: "Tim", address },
  });
  expect(quoted.status, quoted.text).toBe(200);
  return order;
};

const idsOf = (
  user: Party,
  owned: Awaited<ReturnType<typeof shop>>,
  order: Order,
): Record<string, string> => ({
  "/user/{id}": user.userId,
  "/creator/followers/{id}": owned.creator.id,
  "/creator/id/{creatorId}/order/{id}": order.id,
  "/guest/order/{id}": order.id,
  "/x402/orders/{id}": order.id,
  "/categories/{id}": "1",
  creatorId: owned.creator.id,
  productId: owned.product.id,
  orderId: order.id,
  itemId: String(order.items[0]?.id),
  codeId: owned.codeId,
  notificationId: user.notificationId,
  address: user.walletAddress,
  slug: owned.creator.slug,
  productSlug: owned.product.slug,
  username: user.username,
  walletProviderId: user.walletProviderId,
});

export const createBolaWorld = async (h: TestHarness): Promise<BolaWorld> => {
  const tenant = await h.createTenant({ tier: "pro" });
  const victim = await party(h, tenant, "victim", "cd");
  const victimShop = await shop(h, tenant, victim);
  const address = { ...shippingAddress, line1: `${unique("")} Victim Lane` };
  const victimOrder = await addressedOrder(h, tenant, victim, victimShop.product.id, address);
  // A follower of their own creator, so the public follower lists show the victim (as a summary).
  const followed = await api(
    h,
    "POST",
    `/user/${victim.userId}/creator/${victimShop.creator.id}/followers/follow`,
    {
      key: tenant.adminKey,
    },
  );
  expect(followed.status, followed.text).toBe(201);
  const guestEmail = `${unique("guest")}@example.com`;
  const guest = await api<Order>(h, "POST", "/guest/order", {
    body: { productId: victimShop.product.id, email: guestEmail, shippingAddress: address },
  });
  expect(guest.status, guest.text).toBe(201);

  const { draft: draftReward, published: publishedReward } = await draftAndPublishedRewards(
    h,
    tenant,
    victimShop.creator,
  );
  const presale = await createPresale(h, tenant, victimShop.creator, publishedReward.id);
  // A DRAFT: participation refuses it, so a fan's vote in it is refused like every other probe.
  const campaign = await publishableCampaign(h, tenant, victimShop.creator);
  const airdrop = await airdropReward<{ id: string }>(h, tenant, victimShop.creator, publishedReward.id, {
    eligibility: { type: "LIST", userIds: [victim.userId] },
  });
  expect(airdrop.status, airdrop.text).toBe(201);

  const fan = await party(h, tenant, "fan", "ef");
  const owner = await party(h, tenant, "owner", "ab");
  const ownerShop = await shop(h, tenant, owner);
  const fanAddress = { ...shippingAddress, line1: `${unique("")} Fan Street` };
  const fanOrder = await addressedOrder(h, tenant, fan, ownerShop.product.id, fanAddress);

  return {
    tenant,
    victimIds: {
      ...idsOf(victim, victimShop, victimOrder),
      "/nft-reward/{id}": draftReward.id,
      "/creator/id/{creatorId}/token-presales/{id}": presale.id,
      presaleId: presale.id,
      "/campaign/{id}": campaign.id,
      "/creator/id/{creatorId}/campaign/{id}": campaign.id,
      "/airdrop/{id}": airdrop.body.id,
    },
    victimRewardIds: [draftReward.id, publishedReward.id],
    attackerIds: idsOf(fan, ownerShop, fanOrder),
    guestOrderId: guest.body.id,
    fan: { id: fan.userId },
    owner: { id: owner.userId },
    secrets: {
      userId: victim.userId,
      email: victim.email,
      walletAddress: victim.walletAddress,
      walletProviderId: victim.walletProviderId,
      creatorId: victimShop.creator.id,
      orderId: victimOrder.id,
      guestOrderId: guest.body.id,
      guestEmail,
      addressLine: address.line1,
      discountCodeId: victimShop.codeId,
      notificationId: victim.notificationId,
      draftRewardId: draftReward.id,
      publishedRewardId: publishedReward.id,
      rewardContract: String(publishedReward.contract.proxyAddress),
      presaleId: presale.id,
      campaignId: campaign.id,
      airdropId: airdrop.body.id,
    },
  };
};
