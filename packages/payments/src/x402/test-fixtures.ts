import { x402Authorizations, x402Payments } from "@tally/db";
import type { LocalWallet, X402FacilitatorPort, X402PaymentPayload } from "@tally/providers";
import { randomNonce, signAuthorization, type TransferAuthorization } from "@tally/providers/test-support";
import {
  type ApiSchema,
  buyer,
  expectOpenOrder,
  fundedWallet,
  type Order,
  openUsdcShop,
  type TestHarness,
  type TestResponse,
  type UsdcShop,
  usdcBalance,
  usdcOf,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { type Address, parseAbi } from "viem";
import { expect } from "vitest";

/**
 * What the x402 pay tests share: POST /api/v1/x402/orders/{id}/pay against the file's anvil chain and
 * the local facilitator, sales to pay, payers that sign EIP-3009 authorizations, and checks of what moved.
 */

export const transferWithAuthorizationAbi = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
]);

export type PaymentRequired = ApiSchema<"X402PaymentRequired">;
export type X402Payment = ApiSchema<"X402Payment">;
export type Receipt = ApiSchema<"X402Receipt">;

/** The 202 body while a payment settles: the document defines it inline, so it has no schema name. */
export interface Pending {
  status: "PENDING";
  orderId: string;
  payment: X402Payment;
}

export const payPath = (orderId: string) => `/api/v1/x402/orders/${orderId}/pay`;

export const fromBase64Json = (value: string | null): unknown => {
  expect(value).toBeTruthy();
  return JSON.parse(Buffer.from(value!, "base64").toString("utf8"));
};
export const toBase64Json = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64");

export const unixNow = (): bigint => BigInt(Math.floor(Date.now() / 1000));

/**
 * A JS Date (millisecond precision), as the service writes `updated_at`: the retry job leases a row by
 * comparing `updated_at` with the Date it read, which a microsecond `now()` would never match.
 */
const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

/**
 * What a stock x402 client sends: an EIP-3009 TransferWithAuthorization over USDC's domain, base64 JSON;
 * valid from 10 minutes ago until 5 minutes from now unless `validAfter`/`validBefore` (unix seconds) say otherwise.
 */
export const signPayment = async (
  h: TestHarness,
  wallet: LocalWallet,
  options: {
    to: string;
    value: bigint;
    network?: string;
    scheme?: string;
    validAfter?: bigint;
    validBefore?: bigint;
  },
): Promise<{ header: string; payload: X402PaymentPayload }> => {
  const now = unixNow();
  const authorization: TransferAuthorization = {
    from: wallet.address,
    to: options.to as Address,
    value: options.value,
    validAfter: options.validAfter ?? now - 600n,
    validBefore: options.validBefore ?? now + 300n,
    nonce: randomNonce(),
  };
  const signature = await signAuthorization(
    wallet,
    h.chain.usdcAddress,
    "TransferWithAuthorization",
    authorization,
  );
  const payload = {
    x402Version: 1,
    scheme: options.scheme ?? "exact",
    network: options.network ?? "base",
    payload: {
      signature,
      authorization: {
        ...authorization,
        value: authorization.value.toString(),
        validAfter: authorization.validAfter.toString(),
        validBefore: authorization.validBefore.toString(),
      },
    },
  } as X402PaymentPayload;
  return { header: toBase64Json(payload), payload };
};

export interface Sale {
  shop: UsdcShop;
  order: Order;
  buyerId: string;
  variantId: string;
  /** The order total in USDC atomic units. */
  total: bigint;
  /** This test's own client address (see `newClient`). */
  client: string;
}

export interface Payer {
  wallet: LocalWallet;
  /** The wallet's USDC balance before it paid anything. */
  before: bigint;
  /** Its signed payment of the sale's total to the shop, as X-PAYMENT and decoded. */
  header: string;
  payload: X402PaymentPayload;
}

/**
 * The helpers bound to a test file's harness. The pay endpoint has no API key and is rate-limited per
 * client address (burst 50), in database buckets that all test files on one PostgreSQL database share.
 * In-process requests have no socket, so each test passes its own peer address (what @hono/node-server
 * puts in `env.incoming`), under `10.<subnet>.x.y`: a subnet of its own per file keeps files and tests
 * from draining each other's bucket.
 */
export const x402Fixtures = (h: TestHarness, subnet: number) => {
  let clients = 0;
  const newClient = (): string => {
    clients += 1;
    return `10.${subnet}.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  };

  /** An in-process request to the app, coming from `client`'s address. */
  const request = async (
    client: string,
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> => {
    const app = h.runtime.app as { request: (...args: unknown[]) => Response | Promise<Response> };
    return app.request(input, init, { incoming: { socket: { remoteAddress: client } } });
  };

  const pay = async <T = PaymentRequired>(
    orderId: string,
    options: { header?: string; client: string },
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = {};
    if (options.header !== undefined) headers["X-PAYMENT"] = options.header;
    const response = await request(options.client, payPath(orderId), { method: "POST", headers });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  };

  /** Makes the order's x402 payment look abandoned by its request, so the retry job takes it up. */
  const markStale = (orderId: string) =>
    h.database.db
      .update(x402Payments)
      .set({ updatedAt: minutesAgo(5) })
      .where(eq(x402Payments.orderId, orderId));

  /** A USDC shop selling one product at `price` cents, a buyer's OPEN order for one unit, and a client address. */
  const openSale = async (options: { price: number; stock?: number }): Promise<Sale> => {
    const shop = await openUsdcShop(h, options);
    const { user, order } = await buyer(h, shop);
    return {
      shop,
      order,
      buyerId: user.id,
      variantId: shop.product.variants[0]!.id,
      total: usdcOf(options.price),
      client: newClient(),
    };
  };

  /** A fresh wallet funded with `usdc` (default 1,000 USDC) that has signed a payment of the sale's total. */
  const payerOf = async (sale: Sale, usdc?: bigint): Promise<Payer> => {
    const wallet = await fundedWallet(h, usdc);
    const before = await usdcBalance(h, wallet.address);
    const signed = await signPayment(h, wallet, { to: sale.shop.receivingAddress, value: sale.total });
    return { wallet, before, ...signed };
  };

  /** On chain: the payer was charged the total once, and the shop received exactly the total. */
  const expectChargedOnce = async (sale: Sale, payer: Pick<Payer, "wallet" | "before">) => {
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - sale.total);
    expect(await usdcBalance(h, sale.shop.receivingAddress)).toBe(sale.total);
  };

  const paymentRows = (orderId: string) =>
    h.database.db.select().from(x402Payments).where(eq(x402Payments.orderId, orderId));
  const authorizationsOf = (authorizer: string) =>
    h.database.db.select().from(x402Authorizations).where(eq(x402Authorizations.authorizer, authorizer));

  /** Nothing happened to the order: still OPEN, no payment row, no claim, no stock held. */
  const expectUntouched = async (orderId: string, variantId: string, stock: number) => {
    await expectOpenOrder(h, orderId, variantId, stock);
    expect(await paymentRows(orderId)).toEqual([]);
  };

  /** The X-PAYMENT-RESPONSE header: the settlement transaction and who paid. */
  const expectPaymentResponse = (response: { headers: Headers }, transaction: string, payer: string) => {
    expect(fromBase64Json(response.headers.get("X-PAYMENT-RESPONSE"))).toEqual({
      success: true,
      transaction,
      network: "base",
      payer,
    });
  };

  /** Runs `run` with the facilitator's settle replaced by `settle` (verify stays real), then puts it back. */
  const withSettle = async (
    settle: (
      real: X402FacilitatorPort,
      ...args: Parameters<X402FacilitatorPort["settle"]>
    ) => ReturnType<X402FacilitatorPort["settle"]>,
    run: () => Promise<void>,
  ): Promise<void> => {
    const providers = h.runtime.deps.providers as { x402Facilitator: X402FacilitatorPort };
    const real = providers.x402Facilitator;
    providers.x402Facilitator = {
      adapter: real.adapter,
      verify: (payload, requirements) => real.verify(payload, requirements),
      settle: (payload, requirements) => settle(real, payload, requirements),
    };
    try {
      await run();
    } finally {
      providers.x402Facilitator = real;
    }
  };

  const expectRequirements = (
    body: PaymentRequired,
    expected: { orderId: string; payTo: string; amount: bigint },
  ) => {
    expect(body).toMatchObject({
      status: 402,
      code: "payment_required",
      error: expect.any(String),
      requestId: expect.any(String),
      x402Version: 1,
      schemes: ["exact"],
      network: "base",
      payTo: expected.payTo,
      maxAmountRequired: expected.amount.toString(),
      asset: h.chain.usdcAddress,
    });
    expect(body.resource.endsWith(payPath(expected.orderId))).toBe(true);
    expect(new URL(body.resource).pathname).toBe(payPath(expected.orderId));
    expect(body.accepts).toEqual([
      {
        scheme: "exact",
        network: "base",
        maxAmountRequired: expected.amount.toString(),
        resource: body.resource,
        description: expect.any(String),
        mimeType: expect.any(String),
        payTo: expected.payTo,
        maxTimeoutSeconds: expect.any(Number),
        asset: h.chain.usdcAddress,
        extra: { name: "USD Coin", version: "2" },
      },
    ]);
    expect(body.accepts[0]!.maxTimeoutSeconds).toBeGreaterThan(0);
  };

  return {
    newClient,
    request,
    pay,
    markStale,
    openSale,
    payerOf,
    signPayment: (wallet: LocalWallet, options: Parameters<typeof signPayment>[2]) =>
      signPayment(h, wallet, options),
    expectChargedOnce,
    paymentRows,
    authorizationsOf,
    expectUntouched,
    expectPaymentResponse,
    withSettle,
    expectRequirements,
  };
};
