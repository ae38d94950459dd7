import { AppError, type OffsetPagination } from "@tally/core";
import { type Tx, wallets } from "@tally/db";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Wallet } from "./schemas.ts";

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
  organizationId: string,
  userId: string,
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
  organizationId: string,
  userId: string,
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
