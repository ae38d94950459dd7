import {
  buyer,
  enableUsdcPayments,
  expectError,
  fundedWallet,
  openShop,
  randomAddress,
  usdcBalance,
  usdcOf,
  useHarness,
} from "@tally/testing";
import { fromBase64Json, type Receipt, toBase64Json, x402Fixtures } from "@tally/testing/x402";
import { describe, expect, it } from "vitest";
import { X402_PAY_LIMIT } from "./routes.ts";

/** POST /api/v1/x402/orders/{id}/pay before any payment settles: requirements, refusals, rate limit. */

const h = useHarness();
const {
  authorizationsOf,
  expectChargedOnce,
  expectRequirements,
  expectUntouched,
  newClient,
  openSale,
  pay,
  payerOf,
  signPayment,
} = x402Fixtures(h, 42);

describe("POST /x402/orders/{id}/pay without X-PAYMENT", () => {
  it("answers 402 with the flat requirements and accepts[], mirrored base64 in X-PAYMENT-REQUIREMENTS", async () => {
    const { shop, order, variantId, client } = await openSale({ price: 1234, stock: 5 });

    const response = await pay(order.id, { client });
    expect(response.status, response.text).toBe(402);
    expectRequirements(response.body, {
      orderId: order.id,
      payTo: shop.receivingAddress,
      amount: 12_340_000n,
    });
    expect(response.body.context).toBeUndefined();
    const { status, error, code, requestId, ...requirements } = response.body;
    expect(fromBase64Json(response.headers.get("X-PAYMENT-REQUIREMENTS"))).toEqual(requirements);
    expect(requestId).not.toBe("unknown");

    // Asking costs nothing: no hold, no row, order untouched; asking again answers the same.
    await expectUntouched(order.id, variantId, 5);
    const again = await pay(order.id, { client });
    expect(again.status, again.text).toBe(402);
    expect(again.body.accepts).toEqual(response.body.accepts);
  });

  it("unknown order -> 404; organization without x402 or without a receiving address -> 409", async () => {
    const client = newClient();
    expectError(await pay("doesnotexist00000000", { client }), 404, "not_found");

    // Never enabled.
    const plain = await openShop(h);
    const { order: plainOrder } = await buyer(h, plain);
    const off = await pay(plainOrder.id, { client });
    expectError(off, 409, "payment_method_unavailable");
    expect(off.headers.get("X-PAYMENT-REQUIREMENTS")).toBeNull();

    // A receiving address but x402 disabled.
    const disabled = await openShop(h);
    await enableUsdcPayments(h, disabled.tenant, { x402Enabled: false });
    const { order: disabledOrder } = await buyer(h, disabled);
    expectError(await pay(disabledOrder.id, { client }), 409, "payment_method_unavailable");

    // Enabled without a receiving address: refused even with a well-formed payment.
    const noAddress = await openShop(h, { stock: 3 });
    expect(await enableUsdcPayments(h, noAddress.tenant, { receivingAddress: null })).toBeNull();
    const { order } = await buyer(h, noAddress);
    expectError(await pay(order.id, { client }), 409, "payment_method_unavailable");
    const wallet = await fundedWallet(h);
    const { header } = await signPayment(wallet, { to: randomAddress(), value: usdcOf(2500) });
    expectError(await pay(order.id, { client, header }), 409, "payment_method_unavailable");
    await expectUntouched(order.id, noAddress.product.variants[0]!.id, 3);
    expect(await authorizationsOf(wallet.address)).toEqual([]);
  });
});

describe("POST /x402/orders/{id}/pay refusals", () => {
  it("a malformed X-PAYMENT is 400 and changes nothing", async () => {
    const sale = await openSale({ price: 2500, stock: 4 });
    const { shop, order, variantId, client } = sale;
    const { wallet, payload } = await payerOf(sale);
    const { authorization } = payload.payload;
    const malformed = [
      "this is not base64 json!",
      Buffer.from("plain text, not JSON").toString("base64"),
      toBase64Json("a JSON string"),
      toBase64Json({ hello: "world" }),
      toBase64Json({ ...payload, x402Version: 2 }),
      toBase64Json({ ...payload, payload: { authorization } }),
      toBase64Json({ ...payload, payload: { ...payload.payload, signature: "0x1234" } }),
      toBase64Json({
        ...payload,
        payload: { ...payload.payload, authorization: { ...authorization, nonce: "0x1234" } },
      }),
      toBase64Json({
        ...payload,
        payload: { ...payload.payload, authorization: { ...authorization, value: "-25000000" } },
      }),
      toBase64Json({
        ...payload,
        payload: { ...payload.payload, authorization: { ...authorization, from: "0xnotanaddress" } },
      }),
    ];
    for (const header of malformed) {
      const response = await pay(order.id, { client, header });
      expectError(response, 400, "bad_request");
    }
    await expectUntouched(order.id, variantId, 4);
    expect(await authorizationsOf(wallet.address)).toEqual([]);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
  });

  it("a signed authorization for another amount, recipient, network or scheme is 402 with the reason; nothing settles", async () => {
    const sale = await openSale({ price: 2500, stock: 4 });
    const { shop, order, variantId, client, total } = sale;
    const payer = await payerOf(sale);

    const cases: [Parameters<typeof signPayment>[1], string][] = [
      [{ to: shop.receivingAddress, value: total - 1n }, "amount_mismatch"],
      [{ to: shop.receivingAddress, value: total + 1n }, "amount_mismatch"],
      [{ to: randomAddress(), value: total }, "recipient_mismatch"],
      [{ to: shop.receivingAddress, value: total, network: "base-sepolia" }, "invalid_network"],
      [{ to: shop.receivingAddress, value: total, scheme: "upto" }, "unsupported_scheme"],
    ];
    for (const [options, reason] of cases) {
      const { header } = await signPayment(payer.wallet, options);
      const response = await pay(order.id, { client, header });
      expect(response.status, response.text).toBe(402);
      expect(response.body.context).toEqual({ reason });
      // Fresh requirements come back, so the client can pay again.
      expectRequirements(response.body, { orderId: order.id, payTo: shop.receivingAddress, amount: total });
      expect(response.headers.get("X-PAYMENT-REQUIREMENTS")).toBeTruthy();
    }

    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
    await expectUntouched(order.id, variantId, 4);
    expect(await authorizationsOf(payer.wallet.address)).toEqual([]);

    // The refusals left nothing behind: a matching authorization then pays.
    const paid = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(paid.status, paid.text).toBe(200);
    await expectChargedOnce(sale, payer);
  });
});

describe("rate limit", () => {
  it("limits the keyless endpoint per client address (429 with Retry-After); other addresses are unaffected", async () => {
    const { order, client } = await openSale({ price: 500 });
    const { burst } = X402_PAY_LIMIT;
    const responses = await Promise.all(Array.from({ length: burst + 20 }, () => pay(order.id, { client })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 402 || status === 429)).toBe(true);
    const limited = responses.filter((response) => response.status === 429);
    // The burst passes (plus the few tokens refilled while the batch runs); the rest is limited.
    expect(statuses.filter((status) => status === 402).length).toBeGreaterThanOrEqual(burst);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expectError(limited[0]!, 429, "rate_limited");
    expect(limited[0]!.headers.get("Retry-After")).toBeTruthy();
    const elsewhere = await pay(order.id, { client: newClient() });
    expect(elsewhere.status, elsewhere.text).toBe(402);
  });
});
