import {
  handleCreatorOrderConfirmation,
  handleOrderConfirmation,
  handleStorefrontOrderPush,
} from "@tally/commerce";
import { createLogger, newId } from "@tally/core";
import { creators, notifications, pointTransactions, products, storefrontConnections } from "@tally/db";
import { handlePurchaseProcessed } from "@tally/loyalty";
import { type LocalStorefrontAdapter, listOutbox } from "@tally/providers";
import { createCreator, createUser, eventually, seedOrder, type Tenant, useHarness } from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

const deps = () => ({
  database: h.database,
  providers: h.runtime.deps.providers,
  clock: h.runtime.deps.clock,
  logger: createLogger({ level: "silent" }),
  events: h.runtime.deps.events,
});

const notificationsOf = (tenant: Tenant, creatorId: string, type: string) =>
  h.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.organizationId, tenant.organizationId),
        eq(notifications.recipientId, creatorId),
        eq(notifications.type, type),
      ),
    );

/** A point-eligible product of the creator, inserted directly (products have their own tests). */
const seedProduct = async (tenant: Tenant, creatorId: string, price: number, pointEligible: boolean) => {
  const id = newId();
  await h.database.db.insert(products).values({
    organizationId: tenant.organizationId,
    id,
    creatorId,
    name: `Product ${id}`,
    slug: `product-${id}`,
    price,
    status: "PUBLISHED",
    pointEligible,
  });
  return id;
};

describe("order-confirmation", () => {
  it("e-mails the buyer's receipt once per paid order (user or guest); unpaid orders get none", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [
        { price: 1250, quantity: 2 },
        { price: 500, quantity: 1 },
      ],
      shippingFee: 499,
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    expect(await handleOrderConfirmation(deps(), payload)).toEqual({ sent: true });
    expect(await handleOrderConfirmation(deps(), payload)).toEqual({ sent: false });
    const mails = (await listOutbox(h.database.db, { to: buyer.email })).filter(
      (mail) => mail.template === "order-confirmation",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "order-confirmation", organizationId: tenant.organizationId });
    expect(mails[0]!.subject).toContain(orderId);
    expect(mails[0]!.text).toContain("Product 0 x 2: $25.00");
    expect(mails[0]!.text).toContain("Shipping: $4.99");
    expect(mails[0]!.text).toContain("Paid: $34.99");

    const guestEmail = `guest-${newId()}@example.com`;
    const guestOrder = await seedOrder(h, tenant, creator.id, {
      guestEmail,
      status: "PAID",
      items: [{ price: 700, quantity: 1 }],
    });
    expect(await handleOrderConfirmation(deps(), { ...payload, orderId: guestOrder })).toEqual({
      sent: true,
    });
    expect(await listOutbox(h.database.db, { to: guestEmail })).toHaveLength(1);

    const open = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "OPEN",
      items: [{ price: 1, quantity: 1 }],
    });
    expect(await handleOrderConfirmation(deps(), { ...payload, orderId: open })).toEqual({ sent: false });
    expect(await handleOrderConfirmation(deps(), { ...payload, orderId: "nosuchorder" })).toEqual({
      sent: false,
    });
  });

  it("runs on the bus: a published event reaches the buyer", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [{ price: 900, quantity: 1 }],
    });
    await h.runtime.deps.events.publish(h.database.db, "order-confirmation", {
      organizationId: tenant.organizationId,
      orderId,
    });
    await h.runtime.deps.events.publish(h.database.db, "creator-order-confirmation", {
      organizationId: tenant.organizationId,
      orderId,
      creatorId: creator.id,
    });
    await eventually(async () => {
      const mails = await listOutbox(h.database.db, { to: buyer.email });
      return mails.some((mail) => mail.template === "order-confirmation") ? true : undefined;
    });
    await eventually(async () =>
      (await notificationsOf(tenant, creator.id, "new-order")).length === 1 ? true : undefined,
    );
  });
});

describe("creator-order-confirmation", () => {
  it("notifies the creator once per paid order of theirs", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const other = await createCreator(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      guestEmail: "g@example.com",
      status: "PAID",
      items: [{ price: 1000, quantity: 3 }],
    });
    const payload = { organizationId: tenant.organizationId, orderId, creatorId: creator.id };
    await handleCreatorOrderConfirmation(deps(), payload);
    await handleCreatorOrderConfirmation(deps(), payload);
    await handleCreatorOrderConfirmation(deps(), { ...payload, creatorId: other.id });
    const rows = await notificationsOf(tenant, creator.id, "new-order");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipientType: "CREATOR",
      title: "New order: 3 items, $30.00 paid",
      data: { orderId, amountPaid: 3000, units: 3 },
    });
    expect(await notificationsOf(tenant, other.id, "new-order")).toHaveLength(0);
  });
});

describe("purchase-processed", () => {
  it("awards the purchase points once and notifies the creator once", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    await h.database.db
      .update(creators)
      .set({ pointsPerDollar: 10 })
      .where(and(eq(creators.organizationId, tenant.organizationId), eq(creators.id, creator.id)));
    const eligible = await seedProduct(tenant, creator.id, 1999, true);
    const plain = await seedProduct(tenant, creator.id, 5000, false);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [
        { price: 1999, quantity: 2, productId: eligible },
        { price: 5000, quantity: 1, productId: plain },
      ],
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    await Promise.all([handlePurchaseProcessed(deps(), payload), handlePurchaseProcessed(deps(), payload)]);
    await handlePurchaseProcessed(deps(), payload);
    const awards = await h.database.db
      .select()
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, tenant.organizationId),
          eq(pointTransactions.orderId, orderId),
        ),
      );
    // floor(3998 / 100) = 39 whole dollars x 10 points.
    expect(awards.map((row) => ({ amount: row.amount, type: row.type, creatorId: row.creatorId }))).toEqual([
      { amount: 390, type: "PURCHASE", creatorId: creator.id },
    ]);
    const notices = await notificationsOf(tenant, creator.id, "purchase-processed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ orderId, units: 3, pointsAwarded: 390 });
  });
});

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
    });
    const orderId = await seedOrder(h, tenant, creator.id, {
      guestEmail: "buyer@example.com",
      status: "PAID",
      items: [{ price: 1500, quantity: 2 }],
      shippingFee: 300,
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    const first = await handleStorefrontOrderPush(deps(), payload);
    expect(first).toEqual({ pushed: true, externalId: expect.any(String) });
    expect(await handleStorefrontOrderPush(deps(), payload)).toEqual({ pushed: false });
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

  it("pushes nothing without a connection or for an unpaid order", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const paid = await seedOrder(h, tenant, creator.id, {
      guestEmail: "a@example.com",
      status: "PAID",
      items: [{ price: 100, quantity: 1 }],
    });
    expect(
      await handleStorefrontOrderPush(deps(), { organizationId: tenant.organizationId, orderId: paid }),
    ).toEqual({
      pushed: false,
    });
    const open = await seedOrder(h, tenant, creator.id, {
      guestEmail: "a@example.com",
      status: "OPEN",
      items: [{ price: 100, quantity: 1 }],
    });
    expect(
      await handleStorefrontOrderPush(deps(), { organizationId: tenant.organizationId, orderId: open }),
    ).toEqual({
      pushed: false,
    });
  });
});
