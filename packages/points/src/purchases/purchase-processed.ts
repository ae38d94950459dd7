import {
  type CommerceHandlerDeps,
  createNotification,
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  readOrderWithItems,
} from "@tally/commerce";
import { withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { awardPurchasePoints } from "../ledger/ledger.ts";

/**
 * `purchase-processed`, points' subscription: the buyer's PURCHASE points (at most one award per
 * order; it publishes `points-received`) and a notice to the creator naming them, once per order.
 * Stock was committed when the order became PAID. A presale order buys a token, not products: no
 * points (rewards' subscription settles it).
 */
export const awardPointsForPurchase = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  { organizationId, orderId }: EventPayload<"purchase-processed">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const found = await readOrderWithItems(tx, organizationId, orderId);
    if (!found || !isOrderStatusIn(PAID_ORDER_STATUSES, found.order.status)) return;
    if (found.order.presalePurchaseId !== null) return;
    const now = deps.clock.now();
    const award = await awardPurchasePoints({ tx, now, events: deps.events }, { organizationId, orderId });
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
