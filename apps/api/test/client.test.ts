import { readFile, writeFile } from "node:fs/promises";
import { createTallyClient, createTallyRestClient } from "@tally/client";
import { renderRestTypes } from "@tally/client/generate";
import { type Tenant, useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The typed client (`@tally/client`) against the app: both clients reach the same procedures, and the
 * committed REST types are what the served OpenAPI document generates. With
 * `UPDATE_CLIENT_TYPES=1` (`pnpm --filter @tally/api generate:client-types`) the file is rewritten
 * instead of compared.
 */

const GENERATED = new URL("../../../packages/client/src/generated/rest.generated.ts", import.meta.url);

let tenant: Tenant;
const url = "http://tally.test";

const h = useHarness();
beforeAll(async () => {
  tenant = await h.createTenant({ tier: "pro" });
});
/** The app's in-process fetch: the clients' requests never leave the process. */
const inProcess: typeof fetch = async (input, init) =>
  h.runtime.app.request(input instanceof Request ? input : new Request(input, init));

describe("@tally/client", () => {
  it("commits the REST types the served OpenAPI document generates", async () => {
    const fresh = await renderRestTypes(h.runtime.openApiDocument);
    if (process.env.UPDATE_CLIENT_TYPES === "1") await writeFile(GENERATED, fresh);
    const committed = await readFile(GENERATED, "utf8");
    expect(
      committed === fresh,
      "packages/client/src/generated/rest.generated.ts is stale: run `pnpm --filter @tally/api generate:client-types`",
    ).toBe(true);
  });

  it("the tRPC client calls procedures with the key and the acting user", async () => {
    const client = createTallyClient({ url, apiKey: tenant.adminKey, fetch: inProcess });
    const user = await client.commerce.users.create.mutate({
      email: `trpc-${Date.now()}@example.com`,
      walletProviderId: `did:test:${Date.now()}`,
    });
    expect(user).toMatchObject({ organizationId: tenant.organizationId });
    const acting = createTallyClient({
      url,
      apiKey: tenant.adminKey,
      userId: "someoneelse",
      fetch: inProcess,
    });
    const balances = await client.points.balances.query({ id: user.id });
    expect(balances.balance).toBe(0);
    await expect(acting.points.balances.query({ id: user.id })).rejects.toMatchObject({
      data: { httpStatus: 403, tally: { code: "acting_user_mismatch" } },
    });
  });

  it("a first sale through the tRPC client, as the README shows it", async () => {
    const tally = createTallyClient({ url, apiKey: tenant.adminKey, fetch: inProcess });
    const stamp = `${Date.now()}`;
    const owner = await tally.commerce.users.create.mutate({
      email: `maker-${stamp}@example.com`,
      walletProviderId: `did:example:maker-${stamp}`,
    });
    const creator = await tally.commerce.creators.create.mutate({
      id: owner.id,
      displayName: "Maker Shop",
      slug: `maker-shop-${stamp}`,
    });
    const product = await tally.commerce.products.create.mutate({
      creatorId: creator.id,
      name: "Poster",
      slug: "poster",
      description: "A2 print",
      price: 2500,
      stock: 10,
    });
    await tally.commerce.products.publish.mutate({ creatorId: creator.id, productId: product.id });
    const buyer = await tally.commerce.users.create.mutate({
      email: `fan-${stamp}@example.com`,
      walletProviderId: `did:example:fan-${stamp}`,
    });
    const order = await tally.commerce.orders.create.mutate({ id: buyer.id, productId: product.id });
    const checkout = await tally.payments.checkout.checkout.mutate({ id: buyer.id, orderId: order.id });
    expect(checkout).toMatchObject({ amount: 2500, orderStatus: "PAYMENT_PENDING" });
    // The sandbox's test helper is a plain route (no procedure): it plays the customer paying.
    const paid = await inProcess(
      `${url}/api/v1/test-helpers/cardproc/payment-intents/${checkout.paymentIntentId}/succeed`,
      { method: "POST" },
    );
    expect(paid.status).toBe(200);
    const read = await tally.commerce.orders.get.query({ id: buyer.id, orderId: order.id });
    expect(read).toMatchObject({ status: "PAID", payment: { method: "CARD", amountPaid: 2500 } });
  });

  it("the REST client reaches /api/v1 with typed paths and the spec's error body", async () => {
    const client = createTallyRestClient({ url, apiKey: tenant.adminKey, fetch: inProcess });
    const created = await client.POST("/user", {
      body: { email: `rest-${Date.now()}@example.com`, walletProviderId: `did:rest:${Date.now()}` },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    const read = await client.GET("/user/{id}/points", { params: { path: { id } } });
    expect(read.data).toMatchObject({ balance: 0 });
    const missing = await client.GET("/user/{id}/points", { params: { path: { id: "nosuchuser" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ status: 404, code: "not_found" });
  });
});
