import { newId } from "@tally/core";
import { follows, orderItems, orders } from "@tally/db";
import type { Tenant, TestHarness } from "@tally/testing";
import { expect } from "vitest";

/** Fixtures for the creator, insights and group tests. */

export interface TestUser {
  id: string;
  email: string;
  username: string | null;
}

let sequence = 0;

/** A user of the tenant, signed in through `POST /user`; `username` is then set with `PATCH /user/{id}`. */
export const createUser = async (h: TestHarness, tenant: Tenant, username?: string): Promise<TestUser> => {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 8)}`;
  const email = `fan-${suffix}@example.com`;
  const created = await h.request<{ id: string }>("POST", "/api/v1/user", {
    key: tenant.adminKey,
    body: { email, walletProviderId: `did:privy:${suffix}` },
  });
  expect(created.status, created.text).toBe(201);
  if (username !== undefined) {
    const named = await h.request("PATCH", `/api/v1/user/${created.body.id}`, {
      key: tenant.adminKey,
      body: { username },
    });
    expect(named.status, named.text).toBe(200);
  }
  return { id: created.body.id, email, username: username ?? null };
};

export interface CreatedCreator {
  id: string;
  slug: string;
  displayName: string;
  ownerId: string;
}

export const uniqueSlug = (prefix = "shop"): string => {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
};

/** A creator owned by a new user of the tenant. */
export const createCreator = async (
  h: TestHarness,
  tenant: Tenant,
  options: { owner?: TestUser; slug?: string; displayName?: string; categoryIds?: number[] } = {},
): Promise<CreatedCreator> => {
  const owner = options.owner ?? (await createUser(h, tenant));
  const slug = options.slug ?? uniqueSlug();
  const displayName = options.displayName ?? `Creator ${slug}`;
  const response = await h.request<{ id: string }>("POST", `/api/v1/user/${owner.id}/creator`, {
    key: tenant.adminKey,
    body: { displayName, slug, categoryIds: options.categoryIds ?? [] },
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, slug, displayName, ownerId: owner.id };
};

/** A follow of a creator, inserted directly so its date can be set. */
export const seedFollow = async (
  h: TestHarness,
  tenant: Tenant,
  userId: string,
  creatorId: string,
  createdAt: Date = new Date(),
): Promise<void> => {
  await h.database.db.insert(follows).values({
    organizationId: tenant.organizationId,
    followerId: userId,
    targetType: "CREATOR",
    targetId: creatorId,
    createdAt,
  });
};

export interface SeedOrder {
  userId?: string | null;
  guestEmail?: string | null;
  status: (typeof orders.$inferInsert)["status"];
  items: { price: number; quantity: number; productId?: string }[];
  shippingFee?: number;
  discountAmount?: number;
  /** Omitted: derived as items + shipping - discount for paid statuses. */
  amountPaid?: number | null;
  paidAt?: Date | null;
  createdAt?: Date;
}

const PAID = new Set(["PAID", "PROCESSING", "SHIPPED", "DELIVERED"]);

/** An order of a creator with its items, inserted directly (orders endpoints belong to another issue). */
export const seedOrder = async (
  h: TestHarness,
  tenant: Tenant,
  creatorId: string,
  order: SeedOrder,
): Promise<string> => {
  const id = newId();
  const subtotal = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const paid = PAID.has(order.status ?? "OPEN");
  const createdAt = order.createdAt ?? new Date();
  await h.database.db.insert(orders).values({
    organizationId: tenant.organizationId,
    id,
    userId: order.userId ?? null,
    guestEmail: order.guestEmail ?? null,
    creatorId,
    status: order.status,
    shippingFee: order.shippingFee ?? 0,
    discountAmount: order.discountAmount ?? 0,
    amountPaid:
      order.amountPaid !== undefined
        ? order.amountPaid
        : paid
          ? subtotal + (order.shippingFee ?? 0) - (order.discountAmount ?? 0)
          : null,
    paidAt: order.paidAt !== undefined ? order.paidAt : paid ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  });
  await h.database.db.insert(orderItems).values(
    order.items.map((item, index) => ({
      organizationId: tenant.organizationId,
      orderId: id,
      productId: item.productId ?? `product${index}`,
      productName: `Product ${index}`,
      productSlug: `product-${index}`,
      quantity: item.quantity,
      price: item.price,
    })),
  );
  return id;
};

export const expectError = (
  response: { status: number; body: unknown; text?: string },
  status: number,
  code: string,
): void => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    status,
    code,
    error: expect.any(String),
    requestId: expect.any(String),
  });
};

export const detailsOf = (response: { body: unknown }): { field: string; message: string }[] =>
  ((response.body as { details?: { field: string; message: string }[] }).details ?? []) as {
    field: string;
    message: string;
  }[];
