import { DEV_WALLETPROVIDER_WEBHOOK_SECRET, DROPPED_AFTER_MS, reconcilePendingSends } from "@tally/commerce";
import { loadConfig } from "@tally/config";
import { type Logger, newId } from "@tally/core";
import { users, wallets, walletTransactions } from "@tally/db";
import {
  BASE_USDC_ADDRESS,
  DEV_WALLET_ENCRYPTION_KEY,
  type LocalWallet,
  openServerWalletKey,
  signWalletProviderWebhook,
} from "@tally/providers";
import { localClients } from "@tally/providers/test-support";
import { createRuntime } from "@tally/server";
import {
  type ApiUser,
  type ApiWallet,
  api,
  expectError,
  fundedWallet,
  randomAddress,
  randomHash,
  signUp,
  silentLogger,
  startHarness,
  type Tenant,
  type TestHarness,
  usdcBalance,
  type WalletTransfer,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let h: TestHarness;
let tenant: Tenant;
beforeAll(async () => {
  h = await startHarness();
  tenant = await h.createTenant();
});
afterAll(async () => {
  await h?.close();
});

interface WalletDetail extends ApiWallet {
  walletId: string | null;
  balances: {
    usdc: { tokenAddress: string; amount: string; decimals: number };
    native: { amount: string; decimals: number };
  };
}

const USDC = 10n ** 6n;
const ETH = 10n ** 18n;

const publicClient = () => localClients(h.chain.rpcUrl).publicClient;

const nativeBalance = (address: string): Promise<bigint> =>
  publicClient().getBalance({ address: address as Address });

const nonceOf = (address: string): Promise<number> =>
  publicClient().getTransactionCount({ address: address as Address });

const createServerWallet = (userId: string, key = tenant.adminKey) =>
  api<{ wallet: ApiWallet; created: boolean }>(h, "POST", `/user/${userId}/wallets/server`, { key });

/** A user with a SERVER wallet, funded on chain when `usdc`/`native` are given. */
const serverWalletUser = async (
  fund: { usdc?: bigint; native?: bigint } = {},
): Promise<{ user: ApiUser; address: string }> => {
  const user = await signUp(h, tenant);
  const created = await createServerWallet(user.id);
  expect(created.status, created.text).toBe(200);
  const address = created.body.wallet.address;
  if (fund.usdc || fund.native) await h.chain.faucet(address as Address, fund);
  return { user, address };
};

/** The wallet's stored key: the sealed record, and the plain key it opens to with the development key. */
const storedKeyOf = async (address: string): Promise<{ sealed: string; plain: Hex }> => {
  const [row] = await h.database.db.select().from(wallets).where(eq(wallets.address, address));
  const sealed = row!.encryptedPrivateKey!;
  return { sealed, plain: openServerWalletKey(sealed, address as Address, DEV_WALLET_ENCRYPTION_KEY) };
};

const expectNoKeyIn = (text: string, key: { sealed: string; plain: Hex }) => {
  const lower = text.toLowerCase();
  expect(lower).not.toContain(key.plain.slice(2).toLowerCase());
  expect(text).not.toContain(key.sealed);
  expect(text).not.toContain(key.sealed.split(".")[2]!);
  expect(lower).not.toContain("privatekey");
};

const send = (userId: string, address: string, body: Record<string, unknown>) =>
  api<WalletTransfer>(h, "POST", `/user/${userId}/wallets/${address}/send`, { key: tenant.adminKey, body });

const walletDetail = (userId: string, address: string, key = tenant.adminKey) =>
  api<WalletDetail>(h, "GET", `/user/${userId}/wallets/${address}`, { key });

const transactionsOf = (userId: string, address: string, query = "") =>
  api<WalletTransfer[]>(h, "GET", `/user/${userId}/wallets/${address}/transactions${query}`, {
    key: tenant.adminKey,
  });

describe("POST /user/{id}/wallets/server", () => {
  it("creates the user's SERVER wallet once; the key is stored sealed and never returned", async () => {
    const user = await signUp(h, tenant);
    const created = await createServerWallet(user.id);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      wallet: {
        address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        type: "SERVER",
        chainId: 8453,
        createdAt: expect.any(String),
      },
      created: true,
    });
    const { address } = created.body.wallet;
    const again = await createServerWallet(user.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ wallet: created.body.wallet, created: false });

    const rows = await h.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, tenant.organizationId), eq(wallets.userId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ address, type: "SERVER", chainId: 8453 });
    const key = await storedKeyOf(address);
    expect(key.sealed).toMatch(/^v1\./);
    expect(key.sealed).not.toBe(key.plain);
    expect(key.sealed.toLowerCase()).not.toContain(key.plain.slice(2).toLowerCase());
    expect(privateKeyToAddress(key.plain).toLowerCase()).toBe(address);

    const listed = await api<ApiWallet[]>(h, "GET", `/user/${user.id}/wallets`, { key: tenant.adminKey });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([created.body.wallet]);
    const detail = await walletDetail(user.id, address);
    expect(detail.status, detail.text).toBe(200);
    const [identity] = await h.database.db
      .select({ walletProviderId: users.walletProviderId })
      .from(users)
      .where(eq(users.id, user.id));
    const profile = await api(h, "GET", `/user/walletprovider/${identity!.walletProviderId}/profile`, {
      key: tenant.adminKey,
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({ wallets: [created.body.wallet] });
    for (const response of [created, again, listed, detail, profile]) expectNoKeyIn(response.text, key);
  });

  it("five concurrent calls for a fresh user end with one wallet", async () => {
    const user = await signUp(h, tenant);
    const responses = await Promise.all(Array.from({ length: 5 }, () => createServerWallet(user.id)));
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const addresses = new Set(responses.map((response) => response.body.wallet.address));
    expect(addresses.size).toBe(1);
    expect(responses.filter((response) => response.body.created)).toHaveLength(1);
    const rows = await h.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, tenant.organizationId), eq(wallets.userId, user.id)));
    expect(rows.map((row) => row.address)).toEqual([...addresses]);
  });

  it("another tenant's user is 404", async () => {
    const user = await signUp(h, tenant);
    const other = await h.createTenant();
    expectError(await createServerWallet(user.id, other.adminKey), 404, "not_found");
    expect(await h.database.db.select().from(wallets).where(eq(wallets.userId, user.id))).toEqual([]);
  });
});

describe("GET /user/{id}/wallets/{address}", () => {
  it("shows the on-chain USDC and native balances", async () => {
    const { user, address } = await serverWalletUser();
    const empty = await walletDetail(user.id, address);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.balances).toEqual({
      usdc: { tokenAddress: h.chain.usdcAddress, amount: "0", decimals: 6 },
      native: { amount: "0", decimals: 18 },
    });

    await h.chain.faucet(address as Address, { usdc: 12_345_678n, native: 3n * 10n ** 17n });
    const funded = await walletDetail(user.id, address.toUpperCase().replace("0X", "0x"));
    expect(funded.status, funded.text).toBe(200);
    expect(funded.body).toMatchObject({
      address,
      type: "SERVER",
      chainId: 8453,
      walletId: null,
      balances: {
        usdc: { tokenAddress: h.chain.usdcAddress, amount: "12345678", decimals: 6 },
        native: { amount: "300000000000000000", decimals: 18 },
      },
    });
    expect(BigInt(funded.body.balances.usdc.amount)).toBe(await usdcBalance(h, address));
    expect(BigInt(funded.body.balances.native.amount)).toBe(await nativeBalance(address));

    // An EXTERNAL wallet's balances are read from the chain the same way.
    const payer = await fundedWallet(h, 7n * USDC);
    const external = await signUp(h, tenant, { walletAddress: payer.address });
    const detail = await walletDetail(external.id, payer.address);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({
      type: "EXTERNAL",
      balances: { usdc: { amount: "7000000" }, native: { amount: ETH.toString() } },
    });
  });

  it("another user's wallet, an unknown address and another tenant are 404", async () => {
    const { address } = await serverWalletUser();
    const stranger = await signUp(h, tenant);
    expectError(await walletDetail(stranger.id, address), 404, "not_found");
    expectError(await transactionsOf(stranger.id, address), 404, "not_found");
    expectError(await walletDetail(stranger.id, randomAddress()), 404, "not_found");
    const other = await h.createTenant();
    expectError(await walletDetail(stranger.id, address, other.adminKey), 404, "not_found");
  });
});

describe("POST /user/{id}/wallets/{address}/send", () => {
  it("sends USDC from a SERVER wallet: CONFIRMED with its txHash, balances moved, listed in /transactions", async () => {
    const { user, address } = await serverWalletUser({ usdc: 100n * USDC, native: ETH });
    const recipient = randomAddress();
    const sent = await send(user.id, address, {
      recipient,
      tokenAddress: h.chain.usdcAddress,
      amount: "1500000",
      decimals: 6,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({
      kind: "SEND",
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      from: address,
      to: recipient,
      tokenAddress: h.chain.usdcAddress.toLowerCase(),
      amount: "1500000",
      chainId: 8453,
      status: "CONFIRMED",
      failureReason: null,
      confirmedAt: expect.any(String),
    });
    expect(await usdcBalance(h, recipient)).toBe(1_500_000n);
    expect(await usdcBalance(h, address)).toBe(100n * USDC - 1_500_000n);
    const receipt = await publicClient().getTransactionReceipt({ hash: sent.body.txHash as Hex });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(address);
    expect(receipt.to?.toLowerCase()).toBe(h.chain.usdcAddress.toLowerCase());

    // An integer amount is accepted too.
    const second = await send(user.id, address, {
      recipient,
      tokenAddress: h.chain.usdcAddress,
      amount: 500_000,
      decimals: 6,
    });
    expect(second.status, second.text).toBe(200);
    expect(second.body.status).toBe("CONFIRMED");
    expect(await usdcBalance(h, recipient)).toBe(2_000_000n);

    const listed = await transactionsOf(user.id, address);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe("2");
    expect(listed.body.map((row) => row.id).sort()).toEqual([sent.body.id, second.body.id].sort());
    expect(listed.body.find((row) => row.id === sent.body.id)).toEqual(sent.body);
    const paged = await transactionsOf(user.id, address, "?limit=1");
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get("x-total-count")).toBe("2");
    const key = await storedKeyOf(address);
    for (const response of [sent, second, listed]) expectNoKeyIn(response.text, key);
  });

  it("refuses what cannot be sent, sending and recording nothing", async () => {
    const { user, address } = await serverWalletUser({ usdc: 10n * USDC, native: ETH });
    const recipient = randomAddress();
    const nonce = await nonceOf(address);
    const body = { recipient, tokenAddress: h.chain.usdcAddress, amount: "1000000", decimals: 6 };

    // Only SERVER wallets send.
    const payer = await fundedWallet(h);
    const external = await signUp(h, tenant, { walletAddress: payer.address });
    const fromExternal = await send(external.id, payer.address, body);
    expectError(fromExternal, 409, "invalid_state");
    expect(fromExternal.body).toMatchObject({ details: { type: "EXTERNAL" } });
    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect((await transactionsOf(external.id, payer.address)).body).toEqual([]);

    const tooMuch = await send(user.id, address, { ...body, amount: (10n * USDC + 1n).toString() });
    expectError(tooMuch, 409, "insufficient_funds");
    expect(tooMuch.body).toMatchObject({
      details: { reason: "insufficient_token_balance", balance: "10000000" },
    });

    // decimals defaults to 18, which USDC does not have.
    const { decimals: _decimals, ...noDecimals } = body;
    const wrongDecimals = await send(user.id, address, noDecimals);
    expectError(wrongDecimals, 422, "validation_failed");
    expect(wrongDecimals.body).toMatchObject({ details: { reason: "decimals_mismatch", tokenDecimals: 6 } });
    const wrongDecimals18 = await send(user.id, address, { ...body, decimals: 18 });
    expect(wrongDecimals18.body).toMatchObject({ details: { reason: "decimals_mismatch" } });

    // An EOA (with a balance, even) is not a token.
    const eoa = await send(user.id, address, { ...body, tokenAddress: payer.address });
    expectError(eoa, 422, "validation_failed");
    expect(eoa.body).toMatchObject({ details: { reason: "not_a_token" } });
    const nothing = await send(user.id, address, { ...body, tokenAddress: randomAddress() });
    expect(nothing.body).toMatchObject({ details: { reason: "not_a_token" } });

    const mainnet = await send(user.id, address, { ...body, chainId: 1 });
    expectError(mainnet, 422, "validation_failed");
    expect(mainnet.body).toMatchObject({ details: { reason: "unsupported_chain" } });

    const zero = await send(user.id, address, { ...body, amount: "0" });
    expectError(zero, 422, "validation_failed");
    expect(zero.body).toMatchObject({ details: { reason: "invalid_amount" } });

    // A wallet the user does not have.
    expectError(await send(user.id, payer.address, body), 404, "not_found");

    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect(await usdcBalance(h, address)).toBe(10n * USDC);
    expect(await nonceOf(address)).toBe(nonce);
    const listed = await transactionsOf(user.id, address);
    expect(listed.body).toEqual([]);
    expect(listed.headers.get("x-total-count")).toBe("0");

    // USDC but no gas.
    const dry = await serverWalletUser({ usdc: 10n * USDC });
    const noGas = await send(dry.user.id, dry.address, body);
    expectError(noGas, 409, "insufficient_funds");
    expect(noGas.body).toMatchObject({ details: { reason: "insufficient_gas" } });
    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect((await transactionsOf(dry.user.id, dry.address)).body).toEqual([]);
  });

  it("two concurrent sends from one wallet both confirm (distinct nonces), the balance goes down by both", async () => {
    const { user, address } = await serverWalletUser({ usdc: 10n * USDC, native: ETH });
    const nonce = await nonceOf(address);
    const recipients = [randomAddress(), randomAddress()];
    const amounts = [2n * USDC, 3n * USDC];
    const responses = await Promise.all(
      recipients.map((recipient, i) =>
        send(user.id, address, {
          recipient,
          tokenAddress: h.chain.usdcAddress,
          amount: amounts[i]!.toString(),
          decimals: 6,
        }),
      ),
    );
    for (const response of responses) {
      expect(response.status, response.text).toBe(200);
      expect(response.body.status).toBe("CONFIRMED");
    }
    expect(new Set(responses.map((response) => response.body.txHash)).size).toBe(2);
    expect(await usdcBalance(h, recipients[0]!)).toBe(amounts[0]);
    expect(await usdcBalance(h, recipients[1]!)).toBe(amounts[1]);
    expect(await usdcBalance(h, address)).toBe(5n * USDC);
    expect(await nonceOf(address)).toBe(nonce + 2);
    const listed = await transactionsOf(user.id, address);
    expect(listed.headers.get("x-total-count")).toBe("2");
    expect(listed.body.every((row) => row.status === "CONFIRMED")).toBe(true);
  });
});

describe("POST /webhooks/walletprovider", () => {
  const now = () => Math.floor(Date.now() / 1000);

  const deliver = ({ rawBody, headers }: { rawBody: string; headers: Record<string, string> }) =>
    h.request<Record<string, unknown>>("POST", "/api/v1/webhooks/walletprovider", {
      rawBody,
      headers: { "content-type": "application/json", ...headers },
    });

  const signed = (
    event: Record<string, unknown> | string,
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ) => {
    const rawBody = typeof event === "string" ? event : JSON.stringify(event);
    const headers = signWalletProviderWebhook(options.secret ?? DEV_WALLETPROVIDER_WEBHOOK_SECRET, {
      id: options.id ?? `msg_${newId()}`,
      timestamp: options.timestamp ?? now(),
      rawBody,
    });
    return { rawBody, headers: { ...headers } as Record<string, string> };
  };

  /** A PENDING send recorded for a SERVER wallet, inserted directly (as a send still waiting for the chain). */
  const pendingTransaction = async (
    owner: { user: ApiUser; address: string },
    overrides: { txHash?: string; createdAt?: Date } = {},
  ) => {
    const row = {
      organizationId: tenant.organizationId,
      id: newId(),
      walletAddress: owner.address,
      userId: owner.user.id,
      kind: "SEND" as const,
      txHash: randomHash(),
      fromAddress: owner.address,
      toAddress: randomAddress(),
      tokenAddress: h.chain.usdcAddress,
      amount: "1000000",
      chainId: 8453,
      status: "PENDING" as const,
      ...overrides,
    };
    await h.database.db.insert(walletTransactions).values(row);
    return row;
  };

  const rowOf = async (id: string) => {
    const [row] = await h.database.db.select().from(walletTransactions).where(eq(walletTransactions.id, id));
    return row!;
  };

  const eventFor = (txHash: string, eventType: string, extra: Record<string, unknown> = {}) => ({
    chainId: 8453,
    eventType,
    txHash,
    txId: `tx_${newId()}`,
    walletId: `wallet_${newId()}`,
    ...extra,
  });

  it("refuses missing, wrong and stale signatures with 401 and changes nothing", async () => {
    const owner = await serverWalletUser();
    const pending = await pendingTransaction(owner);
    const event = eventFor(pending.txHash, "transaction.confirmed");
    const good = signed(event);

    const cases: Record<string, string>[] = [
      {},
      { "webhook-id": good.headers["webhook-id"]!, "webhook-timestamp": good.headers["webhook-timestamp"]! },
      signed(event, { secret: "whsec_b3RoZXItc2VjcmV0LW5vdC1vdXJz" }).headers,
      signed(event, { timestamp: now() - 600 }).headers,
      signed(event, { timestamp: now() + 600 }).headers,
      { ...good.headers, "webhook-id": `msg_${newId()}` },
      { ...good.headers, "webhook-signature": "v1,AAAA" },
    ];
    for (const headers of cases) {
      const response = await deliver({ rawBody: good.rawBody, headers });
      expectError(response, 401, "signature_required");
    }
    // The signature covers the raw body: another body under the same headers is refused.
    const tampered = await deliver({
      rawBody: JSON.stringify({ ...event, chainId: 8453, txId: "tx_other" }),
      headers: good.headers,
    });
    expectError(tampered, 401, "signature_required");
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("transaction.confirmed and transaction.execution_reverted settle the PENDING row once; redeliveries are duplicates", async () => {
    const owner = await serverWalletUser();
    const toConfirm = await pendingTransaction(owner);
    const toFail = await pendingTransaction(owner);

    // Any letter case in the hash.
    const confirmedEvent = eventFor(`0x${toConfirm.txHash.slice(2).toUpperCase()}`, "transaction.confirmed");
    const confirmed = signed(confirmedEvent);
    const first = await deliver(confirmed);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      received: true,
      duplicate: false,
      eventType: "transaction.confirmed",
      outcome: "confirmed",
      transactionId: toConfirm.id,
    });
    const confirmedRow = await rowOf(toConfirm.id);
    expect(confirmedRow).toMatchObject({
      status: "CONFIRMED",
      failureReason: null,
      providerTxId: confirmedEvent.txId,
      txHash: toConfirm.txHash,
    });
    expect(confirmedRow.confirmedAt).toBeInstanceOf(Date);

    const redelivered = await deliver(confirmed);
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body).toMatchObject({
      duplicate: true,
      outcome: "duplicate",
      transactionId: toConfirm.id,
    });
    expect((await rowOf(toConfirm.id)).updatedAt).toEqual(confirmedRow.updatedAt);

    // A new delivery of an already settled transaction changes nothing.
    const lateResponse = await deliver(signed(eventFor(toConfirm.txHash, "transaction.execution_reverted")));
    expect(lateResponse.body).toMatchObject({ duplicate: false, outcome: "unchanged" });
    expect((await rowOf(toConfirm.id)).status).toBe("CONFIRMED");

    const failed = await deliver(signed(eventFor(toFail.txHash, "transaction.execution_reverted")));
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ duplicate: false, outcome: "failed", transactionId: toFail.id });
    expect(await rowOf(toFail.id)).toMatchObject({
      status: "FAILED",
      failureReason: "execution_reverted",
      confirmedAt: null,
    });

    const listed = await transactionsOf(owner.user.id, owner.address);
    expect(Object.fromEntries(listed.body.map((row) => [row.id, row.status]))).toEqual({
      [toConfirm.id]: "CONFIRMED",
      [toFail.id]: "FAILED",
    });
  });

  it("ignores unknown transactions, other chains and other event types", async () => {
    const owner = await serverWalletUser();
    const pending = await pendingTransaction(owner);
    const deliveries = [
      eventFor(randomHash(), "transaction.confirmed"),
      eventFor(pending.txHash, "transaction.confirmed", { chainId: 1 }),
      eventFor(pending.txHash, "transaction.created"),
    ];
    for (const event of deliveries) {
      const response = await deliver(signed(event));
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        received: true,
        duplicate: false,
        eventType: event.eventType,
        outcome: "ignored",
        transactionId: null,
      });
    }
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("a malformed body with a valid signature is 422 (400 when not JSON)", async () => {
    const owner = await serverWalletUser();
    const pending = await pendingTransaction(owner);
    for (const event of [
      { eventType: "transaction.confirmed", txHash: pending.txHash },
      eventFor("0x1234", "transaction.confirmed"),
      eventFor(pending.txHash, "transaction.confirmed", { chainId: "8453" }),
    ]) {
      expectError(await deliver(signed(event)), 422, "validation_failed");
    }
    expectError(await deliver(signed("{not json")), 400, "invalid_json");
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("without a webhook, the reconcile job settles PENDING sends from the chain, once", async () => {
    const owner = await serverWalletUser();
    const sender = await fundedWallet(h);
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const mined = await walletClient(sender).sendTransaction({
      to: randomAddress() as `0x${string}`,
      value: 1n,
    });
    await publicClient.waitForTransactionReceipt({ hash: mined });
    const confirmed = await pendingTransaction(owner, { txHash: mined.toLowerCase() });
    const dropped = await pendingTransaction(owner, {
      createdAt: new Date(Date.now() - 2 * DROPPED_AFTER_MS),
    });
    const unknownYet = await pendingTransaction(owner);
    const deps = { ...h.runtime.deps, logger: silentLogger() };

    const first = await reconcilePendingSends(deps);
    expect(first.confirmed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(confirmed.id)).toMatchObject({ status: "CONFIRMED", failureReason: null });
    expect((await rowOf(confirmed.id)).confirmedAt).toBeInstanceOf(Date);
    expect(await rowOf(dropped.id)).toMatchObject({ status: "FAILED", failureReason: "dropped" });
    // Not on chain yet, but recent: it may still be mined, so it waits.
    expect((await rowOf(unknownYet.id)).status).toBe("PENDING");

    // A later run, or a late webhook, changes nothing that already moved.
    await reconcilePendingSends(deps);
    const late = await deliver(signed(eventFor(dropped.txHash, "transaction.confirmed")));
    expect(late.body).toMatchObject({ outcome: "unchanged" });
    expect(await rowOf(dropped.id)).toMatchObject({ status: "FAILED" });
  });
});

describe("chain test helpers", () => {
  it("GET /test-helpers/chain describes the local chain and its funded wallets", async () => {
    const response = await h.request<{
      rpcUrl: string;
      chainId: number;
      usdc: string;
      fundedWallets: LocalWallet[];
    }>("GET", "/api/v1/test-helpers/chain");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ rpcUrl: h.chain.rpcUrl, chainId: 8453, usdc: h.chain.usdcAddress });
    expect(response.body.fundedWallets.length).toBeGreaterThan(0);
    for (const wallet of response.body.fundedWallets) {
      expect(Object.keys(wallet).sort()).toEqual(["address", "privateKey"]);
      expect(privateKeyToAddress(wallet.privateKey).toLowerCase()).toBe(wallet.address.toLowerCase());
      expect(await usdcBalance(h, wallet.address)).toBeGreaterThan(0n);
      expect(await nativeBalance(wallet.address)).toBeGreaterThan(0n);
    }
    expect(await publicClient().getChainId()).toBe(8453);
    const paths = (h.runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/test-helpers/chain", "/test-helpers/chain/faucet"]),
    );
  });

  it("POST /test-helpers/chain/faucet moves balances exactly; bad input is 422", async () => {
    const address = randomAddress();
    const faucet = (body: unknown) =>
      h.request<{ address: string; usdc: string; native: string }>(
        "POST",
        "/api/v1/test-helpers/chain/faucet",
        {
          body,
        },
      );
    const first = await faucet({ address, amount: "12.5" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ address, usdc: "12500000", native: ETH.toString() });
    expect(await usdcBalance(h, address)).toBe(12_500_000n);
    expect(await nativeBalance(address)).toBe(ETH);

    const second = await faucet({ address: address.toUpperCase().replace("0X", "0x"), amount: "0.000001" });
    expect(second.status, second.text).toBe(200);
    expect(await usdcBalance(h, address)).toBe(12_500_001n);
    expect(await nativeBalance(address)).toBe(2n * ETH);

    const byDefault = randomAddress();
    const defaulted = await faucet({ address: byDefault });
    expect(defaulted.body).toMatchObject({ usdc: "1000000000" });
    expect(await usdcBalance(h, byDefault)).toBe(1_000n * USDC);

    for (const body of [
      { address: "0x1234", amount: "1" },
      { address: "not an address" },
      {},
      { address, amount: "1.1234567" },
      { address, amount: "-1" },
      { address, amount: "2000000" },
      { address, amount: "1", extra: true },
    ]) {
      const response = await faucet(body);
      expectError(response, 422, "validation_failed");
    }
    expect(await usdcBalance(h, address)).toBe(12_500_001n);
    expect(await nativeBalance(address)).toBe(2n * ETH);
  });
});

describe("safety", () => {
  const baseEnv = {
    LOG_LEVEL: "silent",
    EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
    RUN_WORKER: "off",
  } as const;

  it("a live deployment refuses to boot on the local chain or the local facilitator, touching no network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const noRpc = loadConfig({ ...baseEnv, DEPLOYMENT_ENV: "live" });
      await expect(createRuntime({ config: noRpc, database: h.database, work: false })).rejects.toThrow(
        /BASE_RPC_URL/,
      );
      const noFacilitator = loadConfig({
        ...baseEnv,
        DEPLOYMENT_ENV: "live",
        BASE_RPC_URL: "http://127.0.0.1:9/base",
      });
      await expect(
        createRuntime({ config: noFacilitator, database: h.database, work: false }),
      ).rejects.toThrow(/X402_FACILITATOR_URL/);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("a test deployment on Base (BASE_RPC_URL) mounts no chain test helpers and boots without calling the RPC", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const onBase = {
      ...baseEnv,
      DEPLOYMENT_ENV: "test",
      BASE_RPC_URL: "http://127.0.0.1:9/base",
      X402_FACILITATOR_URL: "http://127.0.0.1:9/facilitator",
    } as const;
    // Real funds: the public development key never encrypts server wallets on Base.
    await expect(
      createRuntime({ config: loadConfig(onBase), database: h.database, work: false }),
    ).rejects.toThrow(/WALLET_ENCRYPTION_KEY/);
    const config = loadConfig({ ...onBase, WALLET_ENCRYPTION_KEY: "a-real-32-character-encryption-key!!" });
    const runtime = await createRuntime({ config, database: h.database, work: false });
    try {
      expect(runtime.deps.providers.chain).toMatchObject({
        adapter: "base",
        chainId: 8453,
        usdcAddress: BASE_USDC_ADDRESS,
        rpcUrl: "http://127.0.0.1:9/base",
      });
      expect((await runtime.app.request("/api/v1/test-helpers/chain")).status).toBe(404);
      const faucet = await runtime.app.request("/api/v1/test-helpers/chain/faucet", {
        method: "POST",
        body: JSON.stringify({ address: randomAddress() }),
        headers: { "content-type": "application/json" },
      });
      expect(faucet.status).toBe(404);
      // Nor the development webhook secret: without WALLETPROVIDER_WEBHOOK_SECRET the webhook is closed.
      const webhook = await runtime.app.request("/api/v1/webhooks/walletprovider", {
        method: "POST",
        body: "{}",
      });
      expect(webhook.status).toBe(503);
      const paths = (runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
      expect(Object.keys(paths).some((path) => path.startsWith("/test-helpers/chain"))).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      await runtime.stop();
      fetchSpy.mockRestore();
    }
  });

  it("server wallet keys never reach the logs, even through a logger without redaction", async () => {
    const records: unknown[][] = [];
    const levels = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);
    const logger: Logger = new Proxy({} as Logger, {
      get(_target, property) {
        if (property === "child") return () => logger;
        if (property === "level") return "trace";
        if (property === "isLevelEnabled") return () => true;
        if (property === "bindings") return () => ({});
        if (typeof property === "string" && levels.has(property))
          return (...args: unknown[]) => {
            records.push(args);
          };
        return undefined;
      },
    });
    const config = loadConfig({ ...baseEnv, DEPLOYMENT_ENV: "test", LOG_LEVEL: "trace" });
    const runtime = await createRuntime({
      config,
      database: h.database,
      work: false,
      logger,
      localChain: h.chain,
      queueSchema: h.runtime.deps.events.schema,
    });
    try {
      const user = await signUp(h, tenant);
      const request = (method: string, path: string, body?: unknown) =>
        runtime.app.request(`/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${tenant.adminKey}`, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const created = await request("POST", `/user/${user.id}/wallets/server`);
      expect(created.status).toBe(200);
      const { address } = ((await created.json()) as { wallet: ApiWallet }).wallet;
      await h.chain.faucet(address as Address, { usdc: 5n * USDC, native: ETH });
      const body = {
        recipient: randomAddress(),
        tokenAddress: h.chain.usdcAddress,
        amount: "1000000",
        decimals: 6,
      };
      expect((await request("POST", `/user/${user.id}/wallets/${address}/send`, body)).status).toBe(200);
      expect(
        (await request("POST", `/user/${user.id}/wallets/${address}/send`, { ...body, amount: "99000000" }))
          .status,
      ).toBe(409);
      expect((await request("GET", `/user/${user.id}/wallets/${address}`)).status).toBe(200);

      const logged = JSON.stringify(records, (_key, value: unknown) =>
        typeof value === "bigint"
          ? value.toString()
          : value instanceof Error
            ? { message: value.message, stack: value.stack, cause: value.cause }
            : value,
      );
      expect(logged).toContain("server wallet send");
      const key = await storedKeyOf(address);
      expect(logged.toLowerCase()).not.toContain(key.plain.slice(2).toLowerCase());
      expect(logged).not.toContain(key.sealed);
    } finally {
      await runtime.stop();
    }
  });
});
