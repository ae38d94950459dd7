import {
  type CommerceHandlerDeps,
  createNotification,
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  readOrderWithItems,
} from "@tally/commerce";
import { pointTransactions, type Tx, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { runAirdropMonitor, settleResolvedAirdrops, startAirdrop } from "./airdrops/monitor.ts";
import { handleCampaignEnded, handleCampaignVote } from "./campaign-participation/handlers.ts";
import { registerCampaignHandlers } from "./campaigns/handlers.ts";
import { awardPurchasePoints } from "./points/ledger.ts";
import { runPresaleMonitor } from "./presales/monitor.ts";
import { handlePresalePurchaseProcessed } from "./presales/purchase.ts";
import { markPresaleOrderPaid } from "./presales/usdc.ts";
import { handleNftRedeemed } from "./redemptions/handlers.ts";
import { registerRewardWebhookHandler } from "./reward-webhooks/deliveries.ts";
import { runContractMonitor } from "./rewards/contract-monitor.ts";
import { runMintQueue, runProgrammeMints } from "./rewards/mint-queue.ts";
import { handleNftReceived, handleNftRewardPublished } from "./rewards/notifications.ts";

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
 * `purchase-processed`: the buyer's PURCHASE points (`awardPurchasePoints`, at most one award per
 * order; it publishes `points-received`) and a notice to the creator, once per order. Stock was
 * committed when the order became PAID. A USDC presale's order marks its purchase PAID instead.
 */
export const handlePurchaseProcessed = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  { organizationId, orderId }: EventPayload<"purchase-processed">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const found = await readOrderWithItems(tx, organizationId, orderId);
    if (!found || !isOrderStatusIn(PAID_ORDER_STATUSES, found.order.status)) return;
    const now = deps.clock.now();
    // A presale order buys a token, not products: no purchase points; the presale handler notifies.
    const { presalePurchaseId } = found.order;
    if (presalePurchaseId !== null) {
      await markPresaleOrderPaid({ tx, now, events: deps.events }, { ...found.order, presalePurchaseId });
      return;
    }
    const award = await awardPurchasePoints(tx, { organizationId, orderId, now, events: deps.events });
    const { order, items } = found;
    if (!order.creatorId) return;
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    await createNotification(tx, {
      organizationId,
      recipientType: "CREATOR",
      recipientId: order.creatorId,
      type: "purchase-processed",
      title: `Purchase processed: ${units} unit${units === 1 ? "" : "s"} sold`,
      body: award ? `The buyer earned ${award.amount} points.` : null,
      data: {
        orderId,
        units,
        amountPaid: order.amountPaid,
        pointsAwarded: award?.amount ?? 0,
        items: items.map((item) => ({
          productId: item.productId,
          variantId: item.variantId,
          quantity: item.quantity,
        })),
      },
      dedupeKey: `purchase-processed:${orderId}`,
      createdAt: now,
    });
  });
};

/**
 * `points-received`: notifies the user of the points (once per transaction: dedupe key), with the
 * user's position on that scope's leaderboard in the notification data.
 */
export const registerLoyaltyHandlers = (
  bus: EventBus,
  deps: CommerceHandlerDeps & Pick<AppDeps, "services">,
): void => {
  bus.register("purchase-processed", (payload) => handlePurchaseProcessed({ ...deps, events: bus }, payload));
  registerRewardWebhookHandler(bus, deps);
  bus.register("nft-redeemed", (payload) => handleNftRedeemed(deps, payload));
  bus.register("campaign-vote", (payload) => handleCampaignVote({ ...deps, events: bus }, payload));
  bus.register("campaign-ended", (payload) => handleCampaignEnded({ ...deps, events: bus }, payload));
  registerCampaignHandlers(bus, deps);
  bus.register("nft-received", (payload) => handleNftReceived(deps, payload));
  bus.register("nft-reward-published", (payload) => handleNftRewardPublished(deps, payload));
  // A mint run settles the airdrops its mints belong to: the run that settles an airdrop's last mint ends it.
  bus.register("reward-mints-queued", async (programme) => {
    await runProgrammeMints({ ...deps, events: bus }, programme);
    await settleResolvedAirdrops(deps, programme);
  });
  bus.registerCron("mint-queue", async () => {
    await runMintQueue({ ...deps, events: bus });
    await settleResolvedAirdrops(deps);
  });
  // An airdrop starts at its date (the job is published with it) rather than at the monitor's next run.
  bus.register("airdrop", async ({ organizationId, airdropId }) => {
    await startAirdrop({ ...deps, events: bus }, { organizationId, id: airdropId });
  });
  bus.registerCron("airdrop-monitor", async () => {
    await runAirdropMonitor({ ...deps, events: bus });
  });
  bus.registerCron("contract-monitor", async () => {
    await runContractMonitor(deps);
  });
  bus.register("presale-purchase-processed", (payload) =>
    handlePresalePurchaseProcessed({ ...deps, events: bus }, payload),
  );
  bus.registerCron("token-presale-monitor", async () => {
    await runPresaleMonitor({ ...deps, events: bus });
  });
  bus.register("points-received", async ({ organizationId, userId, pointTransactionId }) => {
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
