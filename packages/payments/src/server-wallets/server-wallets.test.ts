import { users, wallets } from "@tally/db";
import { localClients } from "@tally/providers/test-support";
import {
  type ApiSchema,
  type ApiWallet,
  api,
  createServerWallet,
  type ErrorBody,
  ETH,
  expectError,
  fieldsOf,
  fundedWallet,
  randomAddress,
  serverWalletUser,
  signUp,
  storedKeyOf,
  type Tenant,
  USDC,
  usdcBalance,
  useHarness,
  type WalletTransfer,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

const publicClient = () => localClients(h.chain.rpcUrl).publicClient;

const nonceOf = (address: string): Promise<number> =>
  publicClient().getTransactionCount({ address: address as Address });

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
  api<ApiSchema<"WalletDetail">>(h, "GET", `/user/${userId}/wallets/${address}`, { key });

const transactionsOf = (userId: string, address: string, query = "") =>
  api<WalletTransfer[]>(h, "GET", `/user/${userId}/wallets/${address}/transactions${query}`, {
    key: tenant.adminKey,
  });

describe("POST /user/{id}/wallets/server", () => {
  it("creates the user's SERVER wallet once; the key is stored sealed and never returned", async () => {
    const user = await signUp(h, tenant);
    const created = await createServerWallet(h, tenant, user.id);
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
    const again = await createServerWallet(h, tenant, user.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ wallet: created.body.wallet, created: false });

    const rows = await h.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, tenant.organizationId), eq(wallets.userId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ address, type: "SERVER", chainId: 8453 });
    const key = await storedKeyOf(h, address);
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
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => createServerWallet(h, tenant, user.id)),
    );
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
    expectError(await createServerWallet(h, tenant, user.id, other.adminKey), 404, "not_found");
    expect(await h.database.db.select().from(wallets).where(eq(wallets.userId, user.id))).toEqual([]);
  });
});

describe("POST /user/{id}/wallets/{address}/send", () => {
  it("sends USDC from a SERVER wallet: CONFIRMED with its txHash, balances moved, listed in /transactions", async () => {
    const { user, address } = await serverWalletUser(h, tenant, { usdc: 100n * USDC, native: ETH });
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
    const key = await storedKeyOf(h, address);
    for (const response of [sent, second, listed]) expectNoKeyIn(response.text, key);
  });

  it("refuses what cannot be sent, sending and recording nothing", async () => {
    const { user, address } = await serverWalletUser(h, tenant, { usdc: 10n * USDC, native: ETH });
    const recipient = randomAddress();
    const nonce = await nonceOf(address);
    const body = { recipient, tokenAddress: h.chain.usdcAddress, amount: "1000000", decimals: 6 };

    // Only SERVER wallets send.
    const payer = await fundedWallet(h);
    const external = await signUp(h, tenant, { walletAddress: payer.address });
    const fromExternal = await send(external.id, payer.address, body);
    expectError(fromExternal, 409, "invalid_state");
    expect(fromExternal.body).toMatchObject({ context: { type: "EXTERNAL" } });
    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect((await transactionsOf(external.id, payer.address)).body).toEqual([]);

    const tooMuch = await send(user.id, address, { ...body, amount: (10n * USDC + 1n).toString() });
    expectError(tooMuch, 409, "insufficient_funds");
    expect(tooMuch.body).toMatchObject({
      context: { reason: "insufficient_token_balance", balance: "10000000" },
    });

    // decimals defaults to 18, which USDC does not have.
    const { decimals: _decimals, ...noDecimals } = body;
    const wrongDecimals = await send(user.id, address, noDecimals);
    expectError(wrongDecimals, 422, "validation_failed");
    expect(wrongDecimals.body).toMatchObject({ context: { reason: "decimals_mismatch", tokenDecimals: 6 } });
    const wrongDecimals18 = await send(user.id, address, { ...body, decimals: 18 });
    expect(wrongDecimals18.body).toMatchObject({ context: { reason: "decimals_mismatch" } });

    // An EOA (with a balance, even) is not a token.
    const eoa = await send(user.id, address, { ...body, tokenAddress: payer.address });
    expectError(eoa, 422, "validation_failed");
    expect(eoa.body).toMatchObject({ context: { reason: "not_a_token" } });
    const nothing = await send(user.id, address, { ...body, tokenAddress: randomAddress() });
    expect(nothing.body).toMatchObject({ context: { reason: "not_a_token" } });

    const mainnet = await send(user.id, address, { ...body, chainId: 1 });
    expectError(mainnet, 422, "validation_failed");
    expect(mainnet.body).toMatchObject({ context: { reason: "unsupported_chain" } });

    const zero = await send(user.id, address, { ...body, amount: "0" });
    expectError(zero, 422, "validation_failed");
    expect(zero.body).toMatchObject({ context: { reason: "invalid_amount" } });

    // A wallet the user does not have.
    expectError(await send(user.id, payer.address, body), 404, "not_found");

    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect(await usdcBalance(h, address)).toBe(10n * USDC);
    expect(await nonceOf(address)).toBe(nonce);
    const listed = await transactionsOf(user.id, address);
    expect(listed.body).toEqual([]);
    expect(listed.headers.get("x-total-count")).toBe("0");

    // USDC but no gas.
    const dry = await serverWalletUser(h, tenant, { usdc: 10n * USDC });
    const noGas = await send(dry.user.id, dry.address, body);
    expectError(noGas, 409, "insufficient_funds");
    expect(noGas.body).toMatchObject({ context: { reason: "insufficient_gas" } });
    expect(await usdcBalance(h, recipient)).toBe(0n);
    expect((await transactionsOf(dry.user.id, dry.address)).body).toEqual([]);
  });

  it("two concurrent sends from one wallet both confirm (distinct nonces), the balance goes down by both", async () => {
    const { user, address } = await serverWalletUser(h, tenant, { usdc: 10n * USDC, native: ETH });
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

describe("wallets the service does not hold", () => {
  let other: Tenant;
  beforeAll(async () => {
    other = await h.createTenant();
  });

  it("refuses a send from a wallet the service does not hold, after validating and finding it", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const body = { recipient: randomAddress(), tokenAddress: randomAddress(), amount: "1000000" };
    const send = await api<ErrorBody>(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
      key: tenant.memberKey,
      body,
    });
    expectError(send, 409, "invalid_state");
    expect(send.body.error).toMatch(/SERVER/);
    const history = await api(h, "GET", `/user/${user.id}/wallets/${address}/transactions`, {
      key: tenant.memberKey,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body).toEqual([]);
    expect(history.headers.get("x-total-count")).toBe("0");

    const invalid = await api(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
      key: tenant.memberKey,
      body: { recipient: "nope", amount: -1, decimals: 99 },
    });
    expectError(invalid, 422, "validation_failed");
    expect(fieldsOf(invalid)).toEqual(
      expect.arrayContaining(["recipient", "tokenAddress", "amount", "decimals"]),
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/wallets/${randomAddress()}/send`, {
        key: tenant.memberKey,
        body,
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${randomAddress()}/transactions`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
        key: other.memberKey,
        body,
      }),
      404,
      "not_found",
    );
  });
});
