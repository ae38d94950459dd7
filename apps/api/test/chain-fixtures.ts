import type { LocalWallet } from "@tally/providers";
import type { Tenant, TestHarness } from "@tally/testing";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { buyer, openShop, type Shop } from "./checkout-fixtures.ts";
import { api } from "./orders-fixtures.ts";
import { randomAddress } from "./user-fixtures.ts";

/** The USDC the order total is worth: cents x 10^4 atomic units. */
export const usdcOf = (cents: number): bigint => BigInt(cents) * 10_000n;

/** An organization that takes USDC: x402 enabled and a fresh receiving address (a random, unfunded one). */
export const enableUsdcPayments = async (
  h: TestHarness,
  tenant: Tenant,
  options: { x402Enabled?: boolean; receivingAddress?: string | null } = {},
): Promise<string | null> => {
  const receivingAddress =
    options.receivingAddress === undefined ? randomAddress() : options.receivingAddress;
  const response = await api(h, "PATCH", `/admin/organizations/${tenant.organizationId}/settings`, {
    key: tenant.adminKey,
    body: { x402Enabled: options.x402Enabled ?? true, x402WalletAddress: receivingAddress },
  });
  expect(response.status, response.text).toBe(200);
  return receivingAddress?.toLowerCase() ?? null;
};

export interface UsdcShop extends Shop {
  receivingAddress: string;
}

/** A shop (creator + published product, default $25.00) whose organization takes USDC. */
export const openUsdcShop = async (
  h: TestHarness,
  options: Parameters<typeof openShop>[1] = {},
): Promise<UsdcShop> => {
  const shop = await openShop(h, options);
  const receivingAddress = (await enableUsdcPayments(h, shop.tenant))!;
  return { ...shop, receivingAddress };
};

/** A fresh funded wallet on the harness's chain (its own key, so tests never share nonces or balances). */
export const fundedWallet = async (h: TestHarness, usdc = 1_000n * 10n ** 6n): Promise<LocalWallet> => {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address.toLowerCase() as `0x${string}`;
  await h.chain.faucet(address, { usdc, native: 10n ** 18n });
  return { address, privateKey };
};

export { buyer };
