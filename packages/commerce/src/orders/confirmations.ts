import { creators, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { createNotification } from "../notifications/service.ts";
import { buyerEmailOf, readOrderWithItems } from "./read.ts";
import { isOrderStatusIn, PAID_ORDER_STATUSES } from "./statuses.ts";

type Deps = CommerceHandlerDeps;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * `order-confirmation` (published when the order is PAID): the receipt e-mail to the buyer (the
 * user's address, or the guest's), once per order (dedupe key). An unpaid order or one with no
 * address is skipped.
 */
export const handleOrderConfirmation = async (
  deps: Pick<Deps, "database" | "providers" | "logger">,
  { organizationId, orderId }: EventPayload<"order-confirmation">,
): Promise<{ sent: boolean }> => {
  const found = await withTenant(deps.database.db, organizationId, async (tx) => {
    const read = await readOrderWithItems(tx, organizationId, orderId);
    if (!read) return undefined;
    const [creator] = read.order.creatorId
      ? await tx
          .select({ displayName: creators.displayName })
          .from(creators)
          .where(and(eq(creators.organizationId, organizationId), eq(creators.id, read.order.creatorId)))
      : [];
    return { ...read, to: await buyerEmailOf(tx, read.order), creatorName: creator?.displayName ?? null };
  });
  if (!found || !isOrderStatusIn(PAID_ORDER_STATUSES, found.order.status) || !found.to) {
    deps.logger.info(
      { organizationId, orderId, status: found?.order.status ?? "missing", hasEmail: Boolean(found?.to) },
      "order-confirmation: no receipt to send",
    );
    return { sent: false };
  }
  const { order, items, to, creatorName } = found;
  const lines = items.map(
    (item) => `- ${item.productName} x ${item.quantity}: ${money(item.price * item.quantity)}`,
  );
  const totals = [
    order.discountAmount > 0 ? `Discount: -${money(order.discountAmount)}` : undefined,
    order.points > 0 ? `Points used: ${order.points}` : undefined,
    order.shippingFee > 0 ? `Shipping: ${money(order.shippingFee)}` : undefined,
    `Paid: ${money(order.amountPaid ?? 0)}${order.paymentMethod ? ` (${order.paymentMethod})` : ""}`,
  ].filter((line): line is string => line !== undefined);
  const result = await deps.providers.email.send({
    to,
    subject: `Your order ${order.id}${creatorName ? ` from ${creatorName}` : ""} is confirmed`,
    text: `Thank you for your order.\n\nOrder ${order.id}\n${lines.join("\n")}\n\n${totals.join("\n")}\n`,
    template: "order-confirmation",
    organizationId,
    dedupeKey: `order-confirmation:${organizationId}:${orderId}`,
  });
  return { sent: !result.deduplicated };
};

/** `creator-order-confirmation`: a notification to the creator about the new paid order, once per order. */
export const handleCreatorOrderConfirmation = async (
  deps: Pick<Deps, "database" | "clock">,
  { organizationId, orderId, creatorId }: EventPayload<"creator-order-confirmation">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const found = await readOrderWithItems(tx, organizationId, orderId);
    if (
      !found ||
      !isOrderStatusIn(PAID_ORDER_STATUSES, found.order.status) ||
      found.order.creatorId !== creatorId
    )
      return;
    const { order, items } = found;
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    await createNotification(tx, {
      organizationId,
      recipientType: "CREATOR",
      recipientId: creatorId,
      type: "new-order",
      title: `New order: ${units} item${units === 1 ? "" : "s"}, ${money(order.amountPaid ?? 0)} paid`,
      body:
        items
          .map((item) => `${item.productName} x ${item.quantity}`)
          .join(", ")
          .slice(0, 500) || null,
      data: { orderId, amountPaid: order.amountPaid, paymentMethod: order.paymentMethod, units },
      dedupeKey: `creator-order-confirmation:${orderId}`,
      createdAt: deps.clock.now(),
    });
  });
};

/** Registers the paid-order notices: the buyer's receipt and the creator's notification. */
export const registerOrderHandlers = (bus: EventBus, deps: Deps): void => {
  bus.subscribe("order-confirmation", "commerce", async (payload) => {
    await handleOrderConfirmation(deps, payload);
  });
  bus.subscribe("creator-order-confirmation", "commerce", (payload) =>
    handleCreatorOrderConfirmation(deps, payload),
  );
};
