import { x402Authorizations, x402Payments } from "@tally/db";
import { retryUnsettledX402Payments, X402_PAY_LIMIT } from "@tally/payments";
import {
  FacilitatorUnavailableError,
  type LocalWallet,
  type X402FacilitatorPort,
  type X402PaymentPayload,
} from "@tally/providers";
import {
  localClients,
  randomNonce,
  signAuthorization,
  type TransferAuthorization,
} from "@tally/providers/test-support";
import {
  api,
  buyer,
  claimsOf,
  createOrder,
  enableUsdcPayments,
  expectError,
  expectOpenOrder,
  fundedWallet,
  holdsOf,
  type Order,
  openShop,
  openUsdcShop,
  orderRow,
  randomAddress,
  randomHash,
  signUp,
  silentLogger,
  stockOf,
  type TestResponse,
  type UsdcShop,
  usdcBalance,
  usdcOf,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { type Address, getAddress, type Hex, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";

const transferWithAuthorizationAbi = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
]);

/**
 * POST /api/v1/x402/orders/{id}/pay against this file's anvil chain and the local facilitator:
 * requirements, refusals, settlement, exactly-once, facilitator timeout + retry job, settlement
 * failure, authorization reuse, and a stock x402 client paying end to end.
 */

const h = useHarness();

interface Requirement {
  scheme: string;
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: { name: string; version: string };
}

interface PaymentRequired {
  status: 402;
  error: string;
  code: string;
  details?: { reason: string };
  requestId: string;
  x402Version: number;
  schemes: string[];
  network: string;
  payTo: string;
  maxAmountRequired: string;
  asset: string;
  resource: string;
  accepts: Requirement[];
}

interface X402Payment {
  id: number;
  orderId: string;
  status: string;
  txHash: string | null;
  network: string;
  asset: string;
  amount: string;
  payTo: string;
  payer: string;
  settlementData: Record<string, unknown> | null;
  createdAt: string;
  settledAt: string | null;
}

interface Receipt {
  success: true;
  orderId: string;
  payment: X402Payment;
  order: Order;
}

interface Pending {
  status: "PENDING";
  orderId: string;
  payment: X402Payment;
}

/**
 * The pay endpoint has no API key and is rate-limited per client address (burst 20). In-process
 * requests have no socket, so each test passes its own peer address (what @hono/node-server puts in
 * `env.incoming`): tests never drain each other's bucket.
 */
let clients = 0;
const newClient = (): string => {
  clients += 1;
  return `10.42.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
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

const payPath = (orderId: string) => `/api/v1/x402/orders/${orderId}/pay`;

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

const fromBase64Json = (value: string | null): unknown => {
  expect(value).toBeTruthy();
  return JSON.parse(Buffer.from(value!, "base64").toString("utf8"));
};
const toBase64Json = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64");

/**
 * A JS Date (millisecond precision), as the service writes `updated_at`: the retry job leases a row by
 * comparing `updated_at` with the Date it read, which a microsecond `now()` would never match.
 */
const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

/** Makes the order's x402 payment look abandoned by its request, so the retry job takes it up. */
const markStale = (orderId: string) =>
  h.database.db
    .update(x402Payments)
    .set({ updatedAt: minutesAgo(5) })
    .where(eq(x402Payments.orderId, orderId));

const unixNow = (): bigint => BigInt(Math.floor(Date.now() / 1000));

/**
 * What a stock x402 client sends: an EIP-3009 TransferWithAuthorization over USDC's domain, base64 JSON;
 * valid from 10 minutes ago until 5 minutes from now unless `validAfter`/`validBefore` (unix seconds) say otherwise.
 */
const signPayment = async (
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

interface Sale {
  shop: UsdcShop;
  order: Order;
  buyerId: string;
  variantId: string;
  /** The order total in USDC atomic units. */
  total: bigint;
  /** This test's own client address (see `newClient`). */
  client: string;
}

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

interface Payer {
  wallet: LocalWallet;
  /** The wallet's USDC balance before it paid anything. */
  before: bigint;
  /** Its signed payment of the sale's total to the shop, as X-PAYMENT and decoded. */
  header: string;
  payload: X402PaymentPayload;
}

/** A fresh wallet funded with `usdc` (default 1,000 USDC) that has signed a payment of the sale's total. */
const payerOf = async (sale: Sale, usdc?: bigint): Promise<Payer> => {
  const wallet = await fundedWallet(h, usdc);
  const before = await usdcBalance(h, wallet.address);
  const signed = await signPayment(wallet, { to: sale.shop.receivingAddress, value: sale.total });
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
    expect(response.body.details).toBeUndefined();
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
      expect(response.body.details).toEqual({ reason });
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

describe("POST /x402/orders/{id}/pay settlement", () => {
  it("settles a matching payment: 200 receipt, X-PAYMENT-RESPONSE, balances moved, order PAID, stock committed", async () => {
    const sale = await openSale({ price: 2500, stock: 5 });
    const { shop, order, variantId, client, total } = sale;
    const payer = await payerOf(sale);
    const { wallet, payload } = payer;

    const response = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(response.status, response.text).toBe(200);
    const txHash = response.body.payment.txHash!;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(response.body).toMatchObject({
      success: true,
      orderId: order.id,
      payment: {
        orderId: order.id,
        status: "SETTLED",
        network: "base",
        asset: h.chain.usdcAddress,
        amount: total.toString(),
        payTo: shop.receivingAddress,
        payer: wallet.address,
        settledAt: expect.any(String),
      },
      order: {
        id: order.id,
        status: "PAID",
        payment: { method: "X402", amountPaid: 2500, paidAt: expect.any(String) },
      },
    });
    // Keyless: the receipt names no buyer, e-mail or address.
    expect(Object.keys(response.body.order).sort()).toEqual(["id", "payment", "status"]);
    expectPaymentResponse(response, txHash, wallet.address);

    // On chain: exactly the total moved from the payer to the receiving address, in that transaction.
    await expectChargedOnce(sale, payer);
    const onChain = await h.runtime.deps.providers.chain.getTransaction(txHash as Hex);
    expect(onChain).toMatchObject({
      status: "success",
      transfers: [
        { token: h.chain.usdcAddress, from: wallet.address, to: shop.receivingAddress, value: total },
      ],
    });

    // In the database.
    const [payment, ...others] = await paymentRows(order.id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      organizationId: shop.tenant.organizationId,
      status: "SETTLED",
      txHash,
      payer: wallet.address,
      payTo: shop.receivingAddress,
      amount: total.toString(),
      nonce: payload.payload.authorization.nonce.toLowerCase(),
      failureReason: null,
    });
    expect(payment!.txHash).toBe(payment!.txHash!.toLowerCase());
    expect(payment!.settledAt).toBeInstanceOf(Date);
    const row = await orderRow(h, order.id);
    expect(row).toMatchObject({ status: "PAID", paymentMethod: "X402", amountPaid: 2500 });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await stockOf(h, variantId)).toBe(4);
    expect(await claimsOf(h, order.id)).toMatchObject([
      { txHash, organizationId: shop.tenant.organizationId, orderId: order.id, method: "X402" },
    ]);
    expect(await authorizationsOf(wallet.address)).toMatchObject([
      {
        asset: h.chain.usdcAddress,
        nonce: payload.payload.authorization.nonce.toLowerCase(),
        orderId: order.id,
      },
    ]);
  });

  it("exactly once, sequentially: the same header again, no header, or another authorization answer the receipt; one charge", async () => {
    const sale = await openSale({ price: 1999, stock: 5 });
    const { shop, order, client, total } = sale;
    const payer = await payerOf(sale);
    const other = await payerOf(sale);

    const first = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(first.status, first.text).toBe(200);
    const txHash = first.body.payment.txHash!;
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - total);

    const expectReceipt = (response: TestResponse<Receipt>) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        payment: { id: first.body.payment.id, status: "SETTLED", txHash, payer: payer.wallet.address },
        order: { status: "PAID" },
      });
      expectPaymentResponse(response, txHash, payer.wallet.address);
    };
    expectReceipt(await pay<Receipt>(order.id, { client, header: payer.header }));
    expectReceipt(await pay<Receipt>(order.id, { client }));
    expectReceipt(await pay<Receipt>(order.id, { client, header: other.header }));
    // Also with the first wallet's own fresh authorization.
    const { header: fresh } = await signPayment(payer.wallet, { to: shop.receivingAddress, value: total });
    expectReceipt(await pay<Receipt>(order.id, { client, header: fresh }));

    await expectChargedOnce(sale, payer);
    expect(await usdcBalance(h, other.wallet.address)).toBe(other.before);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect(await authorizationsOf(other.wallet.address)).toEqual([]);
  });

  it("exactly once, concurrently: the same header 10 at once settles once", async () => {
    const sale = await openSale({ price: 3100, stock: 5 });
    const { order, variantId, client } = sale;
    const payer = await payerOf(sale);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pay<Receipt | Pending>(order.id, { client, header: payer.header })),
    );
    for (const response of responses) expect([200, 202], response.text).toContain(response.status);
    const receipts = responses.filter((response) => response.status === 200) as TestResponse<Receipt>[];
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    const hashes = new Set(receipts.map((response) => response.body.payment.txHash));
    expect(hashes.size).toBe(1);

    const rows = await paymentRows(order.id);
    expect(rows.map((row) => row.status)).toEqual(["SETTLED"]);
    expect(rows[0]!.txHash).toBe([...hashes][0]);
    await expectChargedOnce(sale, payer);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect(await authorizationsOf(payer.wallet.address)).toHaveLength(1);
    expect(await stockOf(h, variantId)).toBe(4);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("exactly once, concurrently: 5 different payers at once, one charge", async () => {
    const sale = await openSale({ price: 700, stock: 5 });
    const { order, client } = sale;
    const payers = await Promise.all(Array.from({ length: 5 }, () => payerOf(sale)));

    const responses = await Promise.all(
      payers.map((payer) => pay<Receipt | Pending>(order.id, { client, header: payer.header })),
    );
    for (const response of responses) {
      expect([200, 202, 409], response.text).toContain(response.status);
      if (response.status === 409) expect(response.body).toMatchObject({ code: "payment_in_progress" });
    }

    const rows = await paymentRows(order.id);
    expect(rows.map((row) => row.status)).toEqual(["SETTLED"]);
    const after = await Promise.all(payers.map((payer) => usdcBalance(h, payer.wallet.address)));
    const charged = payers.filter((payer, index) => after[index] !== payer.before);
    expect(charged.map((payer) => payer.wallet.address)).toEqual([rows[0]!.payer]);
    await expectChargedOnce(sale, charged[0]!);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("a transfer an embedded-wallet payment already claimed cannot pay a second order through x402", async () => {
    // The payer executes its own authorization on chain, reports that transfer for order A as an
    // embedded-wallet payment, then presents the same authorization for order B.
    const sale = await openSale({ price: 1300 });
    const { shop, order, variantId, client } = sale;
    const payer = await payerOf(sale);
    const { authorization, signature } = payer.payload.payload;
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const txHash = await walletClient(payer.wallet).writeContract({
      address: h.chain.usdcAddress,
      abi: transferWithAuthorizationAbi,
      functionName: "transferWithAuthorization",
      args: [
        authorization.from,
        authorization.to,
        BigInt(authorization.value),
        BigInt(authorization.validAfter),
        BigInt(authorization.validBefore),
        authorization.nonce,
        signature,
      ],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: txHash })).status).toBe("success");
    const owner = await signUp(h, shop.tenant, { walletAddress: payer.wallet.address });
    const orderA = await createOrder(h, shop.tenant, owner.id, { productId: shop.product.id });
    const embedded = await api(h, "PATCH", `/user/${owner.id}/order/${orderA.id}/checkout/embedded-wallet`, {
      key: shop.tenant.adminKey,
      body: { txHash, amount: "13.00", walletAddress: payer.wallet.address, chain: "BASE", asset: "USDC" },
    });
    expect(embedded.status, embedded.text).toBe(200);

    const refused = await pay(order.id, { client, header: payer.header });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.details).toEqual({ reason: "transaction_already_claimed" });
    const [payment] = await paymentRows(order.id);
    expect(payment).toMatchObject({
      status: "FAILED",
      failureReason: "transaction_already_claimed",
      txHash: null,
    });
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await holdsOf(h, order.id)).toEqual(["RELEASED"]);
    expect(await stockOf(h, variantId)).toBe(99);
    // One transfer, one order: the payer was charged once.
    await expectChargedOnce(sale, payer);
  });

  it("an authorization whose nonce another transfer used cannot pay: the chain's transfer must be this payment", async () => {
    const sale = await openSale({ price: 1100 });
    const { order, client } = sale;
    const payer = await payerOf(sale);
    const { authorization } = payer.payload.payload;
    // Y: the same authorizer and nonce, 0 USDC to the payer itself, executed on chain before X is presented.
    const y: TransferAuthorization = {
      from: authorization.from,
      to: authorization.from,
      value: 0n,
      validAfter: 0n,
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce,
    };
    const ySignature = await signAuthorization(
      payer.wallet,
      h.chain.usdcAddress,
      "TransferWithAuthorization",
      y,
    );
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const hash = await walletClient(payer.wallet).writeContract({
      address: h.chain.usdcAddress,
      abi: transferWithAuthorizationAbi,
      functionName: "transferWithAuthorization",
      args: [y.from, y.to, y.value, y.validAfter, y.validBefore, y.nonce, ySignature],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");

    const refused = await pay(order.id, { client, header: payer.header });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.details).toEqual({ reason: "authorization_used_elsewhere" });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: "FAILED", txHash: null });
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await usdcBalance(h, sale.shop.receivingAddress)).toBe(0n);
  });

  it("an authorization already presented for one order is 409 already_exists on another", async () => {
    const sale = await openSale({ price: 1500, stock: 5 });
    const { shop, order: orderA, variantId, client, total } = sale;
    const { order: orderB } = await buyer(h, shop);
    const payer = await payerOf(sale);

    const paidA = await pay<Receipt>(orderA.id, { client, header: payer.header });
    expect(paidA.status, paidA.text).toBe(200);
    expect(await stockOf(h, variantId)).toBe(4);

    const reused = await pay(orderB.id, { client, header: payer.header });
    expectError(reused, 409, "already_exists");
    await expectChargedOnce(sale, payer);
    await expectUntouched(orderB.id, variantId, 4);
    expect(await authorizationsOf(payer.wallet.address)).toMatchObject([{ orderId: orderA.id }]);

    // Order B still pays with an authorization of its own.
    const { header: fresh } = await signPayment(payer.wallet, { to: shop.receivingAddress, value: total });
    const paidB = await pay<Receipt>(orderB.id, { client, header: fresh });
    expect(paidB.status, paidB.text).toBe(200);
    expect(paidB.body.payment.txHash).not.toBe(paidA.body.payment.txHash);
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - 2n * total);
  });

  it("a payer without enough USDC: 402 with a reason, payment FAILED, order PAYMENT_FAILED, stock released; a funded payer then pays", async () => {
    const sale = await openSale({ price: 2500, stock: 1 });
    const { shop, order, variantId, client, total } = sale;
    const poor = await payerOf(sale, total - 1n);

    const refused = await pay(order.id, { client, header: poor.header });
    expect(refused.status, refused.text).toBe(402);
    // x402's verify checks the payer's balance before anything is sent.
    expect(refused.body.details).toEqual({ reason: "insufficient_funds" });
    expectRequirements(refused.body, { orderId: order.id, payTo: shop.receivingAddress, amount: total });

    expect(await usdcBalance(h, poor.wallet.address)).toBe(total - 1n);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
    const [failed] = await paymentRows(order.id);
    expect(failed).toMatchObject({ status: "FAILED", payer: poor.wallet.address, txHash: null });
    expect(failed!.failureReason).toBe(refused.body.details!.reason);
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await holdsOf(h, order.id)).toEqual(["RELEASED"]);
    expect(await stockOf(h, variantId)).toBe(1);
    expect(await claimsOf(h, order.id)).toEqual([]);

    // Without a header the order asks for payment again.
    const ask = await pay(order.id, { client });
    expect(ask.status, ask.text).toBe(402);
    expect(ask.body.details).toBeUndefined();

    const rich = await payerOf(sale);
    const paid = await pay<Receipt>(order.id, { client, header: rich.header });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      payment: { status: "SETTLED", payer: rich.wallet.address, id: failed!.id },
      order: { status: "PAID", payment: { method: "X402", amountPaid: 2500 } },
    });
    await expectChargedOnce(sale, rich);
    expect(await usdcBalance(h, poor.wallet.address)).toBe(total - 1n);
    const rows = await paymentRows(order.id);
    expect(rows.map((row) => [row.status, row.payer, row.failureReason])).toEqual([
      ["SETTLED", rich.wallet.address, null],
    ]);
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await stockOf(h, variantId)).toBe(0);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("a forged or expired authorization is refused by the facilitator: 402 with its reason, nothing moves", async () => {
    const sale = await openSale({ price: 900, stock: 2 });
    const { shop, order, variantId, client, total } = sale;
    const victim = await payerOf(sale);
    const forger = await fundedWallet(h);

    // Claims to be from the victim, signed by someone else.
    const signed = await signPayment(forger, { to: shop.receivingAddress, value: total });
    const forged = {
      ...signed.payload,
      payload: {
        ...signed.payload.payload,
        authorization: { ...signed.payload.payload.authorization, from: victim.wallet.address },
      },
    };
    const refused = await pay(order.id, { client, header: toBase64Json(forged) });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.details?.reason).toMatch(/signature/);
    expectRequirements(refused.body, { orderId: order.id, payTo: shop.receivingAddress, amount: total });
    expect(await usdcBalance(h, victim.wallet.address)).toBe(victim.before);
    expect(await paymentRows(order.id)).toMatchObject([{ status: "FAILED", payer: victim.wallet.address }]);
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await stockOf(h, variantId)).toBe(2);

    // Past its validBefore (re-signed, so only the validity window is wrong).
    const now = unixNow();
    const expired = await signPayment(victim.wallet, {
      to: shop.receivingAddress,
      value: total,
      validAfter: now - 3600n,
      validBefore: now - 60n,
    });
    const late = await pay(order.id, { client, header: expired.header });
    expect(late.status, late.text).toBe(402);
    expect(late.body.details?.reason).toMatch(/valid_before|expired/);
    expect(await usdcBalance(h, victim.wallet.address)).toBe(victim.before);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await stockOf(h, variantId)).toBe(2);

    // A valid authorization of the victim's then pays.
    const paid = await pay<Receipt>(order.id, { client, header: victim.header });
    expect(paid.status, paid.text).toBe(200);
    await expectChargedOnce(sale, victim);
  });

  it("the same authorization in another letter case is the same authorization", async () => {
    const sale = await openSale({ price: 1100, stock: 5 });
    const { shop, order, client, total } = sale;
    const { order: orderB } = await buyer(h, shop);
    const payer = await payerOf(sale);
    const { payload } = payer;
    const { authorization } = payload.payload;
    const shouting = {
      ...payload,
      payload: {
        ...payload.payload,
        authorization: {
          ...authorization,
          from: getAddress(authorization.from),
          to: getAddress(authorization.to),
          nonce: `0x${authorization.nonce.slice(2).toUpperCase()}`,
        },
      },
    };

    const paid = await pay<Receipt>(order.id, { client, header: toBase64Json(shouting) });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.payment).toMatchObject({ payer: payer.wallet.address, payTo: shop.receivingAddress });
    const again = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(again.status, again.text).toBe(200);
    expect(again.body.payment.txHash).toBe(paid.body.payment.txHash);
    expectError(await pay(orderB.id, { client, header: payer.header }), 409, "already_exists");
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - total);
    expect(await authorizationsOf(payer.wallet.address)).toMatchObject([
      { nonce: authorization.nonce.toLowerCase() },
    ]);
    expect((await orderRow(h, orderB.id)).status).toBe("OPEN");
  });
});

describe("facilitator timeout", () => {
  it("leaves the payment unsettled (202, never a fresh 402); the retry job settles it once", async () => {
    const sale = await openSale({ price: 4200, stock: 3 });
    const { order, variantId, client } = sale;
    const payer = await payerOf(sale);
    const { header } = payer;

    let settleCalls = 0;
    const timingOut = async (): Promise<never> => {
      settleCalls += 1;
      throw new FacilitatorUnavailableError("facilitator timed out (test)");
    };
    await withSettle(timingOut, async () => {
      const pending = await pay<Pending>(order.id, { client, header });
      expect(pending.status, pending.text).toBe(202);
      expect(pending.headers.get("Retry-After")).toBeTruthy();
      expect(pending.headers.get("X-PAYMENT-REQUIREMENTS")).toBeNull();
      expect(pending.body).toMatchObject({ status: "PENDING", orderId: order.id });
      expect(["PENDING", "VERIFIED"]).toContain(pending.body.payment.status);
      expect(settleCalls).toBe(1);

      // Asked again (same header or none): still 202, never a fresh 402, no second settle attempt.
      const again = await pay<Pending>(order.id, { client, header });
      expect(again.status, again.text).toBe(202);
      const bare = await pay<Pending>(order.id, { client });
      expect(bare.status, bare.text).toBe(202);
      expect(settleCalls).toBe(1);
      // Another authorization while this one is unsettled: refused, not charged.
      const other = await payerOf(sale);
      expectError(await pay(order.id, { client, header: other.header }), 409, "payment_in_progress");
      // Nor may the order be paid another way, re-priced or failed meanwhile: its money may be moving.
      const { tenant } = sale.shop;
      const embedded = await api(
        h,
        "PATCH",
        `/user/${sale.buyerId}/order/${order.id}/checkout/embedded-wallet`,
        {
          key: tenant.adminKey,
          body: {
            txHash: randomHash(),
            amount: "42.00",
            walletAddress: randomAddress(),
            chain: "BASE",
            asset: "USDC",
          },
        },
      );
      expectError(embedded, 409, "payment_in_progress");
      const quote = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: tenant.adminKey,
        body: {
          firstName: "Ada",
          lastName: "Lovelace",
          address: {
            line1: "1 Main St",
            city: "Austin",
            state: "TX",
            postalCode: "78701",
            countryCode: "US",
          },
        },
      });
      expectError(quote, 409, "payment_in_progress");
      const card = await api(h, "POST", `/user/${sale.buyerId}/order/${order.id}/checkout`, {
        key: tenant.adminKey,
        body: {},
      });
      expectError(card, 409, "payment_in_progress");
      await api(h, "POST", `/user/${sale.buyerId}/order/${order.id}/payment-failed`, {
        key: tenant.adminKey,
      });

      expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before);
      const [row] = await paymentRows(order.id);
      expect(["PENDING", "VERIFIED"]).toContain(row!.status);
      expect(row!.txHash).toBeNull();
      expect((await orderRow(h, order.id)).status).toBe("PAYMENT_PENDING");
      expect(await holdsOf(h, order.id)).toEqual(["HELD"]);
      expect(await stockOf(h, variantId)).toBe(2);
    });

    const deps = { ...h.runtime.deps, logger: silentLogger() };
    // Not stale yet: the job leaves a payment its request may still be working on.
    await retryUnsettledX402Payments(deps);
    expect((await paymentRows(order.id))[0]!.status).not.toBe("SETTLED");
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before);

    await markStale(order.id);
    const result = await retryUnsettledX402Payments(deps);
    expect(result.settled).toBeGreaterThanOrEqual(1);

    const [settled] = await paymentRows(order.id);
    expect(settled).toMatchObject({ status: "SETTLED", payer: payer.wallet.address });
    expect(settled!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled!.attempts).toBeGreaterThanOrEqual(1);
    await expectChargedOnce(sale, payer);
    expect(await orderRow(h, order.id)).toMatchObject({
      status: "PAID",
      paymentMethod: "X402",
      amountPaid: 4200,
    });
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await claimsOf(h, order.id)).toMatchObject([{ txHash: settled!.txHash, method: "X402" }]);

    // The client comes back with the same header: the receipt; the job again: nothing more moves.
    const receipt = await pay<Receipt>(order.id, { client, header });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.payment.txHash).toBe(settled!.txHash);
    await markStale(order.id);
    await retryUnsettledX402Payments(deps);
    await expectChargedOnce(sale, payer);
    expect((await paymentRows(order.id))[0]!.txHash).toBe(settled!.txHash);
  });

  it("a settlement whose answer was lost: the retry job finds the transfer on chain and never pays twice", async () => {
    const sale = await openSale({ price: 1300, stock: 3 });
    const { order, client } = sale;
    const payer = await payerOf(sale);
    const { header } = payer;

    let broadcast: string | undefined;
    const settlingThenLosingTheAnswer = async (
      real: X402FacilitatorPort,
      ...args: Parameters<X402FacilitatorPort["settle"]>
    ): Promise<never> => {
      const result = await real.settle(...args);
      broadcast = result.transaction;
      throw new FacilitatorUnavailableError("connection reset after settling (test)");
    };
    await withSettle(settlingThenLosingTheAnswer, async () => {
      const pending = await pay<Pending>(order.id, { client, header });
      expect(pending.status, pending.text).toBe(202);
    });
    expect(broadcast).toMatch(/^0x[0-9a-f]{64}$/);
    // The money moved, but the service does not know yet.
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - sale.total);
    expect((await paymentRows(order.id))[0]!.status).not.toBe("SETTLED");
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_PENDING");

    await markStale(order.id);
    await retryUnsettledX402Payments({ ...h.runtime.deps, logger: silentLogger() });

    const [settled] = await paymentRows(order.id);
    expect(settled).toMatchObject({ status: "SETTLED", txHash: broadcast!.toLowerCase() });
    await expectChargedOnce(sale, payer);
    expect(await orderRow(h, order.id)).toMatchObject({ status: "PAID", paymentMethod: "X402" });
    expect(await claimsOf(h, order.id)).toMatchObject([{ txHash: broadcast!.toLowerCase() }]);
    const receipt = await pay<Receipt>(order.id, { client, header });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.payment.txHash).toBe(broadcast!.toLowerCase());
  });
});

describe("end to end with a stock x402 client", () => {
  it("x402-fetch's wrapFetchWithPayment pays an order with a local wallet", async () => {
    const sale = await openSale({ price: 2500, stock: 2 });
    const { shop, order, variantId, client, total } = sale;
    const wallet = await fundedWallet(h);
    const payer = { wallet, before: await usdcBalance(h, wallet.address) };

    // Base's chain id over this file's anvil only: never a public RPC.
    const walletClient = localClients(h.chain.rpcUrl).walletClient(wallet);
    const seen: number[] = [];
    const appFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await request(client, input, init);
      seen.push(response.status);
      return response;
    };
    const payingFetch = wrapFetchWithPayment(appFetch as typeof fetch, walletClient as never, total);

    const response = await payingFetch(`http://localhost${payPath(order.id)}`, { method: "POST" });
    const body = (await response.json()) as Receipt;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(seen).toEqual([402, 200]);
    const paymentResponse = decodeXPaymentResponse(response.headers.get("X-PAYMENT-RESPONSE")!);
    expect(paymentResponse).toMatchObject({
      success: true,
      transaction: body.payment.txHash,
      network: "base",
      payer: wallet.address,
    });
    expect(body).toMatchObject({
      success: true,
      payment: { status: "SETTLED", payer: wallet.address, amount: total.toString() },
      order: { id: order.id, status: "PAID", payment: { method: "X402", amountPaid: 2500 } },
    });

    await expectChargedOnce(sale, payer);
    const onChain = await h.runtime.deps.providers.chain.getTransaction(body.payment.txHash as Hex);
    expect(onChain).toMatchObject({
      status: "success",
      transfers: [{ from: wallet.address, to: shop.receivingAddress, value: total }],
    });
    expect((await orderRow(h, order.id)).status).toBe("PAID");
    expect(await stockOf(h, variantId)).toBe(1);

    // The client calling again pays nothing more: the order answers its receipt at once.
    const again = await payingFetch(`http://localhost${payPath(order.id)}`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(seen).toEqual([402, 200, 200]);
    expect(await usdcBalance(h, wallet.address)).toBe(payer.before - total);
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
