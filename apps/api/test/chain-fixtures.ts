import { claimedTransactions, orders, productVariants, stockReservations } from "@tally/db";
import type { LocalWallet } from "@tally/providers";
import { localClients, randomNonce } from "@tally/providers/test-support";
import type { Tenant, TestHarness } from "@tally/testing";
import { eq } from "drizzle-orm";
import { type Address, erc20Abi, type Hex } from "viem";
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

/** On-chain USDC balance, read straight from the harness's chain (uncached). */
export const usdcBalance = (h: TestHarness, address: string): Promise<bigint> =>
  localClients(h.chain.rpcUrl).publicClient.readContract({
    address: h.chain.usdcAddress,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address as Address],
  });

/** 32 random bytes: a transaction hash that is on no chain. */
export const randomHash = (): Hex => randomNonce();

/** A row of `GET /user/{id}/wallets/{address}/transactions`. */
export interface WalletTransfer {
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
  createdAt: string;
  confirmedAt: string | null;
}

export const orderRow = async (h: TestHarness, orderId: string) => {
  const [row] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
};

export const stockOf = async (h: TestHarness, variantId: string): Promise<number> => {
  const [row] = await h.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
};

/** The transactions claimed as the order's payment. */
export const claimsOf = (h: TestHarness, orderId: string) =>
  h.database.db.select().from(claimedTransactions).where(eq(claimedTransactions.orderId, orderId));

/** The statuses of the order's stock reservations. */
export const holdsOf = async (h: TestHarness, orderId: string): Promise<string[]> =>
  (
    await h.database.db
      .select({ status: stockReservations.status })
      .from(stockReservations)
      .where(eq(stockReservations.orderId, orderId))
  ).map((row) => row.status);

/** The order is still OPEN, nothing claimed it, no stock is held for it and the variant's stock is `stock`. */
export const expectOpenOrder = async (h: TestHarness, orderId: string, variantId: string, stock: number) => {
  expect((await orderRow(h, orderId)).status).toBe("OPEN");
  expect(await claimsOf(h, orderId)).toEqual([]);
  expect(await holdsOf(h, orderId)).toEqual([]);
  expect(await stockOf(h, variantId)).toBe(stock);
};

export { buyer };
