import {
  claimedTransactions,
  creatorPayouts,
  cryptoPaymentIntents,
  orders,
  productVariants,
  stockReservations,
  walletTransactions,
} from "@tally/db";
import { rowsOf } from "@tally/platform";
import { type LocalWallet, listOutbox } from "@tally/providers";
import type { Tenant, TestHarness, TestResponse } from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableUsdcPayments, fundedWallet, openUsdcShop, usdcOf } from "./chain-fixtures.ts";
import { openShop, type Shop } from "./checkout-fixtures.ts";
import { startHarness } from "./harness.ts";
import { api, createOrder, type Order } from "./orders-fixtures.ts";
import { type ApiUser, eventually, expectError, fieldsOf, randomAddress, signUp } from "./user-fixtures.ts";

let h: TestHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface CheckoutResult extends Order {
  cryptoPaymentIntent: {
    id: string;
    orderId: string;
    status: string;
    txHash: string;
    walletAddress: string;
    amount: string;
    chainId: number;
    blockNumber: string;
    createdAt: string;
  };
}

interface WalletTransfer {
  id: string;
  kind: string;
  txHash: string | null;
  from: string;
  to: string;
  tokenAddress: string;
  amount: string;
  chainId: number;
  status: string;
  failureReason: string | null;
}

/** Raw viem clients on a harness's own anvil chain (the test plays the user's wallet and the chain). */
const clientsOf = (harness: TestHarness) => {
  const options = {
    chain: defineChain({
      id: harness.chain.chainId,
      name: "local anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [harness.chain.rpcUrl] } },
    }),
    transport: http(harness.chain.rpcUrl),
    cacheTime: 0,
    pollingInterval: 20,
  };
  return {
    publicClient: createPublicClient(options),
    testClient: createTestClient({ ...options, mode: "anvil" }),
    walletClient: (wallet: LocalWallet) =>
      createWalletClient({ ...options, account: privateKeyToAccount(wallet.privateKey) }),
  };
};

/** A USDC `transfer` signed by `from`, waited for; `gas` skips estimation so a failing call is mined reverted. */
const transferUsdc = async (
  harness: TestHarness,
  from: LocalWallet,
  to: string,
  amount: bigint,
  options: { gas?: bigint } = {},
): Promise<{ hash: Hex; blockNumber: bigint; status: "success" | "reverted" }> => {
  const { publicClient, walletClient } = clientsOf(harness);
  const hash = await walletClient(from).writeContract({
    address: harness.chain.usdcAddress,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to as Address, amount],
    ...(options.gas ? { gas: options.gas } : {}),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  return { hash, blockNumber: receipt.blockNumber, status: receipt.status };
};

const usdcBalance = (harness: TestHarness, address: string): Promise<bigint> =>
  clientsOf(harness).publicClient.readContract({
    address: harness.chain.usdcAddress,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address as Address],
  });

const randomHash = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));

interface Payer {
  wallet: LocalWallet;
  user: ApiUser;
  order: Order;
}

/** A user of the shop's organization whose wallet (EXTERNAL, or EMBEDDED with walletId) is `wallet`, with an OPEN order. */
const payerOf = async (
  harness: TestHarness,
  shop: Shop,
  options: { wallet?: LocalWallet; embedded?: boolean } = {},
): Promise<Payer> => {
  const wallet = options.wallet ?? (await fundedWallet(harness));
  const user = await signUp(harness, shop.tenant, {
    walletAddress: wallet.address,
    ...(options.embedded ? { walletId: `wallet-${wallet.address.slice(2, 14)}` } : {}),
  });
  expect(user.wallets).toMatchObject([
    { address: wallet.address, type: options.embedded ? "EMBEDDED" : "EXTERNAL" },
  ]);
  const order = await createOrder(harness, shop.tenant, user.id, { productId: shop.product.id });
  return { wallet, user, order };
};

const pay = (
  harness: TestHarness,
  tenant: Tenant,
  userId: string,
  orderId: string,
  body: Record<string, unknown>,
  key = tenant.adminKey,
): Promise<TestResponse<CheckoutResult>> =>
  api<CheckoutResult>(harness, "PATCH", `/user/${userId}/order/${orderId}/checkout/embedded-wallet`, {
    key,
    body,
  });

const bodyFor = (payer: Payer, txHash: string, overrides: Record<string, unknown> = {}) => ({
  txHash,
  amount: "25.00",
  walletAddress: payer.wallet.address,
  chain: "BASE",
  asset: "USDC",
  ...overrides,
});

const orderRow = async (harness: TestHarness, orderId: string) => {
  const [row] = await harness.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
};

const stockOf = async (harness: TestHarness, shop: Shop): Promise<number> => {
  const [row] = await harness.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, shop.product.variants[0]!.id));
  return row!.stock;
};

const claimsOfHash = (harness: TestHarness, txHash: string) =>
  harness.database.db.select().from(claimedTransactions).where(eq(claimedTransactions.txHash, txHash));

/** Jobs of the order-confirmation event for the order, from pg-boss's table (published in the payment's transaction). */
const confirmationJobs = async (harness: TestHarness, orderId: string): Promise<string[]> =>
  rowsOf<{ id: string }>(
    await harness.database.db.execute(
      sql`select id::text as id from ${sql.raw(harness.runtime.deps.events.schema)}.job
          where name = 'event.order-confirmation' and data->>'orderId' = ${orderId}`,
    ),
  ).map((row) => row.id);

/** The order was left exactly as it was: OPEN, nothing held, claimed, recorded or paid out, stock intact. */
const expectUntouched = async (harness: TestHarness, shop: Shop, orderId: string, stock = 100) => {
  const row = await orderRow(harness, orderId);
  expect(row.status).toBe("OPEN");
  expect(row.paymentMethod).toBeNull();
  expect(row.paidAt).toBeNull();
  const db = harness.database.db;
  expect(
    await db.select().from(cryptoPaymentIntents).where(eq(cryptoPaymentIntents.orderId, orderId)),
  ).toEqual([]);
  expect(await db.select().from(claimedTransactions).where(eq(claimedTransactions.orderId, orderId))).toEqual(
    [],
  );
  expect(await db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId))).toEqual([]);
  expect(await db.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, orderId))).toEqual([]);
  expect(await stockOf(harness, shop)).toBe(stock);
  expect(await confirmationJobs(harness, orderId)).toEqual([]);
};

const expectRefused = async (
  response: TestResponse,
  reason: string,
  details: Record<string, unknown> = {},
): Promise<void> => {
  expectError(response, 422, "payment_verification_failed");
  expect(response.body).toMatchObject({ details: { reason, ...details } });
};

describe("PATCH /user/{id}/order/{orderId}/checkout/embedded-wallet: paying", () => {
  it("verifies the transfer on chain, pays the order, commits stock, records the payment and sends the receipt when given an e-mail", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    expect(payer.order.amounts.total).toBe(2500);
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    expect(transfer.status).toBe("success");
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(25_000_000n);

    // Submitted in upper case hex: stored and answered lowercase.
    const mixedCase = `0x${transfer.hash.slice(2).toUpperCase()}`;
    const paid = await pay(
      h,
      shop.tenant,
      payer.user.id,
      payer.order.id,
      bodyFor(payer, mixedCase, {
        email: payer.user.email,
        shippingAddress: {
          firstName: "Pat",
          line1: "1 Main St",
          city: "Springfield",
          state: "IL",
          postalCode: "62701",
          countryCode: "us",
        },
      }),
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      id: payer.order.id,
      status: "PAID",
      payment: { method: "EMBEDDED_WALLET", amountPaid: 2500, paidAt: expect.any(String) },
      shippingAddress: { line1: "1 Main St", city: "Springfield", countryCode: "US" },
      cryptoPaymentIntent: {
        orderId: payer.order.id,
        status: "CONFIRMED",
        txHash: transfer.hash.toLowerCase(),
        walletAddress: payer.wallet.address,
        amount: "25000000",
        chainId: 8453,
        blockNumber: transfer.blockNumber.toString(),
      },
    });
    expect(paid.body.cryptoPaymentIntent).not.toHaveProperty("organizationId");

    // The database: order PAID, stock committed, the hash claimed lowercase, the intent CONFIRMED, a payout.
    const row = await orderRow(h, payer.order.id);
    expect(row).toMatchObject({ status: "PAID", paymentMethod: "EMBEDDED_WALLET", amountPaid: 2500 });
    expect(await stockOf(h, shop)).toBe(99);
    const reservations = await h.database.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.orderId, payer.order.id));
    expect(reservations.map((reservation) => reservation.status)).toEqual(["COMMITTED"]);
    expect(await claimsOfHash(h, transfer.hash.toLowerCase())).toMatchObject([
      { organizationId: shop.tenant.organizationId, orderId: payer.order.id, method: "EMBEDDED_WALLET" },
    ]);
    expect(await claimsOfHash(h, mixedCase)).toEqual([]);
    const intents = await h.database.db
      .select()
      .from(cryptoPaymentIntents)
      .where(eq(cryptoPaymentIntents.orderId, payer.order.id));
    expect(intents).toMatchObject([{ status: "CONFIRMED", txHash: transfer.hash.toLowerCase() }]);
    expect(
      await h.database.db.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, payer.order.id)),
    ).toHaveLength(1);

    // The wallet's transactions list the payment.
    const listed = await api<WalletTransfer[]>(
      h,
      "GET",
      `/user/${payer.user.id}/wallets/${payer.wallet.address}/transactions`,
      { key: shop.tenant.adminKey },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe("1");
    expect(listed.body).toMatchObject([
      {
        kind: "PAYMENT",
        txHash: transfer.hash.toLowerCase(),
        from: payer.wallet.address,
        to: shop.receivingAddress,
        tokenAddress: h.chain.usdcAddress.toLowerCase(),
        amount: "25000000",
        chainId: 8453,
        status: "CONFIRMED",
        failureReason: null,
      },
    ]);

    // The order reads as paid, and the receipt event was published (and reaches the buyer).
    const fetched = await api<Order>(h, "GET", `/user/${payer.user.id}/order/${payer.order.id}`, {
      key: shop.tenant.adminKey,
    });
    expect(fetched.body).toMatchObject({ status: "PAID", payment: { method: "EMBEDDED_WALLET" } });
    expect(await confirmationJobs(h, payer.order.id)).toHaveLength(1);
    await eventually(async () => {
      const mails = await listOutbox(h.database.db, { to: payer.user.email });
      return mails.some((mail) => mail.template === "order-confirmation") ? true : undefined;
    });
  });

  it("pays from an EMBEDDED wallet too; without an e-mail no receipt event is published", async () => {
    const shop = await openUsdcShop(h, { price: 1234 });
    const payer = await payerOf(h, shop, { embedded: true });
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(1234));
    const paid = await pay(
      h,
      shop.tenant,
      payer.user.id,
      payer.order.id,
      bodyFor(payer, transfer.hash, { amount: "12.34" }),
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      status: "PAID",
      payment: { method: "EMBEDDED_WALLET", amountPaid: 1234 },
      cryptoPaymentIntent: { status: "CONFIRMED", amount: "12340000", walletAddress: payer.wallet.address },
    });
    expect(await stockOf(h, shop)).toBe(99);
    expect(await confirmationJobs(h, payer.order.id)).toEqual([]);
    // The creator is still told about the order: only the buyer's receipt depends on the e-mail.
    const creatorJobs = rowsOf<{ id: string }>(
      await h.database.db.execute(
        sql`select id::text as id from ${sql.raw(h.runtime.deps.events.schema)}.job
            where name = 'event.creator-order-confirmation' and data->>'orderId' = ${payer.order.id}`,
      ),
    );
    expect(creatorJobs).toHaveLength(1);
  });
});

describe("embedded-wallet checkout: a transaction pays one order only", () => {
  it("the same hash again (same order, another order, upper case, another tenant) is refused with 409", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    const first = await pay(h, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash));
    expect(first.status, first.text).toBe(200);

    // The same order again: a 409 too, naming the order's state (it is PAID already, ARCHITECTURE §9
    // "invalid state transitions"); nothing is charged or recorded twice.
    const again = await pay(h, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash));
    expectError(again, 409, "invalid_state");
    expect(again.body).toMatchObject({ details: { status: "PAID" } });

    // Another order of the same user, for the same amount: the transfer already paid an order.
    const second = await createOrder(h, shop.tenant, payer.user.id, { productId: shop.product.id });
    const reused = await pay(h, shop.tenant, payer.user.id, second.id, bodyFor(payer, transfer.hash));
    expectError(reused, 409, "already_exists");
    const upper = await pay(
      h,
      shop.tenant,
      payer.user.id,
      second.id,
      bodyFor(payer, `0x${transfer.hash.slice(2).toUpperCase()}`),
    );
    expectError(upper, 409, "already_exists");
    await expectUntouched(h, shop, second.id, 99);

    // Another organization with the same receiving address, whose user holds the same wallet.
    const otherShop = await openShop(h);
    await enableUsdcPayments(h, otherShop.tenant, { receivingAddress: shop.receivingAddress });
    const otherPayer = await payerOf(h, otherShop, { wallet: payer.wallet });
    const crossTenant = await pay(
      h,
      otherShop.tenant,
      otherPayer.user.id,
      otherPayer.order.id,
      bodyFor(otherPayer, transfer.hash),
    );
    expectError(crossTenant, 409, "already_exists");
    await expectUntouched(h, otherShop, otherPayer.order.id);

    expect(await claimsOfHash(h, transfer.hash.toLowerCase())).toMatchObject([{ orderId: payer.order.id }]);
    const payments = await h.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.txHash, transfer.hash.toLowerCase()));
    expect(payments).toHaveLength(1);
  });

  it("the same transaction submitted for two orders at once pays exactly one", async () => {
    const receivingAddress = randomAddress();
    const shops: Shop[] = [];
    for (let i = 0; i < 2; i++) {
      const shop = await openShop(h);
      await enableUsdcPayments(h, shop.tenant, { receivingAddress });
      shops.push(shop);
    }
    const wallet = await fundedWallet(h);
    const payers = await Promise.all(shops.map((shop) => payerOf(h, shop, { wallet })));
    const transfer = await transferUsdc(h, wallet, receivingAddress, usdcOf(2500));

    const responses = await Promise.all(
      payers.map((payer, i) =>
        pay(h, shops[i]!.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash)),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = responses.findIndex((response) => response.status === 409);
    const winner = 1 - loser;
    expectError(responses[loser]!, 409, "already_exists");
    expect((await orderRow(h, payers[winner]!.order.id)).status).toBe("PAID");
    await expectUntouched(h, shops[loser]!, payers[loser]!.order.id);
    expect(await claimsOfHash(h, transfer.hash)).toMatchObject([{ orderId: payers[winner]!.order.id }]);
  });
});

describe("embedded-wallet checkout: verification failures leave the order unchanged", () => {
  it("names the reason: tx_not_found, tx_reverted, wrong_token, wrong_recipient, amount_mismatch, wallet_not_owned, wrong_sender", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    const { walletClient, publicClient } = clientsOf(h);
    const attempt = (txHash: string, overrides: Record<string, unknown> = {}) =>
      pay(h, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, txHash, overrides));

    await expectRefused(await attempt(randomHash()), "tx_not_found");

    // More than the balance, with explicit gas so it is mined (reverted) instead of refused by estimation.
    const reverted = await transferUsdc(h, payer.wallet, shop.receivingAddress, 2_000n * 10n ** 6n, {
      gas: 100_000n,
    });
    expect(reverted.status).toBe("reverted");
    await expectRefused(await attempt(reverted.hash), "tx_reverted");

    // A plain ETH transfer to the receiving address moves no USDC.
    const ethHash = await walletClient(payer.wallet).sendTransaction({
      to: shop.receivingAddress as Address,
      value: 10n ** 15n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: ethHash })).status).toBe("success");
    await expectRefused(await attempt(ethHash), "wrong_token");

    const elsewhere = await transferUsdc(h, payer.wallet, randomAddress(), usdcOf(2500));
    await expectRefused(await attempt(elsewhere.hash), "wrong_recipient");

    const short = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2499));
    await expectRefused(await attempt(short.hash), "amount_mismatch", {
      amountDue: "25000000",
      transferred: ["24990000"],
    });

    // A good transfer, submitted with the wrong amount or someone else's wallet, is refused and stays unclaimed.
    const good = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    await expectRefused(await attempt(good.hash, { amount: "24.00" }), "amount_mismatch", {
      amountDue: "25000000",
      submittedAmount: "24000000",
    });
    await expectRefused(await attempt(good.hash, { amount: "25.000001" }), "amount_mismatch");
    const stranger = await fundedWallet(h);
    await expectRefused(await attempt(good.hash, { walletAddress: stranger.address }), "wallet_not_owned");
    await expectRefused(await attempt(good.hash, { walletAddress: randomAddress() }), "wallet_not_owned");

    // The right amount to the right address, but from a wallet that is nobody's.
    const fromStranger = await transferUsdc(h, stranger, shop.receivingAddress, usdcOf(2500));
    await expectRefused(await attempt(fromStranger.hash), "wrong_sender");

    await expectUntouched(h, shop, payer.order.id);
    for (const hash of [reverted.hash, ethHash, elsewhere.hash, short.hash, good.hash, fromStranger.hash])
      expect(await claimsOfHash(h, hash.toLowerCase())).toEqual([]);
    const recorded = await api<WalletTransfer[]>(
      h,
      "GET",
      `/user/${payer.user.id}/wallets/${payer.wallet.address}/transactions`,
      { key: shop.tenant.adminKey },
    );
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body).toEqual([]);
    expect(recorded.headers.get("x-total-count")).toBe("0");

    // The order is still payable, by the good transfer ("25" with no decimals is the same amount).
    const paid = await attempt(good.hash, { amount: "25" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "PAID", cryptoPaymentIntent: { txHash: good.hash } });
  });

  it("counts confirmations (CHAIN_CONFIRMATIONS=3): insufficient until enough blocks are mined on top", async () => {
    const h3 = await startHarness({ env: { CHAIN_CONFIRMATIONS: "3" } });
    try {
      const shop = await openUsdcShop(h3);
      const payer = await payerOf(h3, shop);
      const transfer = await transferUsdc(h3, payer.wallet, shop.receivingAddress, usdcOf(2500));
      const attempt = () =>
        pay(h3, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash));

      await expectRefused(await attempt(), "insufficient_confirmations", { confirmations: 1, required: 3 });
      await expectUntouched(h3, shop, payer.order.id);
      const { testClient } = clientsOf(h3);
      await testClient.mine({ blocks: 1 });
      await expectRefused(await attempt(), "insufficient_confirmations", { confirmations: 2, required: 3 });
      await expectUntouched(h3, shop, payer.order.id);
      await testClient.mine({ blocks: 1 });
      const paid = await attempt();
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body).toMatchObject({ status: "PAID", cryptoPaymentIntent: { status: "CONFIRMED" } });
    } finally {
      await h3.close();
    }
  });

  it("an organization without a receiving address answers 409 payment_method_unavailable", async () => {
    const shop = await openShop(h);
    const payer = await payerOf(h, shop);
    const transfer = await transferUsdc(h, payer.wallet, randomAddress(), usdcOf(2500));
    const response = await pay(h, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash));
    expectError(response, 409, "payment_method_unavailable");
    await expectUntouched(h, shop, payer.order.id);

    // x402 enabled but the receiving address cleared: the same.
    await enableUsdcPayments(h, shop.tenant, { receivingAddress: null });
    const cleared = await pay(h, shop.tenant, payer.user.id, payer.order.id, bodyFor(payer, transfer.hash));
    expectError(cleared, 409, "payment_method_unavailable");
    await expectUntouched(h, shop, payer.order.id);
  });

  it("bad input is a 422 naming the field and changes nothing; another tenant's or user's order is 404", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    const attempt = (body: Record<string, unknown>, key = shop.tenant.adminKey, userId = payer.user.id) =>
      pay(h, shop.tenant, userId, payer.order.id, body, key);

    const cases: [Record<string, unknown>, string][] = [
      [bodyFor(payer, transfer.hash.slice(0, 64)), "txHash"],
      [bodyFor(payer, `${transfer.hash}00`), "txHash"],
      [bodyFor(payer, `0x${"g".repeat(64)}`), "txHash"],
      [bodyFor(payer, transfer.hash, { amount: "25.0000000" }), "amount"],
      [bodyFor(payer, transfer.hash, { amount: "-25.00" }), "amount"],
      [bodyFor(payer, transfer.hash, { amount: 25 }), "amount"],
      [bodyFor(payer, transfer.hash, { chain: "ETH" }), "chain"],
      [bodyFor(payer, transfer.hash, { asset: "ETH" }), "asset"],
      [bodyFor(payer, transfer.hash, { walletAddress: "0x1234" }), "walletAddress"],
      [bodyFor(payer, transfer.hash, { email: "not-an-email" }), "email"],
    ];
    for (const [body, field] of cases) {
      const response = await attempt(body);
      expectError(response, 422, "validation_failed");
      expect(fieldsOf(response), `${field}: ${response.text}`).toContain(field);
    }
    const unknownField = await attempt(bodyFor(payer, transfer.hash, { tip: "1.00" }));
    expectError(unknownField, 422, "validation_failed");
    expect(unknownField.text).toContain("tip");
    const { txHash: _omitted, ...noHash } = bodyFor(payer, transfer.hash);
    expectError(await attempt(noHash), 422, "validation_failed");
    await expectUntouched(h, shop, payer.order.id);

    // Another tenant's key, and another user of the same tenant, see no such order.
    const other = await h.createTenant();
    expectError(await attempt(bodyFor(payer, transfer.hash), other.adminKey), 404, "not_found");
    const neighbour = await signUp(h, shop.tenant, { walletAddress: randomAddress() });
    expectError(
      await attempt(bodyFor(payer, transfer.hash), shop.tenant.adminKey, neighbour.id),
      404,
      "not_found",
    );
    await expectUntouched(h, shop, payer.order.id);

    const paid = await attempt(bodyFor(payer, transfer.hash));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.status).toBe("PAID");
  });
});
