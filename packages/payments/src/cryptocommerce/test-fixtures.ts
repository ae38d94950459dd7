import { claimedCharges, creatorPayouts, cryptoCommercePayments, orders, productVariants } from "@tally/db";
import { type ApiSchema, api, type Tenant, type TestHarness, type TestUser } from "@tally/testing";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

/**
 * What the crypto-commerce checkout tests share: one tenant's creator selling posters, orders of its
 * users, charges made (and paid) through the sandbox provider's test helpers, and checks of what changed.
 */

export type Charge = ApiSchema<"TestCryptoCommerceCharge">;
export type Order = ApiSchema<"Order">;
export type CheckoutResult = ApiSchema<"CryptoCommerceCheckoutResult">;

export const customer = {
  email: "payer@example.com",
  physicalAddress: {
    address1: "1 Main St",
    address2: null,
    city: "Springfield",
    state: "IL",
    postalCode: "62701",
    countryCode: "us",
  },
  name: { firstName: "Pat", familyName: "Payer" },
};

/** The helpers bound to a test file's harness and to the shop its `beforeAll` opened. */
export const cryptoCommerceFixtures = (h: TestHarness, shop: () => { tenant: Tenant; creatorId: string }) => {
  /** A PUBLISHED product of the creator at `price` cents holding `stock` units; returns its id and variant. */
  const createProduct = async (
    price: number,
    stock: number,
  ): Promise<{ productId: string; variantId: string }> => {
    const { tenant, creatorId } = shop();
    const created = await api<{ id: string; variants: { id: string }[] }>(
      h,
      "POST",
      `/creator/id/${creatorId}/product`,
      {
        key: tenant.adminKey,
        body: { name: "Poster", slug: `poster-${Math.random().toString(36).slice(2, 10)}`, price, stock },
      },
    );
    expect(created.status, created.text).toBe(201);
    const published = await api(h, "POST", `/creator/id/${creatorId}/product/${created.body.id}/publish`, {
      key: tenant.adminKey,
    });
    expect(published.status, published.text).toBe(200);
    return { productId: created.body.id, variantId: created.body.variants[0]!.id };
  };

  const openOrder = async (
    user: TestUser,
    productId: string,
    quantity: number,
    key = shop().tenant.adminKey,
  ) => {
    const response = await api<Order>(h, "POST", `/user/${user.id}/order`, {
      key,
      body: { productId, quantity },
    });
    expect(response.status, response.text).toBe(201);
    return response.body;
  };

  /** A charge the payer created and, unless `paid: false`, paid at the provider (COMPLETED). */
  const createCharge = async (
    amount: number,
    options: { expiresInSeconds?: number; paid?: boolean } = {},
  ): Promise<Charge> => {
    const { tenant } = shop();
    const { expiresInSeconds, paid = true } = options;
    const response = await api<Charge>(h, "POST", "/test-helpers/cryptocommerce/charges", {
      key: tenant.memberKey,
      body: { amount, ...(expiresInSeconds ? { expiresInSeconds } : {}) },
    });
    expect(response.status, response.text).toBe(201);
    if (!paid) return response.body;
    const completed = await api<Charge>(
      h,
      "POST",
      `/test-helpers/cryptocommerce/charges/${response.body.id}/complete`,
      {
        key: tenant.memberKey,
      },
    );
    expect(completed.status, completed.text).toBe(200);
    return completed.body;
  };

  const pay = (
    user: TestUser,
    orderId: string,
    callsId: string,
    amount: string,
    key = shop().tenant.adminKey,
  ) =>
    api<CheckoutResult>(h, "PATCH", `/user/${user.id}/order/${orderId}/checkout/cryptocommerce`, {
      key,
      body: { callsId, amount, customer },
    });

  const stockOf = async (variantId: string): Promise<number> => {
    const [row] = await h.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    return row!.stock;
  };

  const orderRow = async (orderId: string) => {
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  };

  const paymentsOf = (orderId: string) =>
    h.database.db.select().from(cryptoCommercePayments).where(eq(cryptoCommercePayments.orderId, orderId));

  const claimsOf = (orderId: string) =>
    h.database.db.select().from(claimedCharges).where(eq(claimedCharges.orderId, orderId));

  const payoutsOf = (orderId: string) =>
    h.database.db.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, orderId));

  /** Asserts the order was left exactly as it was: unpaid, nothing claimed or recorded, stock intact. */
  const expectUntouched = async (orderId: string, variantId: string, stock: number) => {
    expect((await orderRow(orderId)).status).toBe("OPEN");
    expect(await paymentsOf(orderId)).toEqual([]);
    expect(await claimsOf(orderId)).toEqual([]);
    expect(await payoutsOf(orderId)).toEqual([]);
    expect(await stockOf(variantId)).toBe(stock);
  };

  return {
    createProduct,
    openOrder,
    createCharge,
    pay,
    stockOf,
    orderRow,
    paymentsOf,
    claimsOf,
    payoutsOf,
    expectUntouched,
  };
};
