import { newId } from "@tally/core";
import { notifications } from "@tally/db";
import {
  api,
  createCreator,
  createOrder,
  createUser,
  type Order,
  publishedProduct,
  shippingAddress,
  type Tenant,
  type TestHarness,
  unique,
} from "@tally/testing";
import { expect } from "vitest";
import { changedTables, tenantChecksums } from "./checksum.ts";

/**
 * One tenant holding a victim's objects and two attackers of the same tenant, for the BOLA matrix:
 * a fan (any other user) and a creator's owner (owns a creator, not the victim's).
 */
export interface BolaWorld {
  tenant: Tenant;
  /** The victim's objects by path parameter: by the prefix that ends at it, else by its name. */
  victimIds: Record<string, string>;
  /** The victim's guest order (no buyer), with a receipt e-mail and an address. */
  guestOrderId: string;
  fan: { id: string };
  owner: { id: string; creatorId: string };
  /** What must never show in a refused answer: the victim's ids, e-mails, wallet and address. */
  secrets: Record<string, string>;
}

export const createBolaWorld = async (h: TestHarness): Promise<BolaWorld> => {
  const tenant = await h.createTenant({ tier: "pro" });
  const asAdmin = { key: tenant.adminKey };
  const walletAddress = `0x${"cd".repeat(20)}`;
  const walletProviderId = `did:privy:${unique("victim")}`;
  const email = `${unique("victim")}@example.com`;
  const signedUp = await api<{ id: string }>(h, "POST", "/user", {
    ...asAdmin,
    body: { email, walletProviderId, walletAddress },
  });
  expect(signedUp.status, signedUp.text).toBe(201);
  const victimId = signedUp.body.id;
  const username = unique("victim");
  expect((await api(h, "PATCH", `/user/${victimId}`, { ...asAdmin, body: { username } })).status).toBe(200);

  const creator = await createCreator(h, tenant, { owner: { id: victimId, email, username } });
  const product = await publishedProduct(h, tenant, creator.id, { price: 1500 });
  const code = await api<{ id: string }>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
    ...asAdmin,
    body: { code: unique("VICTIM").toUpperCase(), kind: "PERCENT", value: 10 },
  });
  expect(code.status, code.text).toBe(201);

  // The victim's order, addressed through a shipping quote (which also saves the user's address).
  const address = { ...shippingAddress, line1: `${unique("")} Victim Lane` };
  const order: Order = await createOrder(h, tenant, victimId, { productId: product.id });
  const quoted = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
    ...asAdmin,
    body: { firstName: "Vic", lastName: "Tim", address },
  });
  expect(quoted.status, quoted.text).toBe(200);

  const notificationId = newId();
  await h.database.db.insert(notifications).values({
    organizationId: tenant.organizationId,
    id: notificationId,
    recipientType: "USER",
    recipientId: victimId,
    type: "probe",
    title: "For the victim only",
  });

  const guestEmail = `${unique("guest")}@example.com`;
  const guest = await api<Order>(h, "POST", "/guest/order", {
    body: { productId: product.id, email: guestEmail, shippingAddress: address },
  });
  expect(guest.status, guest.text).toBe(201);

  const fan = await createUser(h, tenant);
  const ownerUser = await createUser(h, tenant);
  const ownCreator = await createCreator(h, tenant, { owner: ownerUser });
  await settled(h, tenant);

  return {
    tenant,
    victimIds: {
      "/user/{id}": victimId,
      "/creator/followers/{id}": creator.id,
      "/creator/id/{creatorId}/order/{id}": order.id,
      "/guest/order/{id}": order.id,
      "/x402/orders/{id}": order.id,
      "/categories/{id}": "1",
      creatorId: creator.id,
      productId: product.id,
      orderId: order.id,
      itemId: String(order.items[0]?.id),
      codeId: code.body.id,
      notificationId,
      address: walletAddress,
      slug: creator.slug,
      productSlug: product.slug,
      username,
      walletProviderId,
    },
    guestOrderId: guest.body.id,
    fan,
    owner: { id: ownerUser.id, creatorId: ownCreator.id },
    secrets: {
      userId: victimId,
      email,
      walletAddress,
      walletProviderId,
      creatorId: creator.id,
      orderId: order.id,
      guestOrderId: guest.body.id,
      guestEmail,
      addressLine: address.line1,
      discountCodeId: code.body.id,
      notificationId,
    },
  };
};

/**
 * Waits until the setup's asynchronous effects have landed (a signed-up user's welcome e-mail and
 * chat token come from the user-created job), so "nothing changed" compares the probes alone:
 * the tenant's checksums must stay the same over three quiet seconds (longer than a queue poll).
 */
const settled = async (h: TestHarness, tenant: Tenant): Promise<void> => {
  const deadline = Date.now() + 60_000;
  let last = await tenantChecksums(h.database, [tenant.organizationId]);
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await tenantChecksums(h.database, [tenant.organizationId]);
    const changed = changedTables(last, now);
    if (changed.length > 0 && Date.now() > deadline) throw new Error(`the setup kept changing: ${changed}`);
    quiet = changed.length === 0 ? quiet + 1 : 0;
    last = now;
  }
};
