import {
  DEV_CARDPROC_WEBHOOK_SECRET,
  type SandboxCardProcessor,
  signCardprocPayload,
} from "@tally/providers";
import type { Tenant, TestHarness, TestResponse } from "@tally/testing";
import { expect } from "vitest";
import { type CreatedCreator, createCreator, createUser, type TestUser } from "./creator-fixtures.ts";
import { api, createOrder, type Order, type PublishedProduct, publishedProduct } from "./orders-fixtures.ts";

/** Fixtures for the card checkout tests (`checkout-*.test.ts`). */

export interface CheckoutResult {
  paymentIntentId: string | null;
  intentId: string | null;
  clientSecret: string | null;
  status: string;
  amount: number;
  orderStatus: "PAYMENT_PENDING" | "PAID";
  created: boolean;
}

export interface HelperResult {
  intent: { id: string; status: string; amount: number };
  delivery: { eventId: string; type: string; status: number; response: Record<string, unknown> };
}

export const sandboxOf = (h: TestHarness): SandboxCardProcessor =>
  h.runtime.deps.providers.cardProcessor as unknown as SandboxCardProcessor;

export interface Shop {
  tenant: Tenant;
  creator: CreatedCreator;
  product: PublishedProduct;
}

export const openShop = async (
  h: TestHarness,
  options: { price?: number; stock?: number; pointEligible?: boolean; tenant?: Tenant } = {},
): Promise<Shop> => {
  const tenant = options.tenant ?? (await h.createTenant({ tier: "pro" }));
  const creator = await createCreator(h, tenant);
  const product = await publishedProduct(h, tenant, creator.id, {
    price: options.price ?? 2500,
    stock: options.stock ?? 100,
    pointEligible: options.pointEligible ?? false,
  });
  return { tenant, creator, product };
};

export const buyer = async (h: TestHarness, shop: Shop): Promise<{ user: TestUser; order: Order }> => {
  const user = await createUser(h, shop.tenant);
  const order = await createOrder(h, shop.tenant, user.id, { productId: shop.product.id });
  return { user, order };
};

export const checkout = (
  h: TestHarness,
  tenant: Tenant,
  userId: string,
  orderId: string,
  body: Record<string, unknown> = {},
  key = tenant.adminKey,
): Promise<TestResponse<CheckoutResult>> =>
  api<CheckoutResult>(h, "POST", `/user/${userId}/order/${orderId}/checkout`, { key, body });

export const getOrder = async (
  h: TestHarness,
  tenant: Tenant,
  userId: string,
  orderId: string,
): Promise<Order> => {
  const response = await api<Order>(h, "GET", `/user/${userId}/order/${orderId}`, { key: tenant.adminKey });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

export const helper = (
  h: TestHarness,
  intentId: string,
  outcome: "succeed" | "fail" | "process",
): Promise<TestResponse<HelperResult>> =>
  api<HelperResult>(h, "POST", `/test-helpers/cardproc/payment-intents/${intentId}/${outcome}`);

/** A processor-signed event body, as the processor would send it (for out-of-order and replay tests). */
export const signedEvent = (
  h: TestHarness,
  event: { id: string; type: string; object: Record<string, unknown> },
  options: { secret?: string; timestamp?: number } = {},
): { rawBody: string; headers: Record<string, string> } => {
  const created = Math.floor(h.runtime.deps.clock.now().getTime() / 1000);
  const rawBody = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    created,
    data: { object: event.object },
  });
  const signature = signCardprocPayload(
    rawBody,
    options.secret ?? DEV_CARDPROC_WEBHOOK_SECRET,
    options.timestamp ?? created,
  );
  return { rawBody, headers: { "content-type": "application/json", "Cardproc-Signature": signature } };
};

export const postWebhook = (
  h: TestHarness,
  endpoint: string,
  signed: { rawBody: string; headers: Record<string, string> },
): Promise<TestResponse<Record<string, unknown>>> =>
  h.request("POST", `/api/v1/webhooks/cardproc/${endpoint}`, {
    rawBody: signed.rawBody,
    headers: signed.headers,
  });

export const grantPoints = async (
  h: TestHarness,
  tenant: Tenant,
  userId: string,
  amount: number,
  creatorId?: string,
): Promise<void> => {
  const response = await api(h, "POST", `/user/${userId}/points`, {
    key: tenant.adminKey,
    body: { amount, ...(creatorId ? { creatorId } : {}) },
  });
  expect(response.status, response.text).toBe(201);
};

export const pointsBalance = async (h: TestHarness, tenant: Tenant, userId: string): Promise<number> => {
  const response = await api<{ balance: number }>(h, "GET", `/user/${userId}/points`, {
    key: tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.balance;
};
