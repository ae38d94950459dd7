import { AppError, type OffsetPagination } from "@tally/core";
import { type Tx, wallets } from "@tally/db";
import { type ChainPort, callChain } from "@tally/providers";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Wallet, WalletDetail } from "./schemas.ts";

type WalletRow = typeof wallets.$inferSelect;

export const toWallet = (row: WalletRow): Wallet => ({
  address: row.address,
  type: row.type,
  chainId: row.chainId,
  createdAt: row.createdAt,
});

/** The users' wallets, oldest first, grouped by user id. */
export const walletsByUser = async (
  tx: Tx,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, Wallet[]>> => {
  const byUser = new Map<string, Wallet[]>(userIds.map((userId) => [userId, []]));
  if (userIds.length === 0) return byUser;
  const rows = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), inArray(wallets.userId, userIds)))
    .orderBy(asc(wallets.createdAt), asc(wallets.address));
  for (const row of rows) byUser.get(row.userId)?.push(toWallet(row));
  return byUser;
};

export const listWallets = async (
  tx: Tx,
  { organizationId, userId }: { organizationId: string; userId: string },
  page: OffsetPagination,
): Promise<{ items: Wallet[]; total: number }> => {
  const where = and(eq(wallets.organizationId, organizationId), eq(wallets.userId, userId));
  const rows = await tx
    .select()
    .from(wallets)
    .where(where)
    .orderBy(asc(wallets.createdAt), asc(wallets.address))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(wallets).where(where);
  return { items: rows.map(toWallet), total: total?.value ?? 0 };
};

/** One of the user's wallets by (lowercase) address; 404 when the user has no such wallet. */
export const findWallet = async (
  tx: Tx,
  { organizationId, userId }: { organizationId: string; userId: string },
  address: string,
): Promise<WalletRow> => {
  const [row] = await tx
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.organizationId, organizationId),
        eq(wallets.userId, userId),
        eq(wallets.address, address.toLowerCase()),
      ),
    );
  if (!row) throw new AppError("not_found", "Wallet not found");
  return row;
};

/** The user's SERVER wallet, if it has one (one per user: a partial unique index). */
export const findServerWallet = async (
  tx: Tx,
  organizationId: string,
  userId: string,
): Promise<WalletRow | undefined> => {
  const [row] = await tx
    .select()
    .from(wallets)
    .where(
      and(eq(wallets.organizationId, organizationId), eq(wallets.userId, userId), eq(wallets.type, "SERVER")),
    );
  return row;
};

/**
 * Records a wallet of the user. Undefined when the address is already recorded or the user already
 * has a SERVER wallet: the caller decides whether that is a conflict or a lost race.
 */
export const addUserWallet = async (
  tx: Tx,
  wallet: Pick<
    typeof wallets.$inferInsert,
    "organizationId" | "userId" | "address" | "type" | "chainId" | "encryptedPrivateKey" | "createdAt"
  >,
): Promise<WalletRow | undefined> => {
  const [inserted] = await tx.insert(wallets).values(wallet).onConflictDoNothing().returning();
  return inserted;
};

/** The recorded wallet with its on-chain USDC and native balances (read live from the chain). */
export const getWalletWithBalances = async (chain: ChainPort, wallet: WalletRow): Promise<WalletDetail> => {
  const balances = await callChain(() => chain.getBalances(wallet.address as `0x${string}`));
  return {
    ...toWallet(wallet),
    walletId: wallet.providerWalletId,
    balances: {
      usdc: { tokenAddress: chain.usdcAddress, amount: balances.token.toString(), decimals: 6 },
      native: { amount: balances.native.toString(), decimals: 18 },
    },
  };
};
