import { type CommerceHandlerDeps, createNotification } from "@tally/commerce";
import { pointTransactions, type Tx, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { awardPointsForPurchases } from "./purchases/purchase-processed.ts";

/**
 * The user's place on the leaderboard of one points scope (a creator's points, or organization-wide
 * when `creatorId` is null): users ranked by the points they have earned there (positive
 * transactions). Computed from the ledger when needed; there is no leaderboard table to update.
 */
export const leaderboardPosition = async (
  tx: Tx,
  input: { organizationId: string; userId: string; creatorId: string | null },
): Promise<{ creatorId: string | null; rank: number; earned: number; participants: number }> => {
  const scope = and(
    eq(pointTransactions.organizationId, input.organizationId),
    input.creatorId === null
      ? isNull(pointTransactions.creatorId)
      : eq(pointTransactions.creatorId, input.creatorId),
    gt(pointTransactions.amount, 0),
  );
  const [mine] = await tx
    .select({ earned: sql<string | null>`sum(${pointTransactions.amount})` })
    .from(pointTransactions)
    .where(and(scope, eq(pointTransactions.userId, input.userId)));
  const earned = Number(mine?.earned ?? 0);
  const earnedBy = tx
    .select({
      userId: pointTransactions.userId,
      earned: sql<number>`sum(${pointTransactions.amount})`.as("earned"),
    })
    .from(pointTransactions)
    .where(scope)
    .groupBy(pointTransactions.userId)
    .as("earned_by");
  const [row] = await tx
    .select({
      participants: sql<string>`count(*)`,
      ahead: sql<string>`count(*) filter (where ${earnedBy.earned} > ${earned})`,
    })
    .from(earnedBy);
  return {
    creatorId: input.creatorId,
    rank: Number(row?.ahead ?? 0) + 1,
    earned,
    participants: Number(row?.participants ?? 0),
  };
};

/**
 * Points' subscriptions. `purchase-processed` (a fetched batch at a time): the purchase points and
 * the creator's notice.
 * `points-received`: notifies the user of the points (once per transaction: dedupe key), with the
 * user's position on that scope's leaderboard in the notification data.
 */
export const registerPointsHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribeBatch("purchase-processed", "points", (jobs) =>
    awardPointsForPurchases(
      { ...deps, events: bus },
      jobs.map((job) => job.payload),
    ),
  );
  bus.subscribe("points-received", "points", async ({ organizationId, userId, pointTransactionId }) => {
    const transactionId = Number(pointTransactionId);
    if (!Number.isSafeInteger(transactionId)) return;
    await withTenant(deps.database.db, organizationId, async (tx) => {
      const [row] = await tx
        .select()
        .from(pointTransactions)
        .where(
          and(
            eq(pointTransactions.organizationId, organizationId),
            eq(pointTransactions.id, transactionId),
            eq(pointTransactions.userId, userId),
          ),
        );
      if (!row || row.amount <= 0) return;
      const leaderboard = await leaderboardPosition(tx, { organizationId, userId, creatorId: row.creatorId });
      await createNotification(tx, {
        organizationId,
        recipientType: "USER",
        recipientId: userId,
        type: "points-received",
        title: "Points received",
        body: `You received ${row.amount} point${row.amount === 1 ? "" : "s"}`,
        data: {
          pointTransactionId: row.id,
          amount: row.amount,
          type: row.type,
          creatorId: row.creatorId,
          ...(row.orderId ? { orderId: row.orderId } : {}),
          leaderboard,
        },
        dedupeKey: `points-received:${row.id}`,
        createdAt: deps.clock.now(),
      });
    });
  });
};
