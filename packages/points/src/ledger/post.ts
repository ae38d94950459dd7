import { AppError } from "@tally/core";
import { pointTransactions, type pointTransactionTypes, type Tx } from "@tally/db";
import type { EventBus } from "@tally/events";
import { creditMany, debit, type Holder, scopeOf } from "./balances.ts";

export type PointTransactionRow = typeof pointTransactions.$inferSelect;

/** What a posting needs around it: the transaction it joins, the clock's time and the bus for `points-received`. */
export interface PostPointsContext {
  tx: Tx;
  now: Date;
  events: Pick<EventBus, "publish">;
}

/** One movement of a holder's points in one scope, with what it is for. */
export interface PointsPosting {
  /** Null = organization-wide points; otherwise the creator whose points move. */
  creatorId: string | null;
  /** Positive earns, negative spends; never zero. */
  amount: number;
  type: (typeof pointTransactionTypes)[number];
  orderId?: string | undefined;
  /** API grants: stored verbatim. */
  details?: Record<string, unknown> | undefined;
  /** What the posting pays or refunds (a journey, a redemption, a presale purchase). */
  reference?: Record<string, unknown> | undefined;
  /** The `insufficient_points` message when a spend finds too few points. */
  insufficientMessage?: string | undefined;
}

/** What posting earnings needs: `PostPointsContext` with a bus that publishes their `points-received` together. */
export interface EarnPointsContext {
  tx: Tx;
  now: Date;
  events: Pick<EventBus, "publishMany">;
}

/** A posting and whose points it moves. */
export interface HolderPosting {
  holder: Holder;
  posting: PointsPosting;
}

const assertWholeAmount = (amount: number): void => {
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw new Error(`a points posting moves a non-zero whole amount, not ${amount}`);
};

/** The transaction rows of the postings in one insert; one a unique index already holds is left out. */
const insertPostings = (tx: Tx, now: Date, postings: readonly HolderPosting[]) =>
  tx
    .insert(pointTransactions)
    .values(
      postings.map(({ holder, posting }) => ({
        ...holder,
        creatorId: posting.creatorId,
        amount: posting.amount,
        type: posting.type,
        orderId: posting.orderId ?? null,
        details: posting.details ?? null,
        reference: posting.reference ?? null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();

const creditsOf = (rows: readonly PointTransactionRow[]) =>
  rows.map((row) => ({
    organizationId: row.organizationId,
    userId: row.userId,
    scope: scopeOf(row.creatorId),
    amount: row.amount,
  }));

const receivedOf = (row: PointTransactionRow) => ({
  organizationId: row.organizationId,
  userId: row.userId,
  pointTransactionId: String(row.id),
});

/**
 * The one write of the points ledger outside an order's checkout holds: the transaction row and the
 * running balance move together, in the caller's transaction. A spend is a conditional update of the
 * balance (409 `insufficient_points`, nothing written, rather than a negative balance); an earning
 * publishes `points-received`, whatever it pays or refunds. Answers undefined, with nothing moved,
 * when a unique index of the ledger already holds this posting (a journey is paid once).
 */
export const postPoints = async (
  { tx, now, events }: PostPointsContext,
  holder: Holder,
  posting: PointsPosting,
): Promise<PointTransactionRow | undefined> => {
  assertWholeAmount(posting.amount);
  const change = { scope: scopeOf(posting.creatorId), amount: Math.abs(posting.amount) };
  // A spend moves the balance first, so a refusal has written nothing even if the caller goes on.
  if (posting.amount < 0 && !(await debit({ tx, now }, holder, change)))
    throw new AppError(
      "insufficient_points",
      posting.insufficientMessage ?? "Not enough points for this spend",
      {
        context: { required: change.amount, creatorId: posting.creatorId },
      },
    );
  const [row] = await insertPostings(tx, now, [{ holder, posting }]);
  if (!row) {
    if (posting.amount < 0) throw new Error("a points spend conflicted with a unique index of the ledger");
    return undefined;
  }
  if (posting.amount > 0) {
    await creditMany({ tx, now }, creditsOf([row]));
    await events.publish(tx, "points-received", receivedOf(row));
  }
  return row;
};

/**
 * `postPoints` for many earnings (amounts > 0) at once: one insert of the rows, one upsert of the
 * balances they move, one publish of their `points-received`. Answers the rows written; a posting a
 * unique index of the ledger already holds is left out, with nothing moved.
 */
export const postEarnings = async (
  { tx, now, events }: EarnPointsContext,
  earnings: readonly HolderPosting[],
): Promise<PointTransactionRow[]> => {
  for (const { posting } of earnings) {
    assertWholeAmount(posting.amount);
    if (posting.amount < 0) throw new Error(`an earning moves points in, not ${posting.amount}`);
  }
  if (earnings.length === 0) return [];
  const rows = await insertPostings(tx, now, earnings);
  await creditMany({ tx, now }, creditsOf(rows));
  if (rows.length > 0) await events.publishMany(tx, "points-received", rows.map(receivedOf));
  return rows;
};
