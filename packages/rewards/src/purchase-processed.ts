import {
  type CommerceHandlerDeps,
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  readOrderWithItems,
} from "@tally/commerce";
import { withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { markPresaleOrderPaid } from "./presales/usdc.ts";

/**
 * `purchase-processed`, rewards' subscription: a USDC presale's paid order marks its purchase PAID
 * (once), which publishes `presale-purchase-processed`. Other orders are points' business.
 */
export const settlePresaleOrder = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  { organizationId, orderId }: EventPayload<"purchase-processed">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const order = (await readOrderWithItems(tx, organizationId, orderId))?.order;
    if (!order || order.presalePurchaseId === null) return;
    if (!isOrderStatusIn(PAID_ORDER_STATUSES, order.status)) return;
    await markPresaleOrderPaid(
      { tx, now: deps.clock.now(), events: deps.events },
      { ...order, presalePurchaseId: order.presalePurchaseId },
    );
  });
};
