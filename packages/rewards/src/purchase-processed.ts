import { type CommerceHandlerDeps, readPaidPresaleOrders } from "@tally/commerce";
import { withTenant } from "@tally/db";
import { type EventBus, type EventPayload, payloadsByTenant } from "@tally/events";
import { markPresaleOrderPaid } from "./presales/usdc.ts";

/**
 * `purchase-processed`, rewards' subscription: a USDC presale's paid order marks its purchase PAID
 * (once), which publishes `presale-purchase-processed`. Other orders are points' business. Per
 * tenant: one transaction and one read finds the batch's presale orders.
 */
export const settlePresaleOrders = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  payloads: readonly EventPayload<"purchase-processed">[],
): Promise<void> => {
  await Promise.all(
    [...payloadsByTenant(payloads)].map(([organizationId, tenantPayloads]) =>
      withTenant(deps.database.db, organizationId, async (tx) => {
        const orderIds = [...new Set(tenantPayloads.map((payload) => payload.orderId))];
        for (const order of await readPaidPresaleOrders(tx, organizationId, orderIds))
          await markPresaleOrderPaid({ tx, now: deps.clock.now(), events: deps.events }, order);
      }),
    ),
  );
};
