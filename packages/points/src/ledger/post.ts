import { AppError } from "@tally/core";
import { pointTransactions, type pointTransactionTypes, type Tx } from "@tally/db";
import type { EventBus } from "@tally/events";
import { credit, debit, type Holder, scopeOf } from "./balances.ts";

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
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
    throw new Error(`a points posting moves a non-zero whole amount, not ${posting.amount}`);
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
  const [row] = await tx
    .insert(pointTransactions)
    .values({
      ...holder,
      creatorId: posting.creatorId,
      amount: posting.amount,
      type: posting.type,
      orderId: posting.orderId ?? null,
      details: posting.details ?? null,
      reference: posting.reference ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    if (posting.amount < 0) throw new Error("a points spend conflicted with a unique index of the ledger");
    return undefined;
  }
  if (posting.amount > 0) {
    await credit({ tx, now }, holder, change);
    await events.publish(tx, "points-received", {
      organizationId: row.organizationId,
      userId: row.userId,
      pointTransactionId: String(row.id),
    });
  }
  return row;
};
