import { newId } from "@tally/core";
import { storefrontConnections } from "@tally/db";
import type { LocalStorefrontAdapter } from "@tally/providers";
import { createCreator, handlerDeps, seedOrder, type Tenant, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";
import { handleStorefrontOrderPush } from "./order-push.ts";

const h = useHarness();

const push = (tenant: Tenant, orderId: string) =>
  handleStorefrontOrderPush(handlerDeps(h), { organizationId: tenant.organizationId, orderId });

describe("storefront-order-push", () => {
  it("pushes the paid order to the creator's connected store once", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const shopDomain = `shop-${newId()}.myshopify.com`;
    const storefront = h.runtime.deps.providers.storefront as LocalStorefrontAdapter;
    storefront.seed(shopDomain, [], { accessToken: "shpat_test" });
    await h.database.db.insert(storefrontConnections).values({
      organizationId: tenant.organizationId,
      id: newId(),
      creatorId: creator.id,
      shopDomain,
      appSecret: "secret",
      accessToken: "shpat_test",
      verifiedAt: new Date(),
    });
    const orderId = await seedOrder(h, tenant, creator.id, {
      guestEmail: "buyer@example.com",
      status: "PAID",
      items: [{ price: 1500, quantity: 2 }],
      shippingFee: 300,
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    const first = await handleStorefrontOrderPush(handlerDeps(h), payload);
    expect(first).toEqual({ pushed: true, externalId: expect.any(String) });
    expect(await handleStorefrontOrderPush(handlerDeps(h), payload)).toEqual({ pushed: false });
    const pushed = storefront.pushedOrders(shopDomain);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({
      externalId: first.externalId,
      order: {
        id: orderId,
        email: "buyer@example.com",
        totalCents: 3300,
        shippingCents: 300,
        lineItems: [{ title: "Product 0", quantity: 2, priceCents: 1500, externalProductId: null }],
      },
    });
  });

  it("pushes nothing without a verified connection or for an unpaid order", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const paid = await seedOrder(h, tenant, creator.id, {
      guestEmail: "a@example.com",
      status: "PAID",
      items: [{ price: 100, quantity: 1 }],
    });
    expect(await push(tenant, paid)).toEqual({ pushed: false });
    const shopDomain = `shop-${newId()}.myshopify.com`;
    const storefront = h.runtime.deps.providers.storefront as LocalStorefrontAdapter;
    storefront.seed(shopDomain, [], { accessToken: "shpat_pending" });
    await h.database.db.insert(storefrontConnections).values({
      organizationId: tenant.organizationId,
      id: newId(),
      creatorId: creator.id,
      shopDomain,
      appSecret: "secret",
      accessToken: "shpat_pending",
      verificationToken: "tally-verify-pending",
    });
    expect(await push(tenant, paid)).toEqual({ pushed: false });
    expect(storefront.pushedOrders(shopDomain)).toEqual([]);
    const open = await seedOrder(h, tenant, creator.id, {
      guestEmail: "a@example.com",
      status: "OPEN",
      items: [{ price: 100, quantity: 1 }],
    });
    expect(await push(tenant, open)).toEqual({ pushed: false });
  });
});
