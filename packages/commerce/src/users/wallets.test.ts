import {
  type ApiSchema,
  api,
  ETH,
  expectError,
  fieldsOf,
  fundedWallet,
  nativeBalance,
  randomAddress,
  serverWalletUser,
  signUp,
  type Tenant,
  USDC,
  usdcBalance,
  useHarness,
  type WalletTransfer,
} from "@tally/testing";
import type { Address } from "viem";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type Wallet = ApiSchema<"Wallet">;

const walletDetail = (userId: string, address: string, key = tenant.adminKey) =>
  api<ApiSchema<"WalletDetail">>(h, "GET", `/user/${userId}/wallets/${address}`, { key });

const transactionsOf = (userId: string, address: string) =>
  api<WalletTransfer[]>(h, "GET", `/user/${userId}/wallets/${address}/transactions`, {
    key: tenant.adminKey,
  });

describe("wallets", () => {
  it("lists and shows the user's wallets", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const list = await api<Wallet[]>(h, "GET", `/user/${user.id}/wallets`, {
      key: tenant.memberKey,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual([{ address, type: "EXTERNAL", chainId: 8453, createdAt: expect.any(String) }]);
    expect(list.headers.get("x-total-count")).toBe("1");
    const detail = await api(
      h,
      "GET",
      `/user/${user.id}/wallets/${address.toUpperCase().replace("0X", "0x")}`,
      {
        key: tenant.memberKey,
      },
    );
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toEqual({
      address,
      type: "EXTERNAL",
      chainId: 8453,
      createdAt: expect.any(String),
      walletId: null,
      balances: {
        usdc: { tokenAddress: h.chain.usdcAddress, amount: "0", decimals: 6 },
        native: { amount: "0", decimals: 18 },
      },
    });
  });

  it("answers 404 for an unknown wallet or user, 422 for a bad address, 403 for another acting user", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const otherUser = await signUp(h, tenant, { walletAddress: randomAddress() });
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${randomAddress()}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    // Another user's wallet is not this user's.
    expectError(
      await api(h, "GET", `/user/${otherUser.id}/wallets/${address}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    const bad = await api(h, "GET", `/user/${user.id}/wallets/0xnothex`, { key: tenant.memberKey });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(["address"]);
    expectError(await api(h, "GET", `/user/${user.id}/wallets`, { key: other.memberKey }), 404, "not_found");
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${address}`, {
        key: tenant.memberKey,
        userId: otherUser.id,
      }),
      403,
      "acting_user_mismatch",
    );
  });
});

describe("GET /user/{id}/wallets/{address}", () => {
  it("shows the on-chain USDC and native balances", async () => {
    const { user, address } = await serverWalletUser(h, tenant);
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
    expect(BigInt(funded.body.balances.native.amount)).toBe(await nativeBalance(h, address));

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
    const { address } = await serverWalletUser(h, tenant);
    const stranger = await signUp(h, tenant);
    expectError(await walletDetail(stranger.id, address), 404, "not_found");
    expectError(await transactionsOf(stranger.id, address), 404, "not_found");
    expectError(await walletDetail(stranger.id, randomAddress()), 404, "not_found");
    const other = await h.createTenant();
    expectError(await walletDetail(stranger.id, address, other.adminKey), 404, "not_found");
  });
});
