import {
  type CommerceHandlerDeps,
  createNotifications,
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  readOrdersWithItems,
} from "@tally/commerce";
import { withTenant } from "@tally/db";
import { type EventBus, type EventPayload, payloadsByTenant } from "@tally/events";
import { awardPurchasePoints } from "../ledger/ledger.ts";

/**
 * `purchase-processed`, points' subscription: the buyer's PURCHASE points (at most one award per
 * order; each publishes `points-received`) and a notice to the creator naming them, once per order.
 * Stock was committed when the order became PAID. A presale order buys a token, not products: no
 * points (rewards' subscription settles it). Per tenant: one transaction locks and reads the orders,
 * awards their points and inserts the notices, a few statements for any count.
 */
export const awardPointsForPurchases = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Pick<EventBus, "publishMany"> },
  payloads: readonly EventPayload<"purchase-processed">[],
): Promise<void> => {
  await Promise.all(
    [...payloadsByTenant(payloads)].map(([organizationId, tenantPayloads]) =>
      withTenant(deps.database.db, organizationId, async (tx) => {
        const orderIds = [...new Set(tenantPayloads.map((payload) => payload.orderId))];
        const purchases = (await readOrdersWithItems(tx, organizationId, { orderIds, lock: true })).filter(
          ({ order }) =>
            isOrderStatusIn(PAID_ORDER_STATUSES, order.status) && order.presalePurchaseId === null,
        );
        const now = deps.clock.now();
        const awards = await awardPurchasePoints({ tx, now, events: deps.events }, purchases);
        await createNotifications(
          tx,
          purchases.flatMap(({ order, items }) => {
            if (!order.creatorId) return [];
            const award = awards.get(order.id);
            const units = items.reduce((sum, item) => sum + item.quantity, 0);
            return [
              {
                organizationId,
                recipientType: "CREATOR" as const,
                recipientId: order.creatorId,
                type: "purchase-processed",
                title: `Purchase processed: ${units} unit${units === 1 ? "" : "s"} sold`,
                body: award ? `The buyer earned ${award.amount} points.` : null,
                data: {
                  orderId: order.id,
                  units,
                  amountPaid: order.amountPaid,
                  pointsAwarded: award?.amount ?? 0,
                  items: items.map((item) => ({
                    productId: item.productId,
                    variantId: item.variantId,
                    quantity: item.quantity,
                  })),
                },
                dedupeKey: `purchase-processed:${order.id}`,
                createdAt: now,
              },
            ];
          }),
        );
      }),
    ),
  );
};
