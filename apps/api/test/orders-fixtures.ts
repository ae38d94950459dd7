import type { Tenant, TestHarness, TestResponse } from "@tally/testing";
import { expect } from "vitest";
import { uniqueSlug } from "./creator-fixtures.ts";

/** Fixtures for the orders tests (`orders-*.test.ts`). */

export interface OrderItem {
  id: number;
  productId: string;
  variantId: string | null;
  productName: string;
  productSlug: string;
  quantity: number;
  price: number;
  selectedAttributes: Record<string, string>;
}

export interface Order {
  id: string;
  status: string;
  shippingStatus: string;
  points: number;
  shippingFee: number;
  shippingInfo: Record<string, unknown> | null;
  items: OrderItem[];
  createdAt: string;
  userId: string | null;
  guestEmail: string | null;
  creatorId: string | null;
  discount: number;
  discountCodeId: string | null;
  shippingAddress: Record<string, unknown> | null;
  amounts: { subtotal: number; discount: number; pointsValue: number; shippingFee: number; total: number };
  payment: {
    method: string | null;
    paidAt: string | null;
    amountPaid: number | null;
    cardPaymentIntent: { id: string; status: string; amount: number } | null;
  };
}

export interface ErrorBody {
  status: number;
  code: string;
  error: string;
  details?: { field: string; message: string }[] | Record<string, unknown>;
}

export interface PublishedProduct {
  id: string;
  slug: string;
  variants: {
    id: string;
    name: string;
    stock: number;
    price: number | null;
    attributes: Record<string, string>;
  }[];
}

export const api = <T = unknown>(
  h: TestHarness,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; userId?: string } = {},
): Promise<TestResponse<T>> =>
  h.request<T>(method, `/api/v1${path}`, method === "GET" ? { ...options, body: undefined } : options);

export const expectError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ status, code, error: expect.any(String) });
};

/** A PUBLISHED product of the creator (a default variant with `stock`, or the given variants). */
export const publishedProduct = async (
  h: TestHarness,
  tenant: Tenant,
  creatorId: string,
  options: {
    price?: number;
    stock?: number;
    pointEligible?: boolean;
    variants?: { name: string; stock: number; price?: number; attributes?: Record<string, string> }[];
    publish?: boolean;
  } = {},
): Promise<PublishedProduct> => {
  const slug = uniqueSlug("item");
  const created = await api<PublishedProduct>(h, "POST", `/creator/id/${creatorId}/product`, {
    key: tenant.adminKey,
    body: {
      name: `Item ${slug}`,
      slug,
      price: options.price ?? 2500,
      pointEligible: options.pointEligible ?? false,
      ...(options.variants ? { variants: options.variants } : { stock: options.stock ?? 100 }),
    },
  });
  expect(created.status, created.text).toBe(201);
  if (options.publish !== false) {
    const published = await api(h, "POST", `/creator/id/${creatorId}/product/${created.body.id}/publish`, {
      key: tenant.adminKey,
    });
    expect(published.status, published.text).toBe(200);
  }
  return created.body;
};

export const createOrder = async (
  h: TestHarness,
  tenant: Tenant,
  userId: string,
  body: { productId: string; variantIds?: string[]; quantity?: number },
): Promise<Order> => {
  const response = await api<Order>(h, "POST", `/user/${userId}/order`, { key: tenant.adminKey, body });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

/** Extra MEMBER keys, so concurrency tests stay under the per-key rate limit. */
export const memberKeys = async (h: TestHarness, tenant: Tenant, count: number): Promise<string[]> => {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api<{ key: string }>(h, "POST", "/admin/api-keys", {
      key: tenant.adminKey,
      body: { role: "MEMBER", name: `orders-load-${i}` },
    });
    expect(created.status, created.text).toBe(201);
    keys.push(created.body.key);
  }
  return keys;
};
