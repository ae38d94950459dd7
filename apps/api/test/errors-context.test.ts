import type { AppRouter } from "@tally/router";
import { createUser, type Tenant, type TestResponse, useHarness } from "@tally/testing";
import { cryptoCommerceFixtures, openCryptoCommerceShop } from "@tally/testing/cryptocommerce";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { beforeAll, describe, expect, it } from "vitest";
import { expectStrictError } from "./error-shape.ts";

/**
 * `details` has one shape in every answer: a list of `{field?, message}`. Facts a client acts on
 * (the open order's id, the current status, a verification reason) travel in `context`.
 */

const h = useHarness();
let tenant: Tenant;
let creatorId: string;

beforeAll(async () => {
  ({ tenant, creatorId } = await openCryptoCommerceShop(h));
});

const { createProduct, openOrder, createCharge, pay } = cryptoCommerceFixtures(h, () => ({
  tenant,
  creatorId,
}));

type Body = { details?: unknown; context?: unknown };

const expectDetailsList = (body: Body) => {
  expect(Array.isArray(body.details), JSON.stringify(body)).toBe(true);
  for (const detail of body.details as unknown[]) {
    expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
};

const expectContextObject = (body: Body) => {
  expect(body.context).toBeTypeOf("object");
  expect(Array.isArray(body.context)).toBe(false);
};

const clientFor = (key: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://tally.test/trpc",
        headers: { authorization: `Bearer ${key}` },
        fetch: (async (url: unknown, init?: RequestInit) =>
          h.runtime.app.request(String(url), init)) as typeof fetch,
      }),
    ],
  });

describe("error bodies: details and context", () => {
  it("a second open order is 409 open_order_exists with the open order's id in context, on REST and /trpc", async () => {
    const { productId } = await createProduct(1000, 10);
    const user = await createUser(h, tenant);
    const open = await openOrder(user, productId, 1);

    const again = (await h.request("POST", `/api/v1/user/${user.id}/order`, {
      key: tenant.adminKey,
      body: { productId, quantity: 1 },
    })) as TestResponse;
    expectStrictError(again, 409, "open_order_exists");
    const body = again.body as Body;
    expect(body.details).toBeUndefined();
    expectContextObject(body);
    expect(body.context).toEqual({ orderId: open.id });

    const viaTrpc = await clientFor(tenant.adminKey)
      .commerce.orders.create.mutate({ id: user.id, productId, quantity: 1 })
      .catch((caught: unknown) => caught);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    const tally = ((viaTrpc as TRPCClientError<AppRouter>).data as { tally: Body & { code: string } }).tally;
    expect(tally.code).toBe("open_order_exists");
    expect(tally.details).toBeUndefined();
    expect(tally.context).toEqual({ orderId: open.id });
  });

  it("paying a paid order again is 409 invalid_state with the status in context", async () => {
    const { productId } = await createProduct(1200, 10);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);
    const charge = await createCharge(order.id, 1200);
    expect((await pay(user, order.id, charge.id, "12.00")).status).toBe(200);

    const again = (await pay(user, order.id, charge.id, "12.00")) as TestResponse;
    expectStrictError(again, 409, "invalid_state");
    const body = again.body as Body;
    expect(body.details).toBeUndefined();
    expectContextObject(body);
    expect(body.context).toMatchObject({ status: "PAID" });
  });

  it("an unknown charge is 422 payment_verification_failed with the reason in context", async () => {
    const { productId } = await createProduct(1300, 10);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);

    const refused = (await pay(user, order.id, "no-such-charge", "13.00")) as TestResponse;
    expectStrictError(refused, 422, "payment_verification_failed");
    const body = refused.body as Body;
    expect(body.details).toBeUndefined();
    expectContextObject(body);
    expect(body.context).toEqual({ reason: "charge_not_found" });
  });

  it("a bad body is 422 validation_failed with a details list and no context", async () => {
    const user = await createUser(h, tenant);
    const refused = (await h.request("POST", `/api/v1/user/${user.id}/order`, {
      key: tenant.adminKey,
      body: { productId: 42, quantity: -1 },
    })) as TestResponse;
    expectStrictError(refused, 422, "validation_failed");
    const body = refused.body as Body;
    expectDetailsList(body);
    expect((body.details as { field: string }[]).map((detail) => detail.field).sort()).toEqual([
      "productId",
      "quantity",
    ]);
    expect(body.context).toBeUndefined();
  });
});
