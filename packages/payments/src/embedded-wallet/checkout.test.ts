import { claimedTransactions, creatorPayouts, cryptoPaymentIntents, walletTransactions } from "@tally/db";
import { rowsOf } from "@tally/platform";
import { type LocalWallet, listOutbox } from "@tally/providers";
import { localClients } from "@tally/providers/test-support";
import {
  type ApiSchema,
  type ApiUser,
  api,
  createOrder,
  enableUsdcPayments,
  eventually,
  expectError,
  expectOpenOrder,
  fieldsOf,
  fundedWallet,
  holdsOf,
  type Order,
  openShop,
  openUsdcShop,
  orderRow,
  randomAddress,
  randomHash,
  type Shop,
  signUp,
  startHarness,
  stockOf,
  type Tenant,
  type TestHarness,
  type TestResponse,
  usdcBalance,
  usdcOf,
  useHarness,
  type WalletTransfer,
} from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { type Address, erc20Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";

const h = useHarness();

type CheckoutResult = ApiSchema<"EmbeddedWalletCheckoutResult">;

/** A USDC `transfer` signed by `from`, waited for; `gas` skips estimation so a failing call is mined reverted. */
const transferUsdc = async (
  harness: TestHarness,
  from: LocalWallet,
  to: string,
  amount: bigint,
  options: { gas?: bigint } = {},
): Promise<{ hash: Hex; blockNumber: bigint; status: "success" | "reverted" }> => {
  const { publicClient, walletClient } = localClients(harness.chain.rpcUrl);
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

interface Payer {
  tenant: Tenant;
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
  return { tenant: shop.tenant, wallet, user, order };
};

/** The embedded-wallet checkout of the payer's order, as its tenant's admin unless `as` says otherwise. */
const pay = (
  harness: TestHarness,
  payer: Payer,
  body: Record<string, unknown>,
  as: { key?: string; userId?: string } = {},
): Promise<TestResponse<CheckoutResult>> =>
  api<CheckoutResult>(
    harness,
    "PATCH",
    `/user/${as.userId ?? payer.user.id}/order/${payer.order.id}/checkout/embedded-wallet`,
    { key: as.key ?? payer.tenant.adminKey, body },
  );

const bodyFor = (payer: Payer, txHash: string, overrides: Record<string, unknown> = {}) => ({
  txHash,
  amount: "25.00",
  walletAddress: payer.wallet.address,
  chain: "BASE",
  asset: "USDC",
  ...overrides,
});

/** Pays the payer's order with the transfer `txHash`: a well-formed body, changed by `overrides`. */
const payWith = (
  harness: TestHarness,
  payer: Payer,
  txHash: string,
  overrides: Record<string, unknown> = {},
) => pay(harness, payer, bodyFor(payer, txHash, overrides));

const variantOf = (shop: Shop): string => shop.product.variants[0]!.id;

const intentsOf = (harness: TestHarness, orderId: string) =>
  harness.database.db.select().from(cryptoPaymentIntents).where(eq(cryptoPaymentIntents.orderId, orderId));

const payoutsOf = (harness: TestHarness, orderId: string) =>
  harness.database.db.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, orderId));

const claimsOfHash = (harness: TestHarness, txHash: string) =>
  harness.database.db.select().from(claimedTransactions).where(eq(claimedTransactions.txHash, txHash));

/** Jobs of a confirmation event for the order, from pg-boss's table (published in the payment's transaction). */
const confirmationJobs = async (
  harness: TestHarness,
  orderId: string,
  event: "order-confirmation" | "creator-order-confirmation" = "order-confirmation",
): Promise<string[]> =>
  rowsOf<{ id: string }>(
    await harness.database.db.execute(
      sql`select id::text as id from ${sql.raw(harness.runtime.deps.events.schema)}.job
          where name = ${`event.${event}.commerce`} and data->>'orderId' = ${orderId}`,
    ),
  ).map((row) => row.id);

/** The wallet's transactions, as `GET /user/{id}/wallets/{address}/transactions` lists them. */
const transactionsOf = (harness: TestHarness, payer: Payer) =>
  api<WalletTransfer[]>(
    harness,
    "GET",
    `/user/${payer.user.id}/wallets/${payer.wallet.address}/transactions`,
    {
      key: payer.tenant.adminKey,
    },
  );

/** The order was left exactly as it was: OPEN, nothing held, claimed, recorded or paid out, stock intact. */
const expectUntouched = async (harness: TestHarness, shop: Shop, orderId: string, stock = 100) => {
  await expectOpenOrder(harness, orderId, variantOf(shop), stock);
  const row = await orderRow(harness, orderId);
  expect(row.paymentMethod).toBeNull();
  expect(row.paidAt).toBeNull();
  expect(await intentsOf(harness, orderId)).toEqual([]);
  expect(await payoutsOf(harness, orderId)).toEqual([]);
  expect(await confirmationJobs(harness, orderId)).toEqual([]);
};

const expectRefused = async (
  response: TestResponse,
  reason: string,
  context: Record<string, unknown> = {},
): Promise<void> => {
  expectError(response, 422, "payment_verification_failed");
  expect(response.body).toMatchObject({ context: { reason, ...context } });
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
    const paid = await payWith(h, payer, mixedCase, {
      email: payer.user.email,
      shippingAddress: {
        firstName: "Pat",
        line1: "1 Main St",
        city: "Springfield",
        state: "IL",
        postalCode: "62701",
        countryCode: "us",
      },
    });
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
    expect(await stockOf(h, variantOf(shop))).toBe(99);
    expect(await holdsOf(h, payer.order.id)).toEqual(["COMMITTED"]);
    expect(await claimsOfHash(h, transfer.hash.toLowerCase())).toMatchObject([
      { organizationId: shop.tenant.organizationId, orderId: payer.order.id, method: "EMBEDDED_WALLET" },
    ]);
    expect(await claimsOfHash(h, mixedCase)).toEqual([]);
    expect(await intentsOf(h, payer.order.id)).toMatchObject([
      { status: "CONFIRMED", txHash: transfer.hash.toLowerCase() },
    ]);
    expect(await payoutsOf(h, payer.order.id)).toHaveLength(1);

    // The wallet's transactions list the payment.
    const listed = await transactionsOf(h, payer);
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
    const paid = await payWith(h, payer, transfer.hash, { amount: "12.34" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      status: "PAID",
      payment: { method: "EMBEDDED_WALLET", amountPaid: 1234 },
      cryptoPaymentIntent: { status: "CONFIRMED", amount: "12340000", walletAddress: payer.wallet.address },
    });
    expect(await stockOf(h, variantOf(shop))).toBe(99);
    expect(await confirmationJobs(h, payer.order.id)).toEqual([]);
    // The creator is still told about the order: only the buyer's receipt depends on the e-mail.
    expect(await confirmationJobs(h, payer.order.id, "creator-order-confirmation")).toHaveLength(1);
  });
});

describe("embedded-wallet checkout: a transaction pays one order only", () => {
  it("the same hash again (same order, another order, upper case, another tenant) is refused with 409", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    const first = await payWith(h, payer, transfer.hash);
    expect(first.status, first.text).toBe(200);

    // The same order again: the hash is known before anything else is judged; nothing is recorded twice.
    const again = await payWith(h, payer, transfer.hash);
    expectError(again, 409, "already_exists");

    // Another order of the same user, for the same amount: the transfer already paid an order.
    const second = await createOrder(h, shop.tenant, payer.user.id, { productId: shop.product.id });
    const payerOfSecond = { ...payer, order: second };
    const reused = await payWith(h, payerOfSecond, transfer.hash);
    expectError(reused, 409, "already_exists");
    const upper = await payWith(h, payerOfSecond, `0x${transfer.hash.slice(2).toUpperCase()}`);
    expectError(upper, 409, "already_exists");
    await expectUntouched(h, shop, second.id, 99);

    // Another organization with the same receiving address, whose user holds the same wallet.
    const otherShop = await openShop(h);
    await enableUsdcPayments(h, otherShop.tenant, { receivingAddress: shop.receivingAddress });
    const otherPayer = await payerOf(h, otherShop, { wallet: payer.wallet });
    const crossTenant = await payWith(h, otherPayer, transfer.hash);
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

    const responses = await Promise.all(payers.map((payer) => payWith(h, payer, transfer.hash)));
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
    // Raw clients: the test plays the user's wallet.
    const { walletClient, publicClient } = localClients(h.chain.rpcUrl);
    const attempt = (txHash: string, overrides: Record<string, unknown> = {}) =>
      payWith(h, payer, txHash, overrides);

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
    const recorded = await transactionsOf(h, payer);
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
      const attempt = () => payWith(h3, payer, transfer.hash);

      await expectRefused(await attempt(), "insufficient_confirmations", { confirmations: 1, required: 3 });
      await expectUntouched(h3, shop, payer.order.id);
      const { testClient } = localClients(h3.chain.rpcUrl);
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
    const response = await payWith(h, payer, transfer.hash);
    expectError(response, 409, "payment_method_unavailable");
    await expectUntouched(h, shop, payer.order.id);

    // x402 enabled but the receiving address cleared: the same.
    await enableUsdcPayments(h, shop.tenant, { receivingAddress: null });
    const cleared = await payWith(h, payer, transfer.hash);
    expectError(cleared, 409, "payment_method_unavailable");
    await expectUntouched(h, shop, payer.order.id);
  });

  it("bad input is a 422 naming the field and changes nothing; another tenant's or user's order is 404", async () => {
    const shop = await openUsdcShop(h);
    const payer = await payerOf(h, shop);
    const transfer = await transferUsdc(h, payer.wallet, shop.receivingAddress, usdcOf(2500));
    const attempt = (body: Record<string, unknown>, as: { key?: string; userId?: string } = {}) =>
      pay(h, payer, body, as);

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
    expectError(await attempt(bodyFor(payer, transfer.hash), { key: other.adminKey }), 404, "not_found");
    const neighbour = await signUp(h, shop.tenant, { walletAddress: randomAddress() });
    expectError(await attempt(bodyFor(payer, transfer.hash), { userId: neighbour.id }), 404, "not_found");
    await expectUntouched(h, shop, payer.order.id);

    const paid = await attempt(bodyFor(payer, transfer.hash));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.status).toBe("PAID");
  });
});
