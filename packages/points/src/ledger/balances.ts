import { pointBalances, type Tx } from "@tally/db";
import { and, eq, gte, inArray, sql } from "drizzle-orm";

/** The organization-wide scope of `pointBalances`; any other scope is a creator id. */
export const ORGANIZATION_SCOPE = "";
export const scopeOf = (creatorId: string | null | undefined): string => creatorId ?? ORGANIZATION_SCOPE;

/*
 * Running balances. `pointBalances` has a CHECK (balance >= 0); every debit is a conditional update
 * (`balance >= amount`), so concurrent spends can never take a balance below zero.
 */

export interface Holder {
  organizationId: string;
  userId: string;
}

const balanceKey = (holder: Holder, scope: string) =>
  and(
    eq(pointBalances.organizationId, holder.organizationId),
    eq(pointBalances.userId, holder.userId),
    eq(pointBalances.scope, scope),
  );

/** Points moved in one scope of a holder's balances (`amount` > 0). */
export interface BalanceChange {
  scope: string;
  amount: number;
}

export const credit = async (
  context: { tx: Tx; now: Date },
  holder: Holder,
  change: BalanceChange,
): Promise<void> => creditMany(context, [{ ...holder, ...change }]);

/**
 * `credit` for many holders and scopes in one upsert. Changes to one balance are summed first, as
 * one statement may move a row only once; the rows go in key order, so two upserts moving the same
 * balances lock them in the same order instead of deadlocking.
 */
export const creditMany = async (
  { tx, now }: { tx: Tx; now: Date },
  changes: readonly (Holder & BalanceChange)[],
): Promise<void> => {
  const summed = new Map<string, Holder & BalanceChange>();
  for (const change of changes) {
    const key = JSON.stringify([change.organizationId, change.userId, change.scope]);
    const earlier = summed.get(key);
    summed.set(key, { ...change, amount: (earlier?.amount ?? 0) + change.amount });
  }
  if (summed.size === 0) return;
  await tx
    .insert(pointBalances)
    .values(
      [...summed.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, { organizationId, userId, scope, amount }]) => ({
          organizationId,
          userId,
          scope,
          balance: amount,
          updatedAt: now,
        })),
    )
    .onConflictDoUpdate({
      target: [pointBalances.organizationId, pointBalances.userId, pointBalances.scope],
      set: { balance: sql`${pointBalances.balance} + excluded.balance`, updatedAt: now },
    });
};

/** Takes `amount` (> 0) from one scope if it holds that much; false (nothing changed) otherwise. */
export const debit = async (
  { tx, now }: { tx: Tx; now: Date },
  holder: Holder,
  { scope, amount }: BalanceChange,
): Promise<boolean> => {
  const rows = await tx
    .update(pointBalances)
    .set({ balance: sql`${pointBalances.balance} - ${amount}`, updatedAt: now })
    .where(and(balanceKey(holder, scope), gte(pointBalances.balance, amount)))
    .returning({ balance: pointBalances.balance });
  return rows.length > 0;
};

/** The points the holder has in these scopes together. */
export const sumBalances = async (tx: Tx, holder: Holder, scopes: string[]): Promise<number> => {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${pointBalances.balance})` })
    .from(pointBalances)
    .where(
      and(
        eq(pointBalances.organizationId, holder.organizationId),
        eq(pointBalances.userId, holder.userId),
        inArray(pointBalances.scope, scopes),
      ),
    );
  return Number(row?.total ?? 0);
};
