import { creators, withTenant } from "@tally/db";
import { type EventBus, type EventPayload, payloadsByTenant } from "@tally/events";
import { and, eq, inArray } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { createNotifications } from "../notifications/service.ts";
import { buyerEmailsOf, type OrderWithItems, readOrdersWithItems } from "./read.ts";
import { isOrderStatusIn, PAID_ORDER_STATUSES } from "./statuses.ts";

type Deps = CommerceHandlerDeps;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const uniqueOrderIds = (payloads: readonly { orderId: string }[]): string[] => [
  ...new Set(payloads.map((payload) => payload.orderId)),
];

const isPaid = ({ order }: OrderWithItems): boolean => isOrderStatusIn(PAID_ORDER_STATUSES, order.status);

/**
 * `order-confirmation` (published when the order is PAID): the receipt e-mail to the buyer (the
 * user's address, or the guest's), once per order (dedupe key). An unpaid order or one with no
 * address is skipped. Per tenant: one transaction reads the orders, their lines, creators and
 * buyers; one send, after it, mails every receipt. Answers the orders whose receipt was sent now.
 */
export const handleOrderConfirmations = async (
  deps: Pick<Deps, "database" | "providers" | "logger">,
  payloads: readonly EventPayload<"order-confirmation">[],
): Promise<{ sent: string[] }> => {
  const sent = await Promise.all(
    [...payloadsByTenant(payloads)].map(([organizationId, tenantPayloads]) =>
      sendReceipts(deps, organizationId, uniqueOrderIds(tenantPayloads)),
    ),
  );
  return { sent: sent.flat() };
};

const sendReceipts = async (
  deps: Pick<Deps, "database" | "providers" | "logger">,
  organizationId: string,
  orderIds: string[],
): Promise<string[]> => {
  const found = await withTenant(deps.database.db, organizationId, async (tx) => {
    const read = await readOrdersWithItems(tx, organizationId, { orderIds });
    const creatorIds = [...new Set(read.flatMap(({ order }) => (order.creatorId ? [order.creatorId] : [])))];
    const names =
      creatorIds.length === 0
        ? []
        : await tx
            .select({ id: creators.id, displayName: creators.displayName })
            .from(creators)
            .where(and(eq(creators.organizationId, organizationId), inArray(creators.id, creatorIds)));
    const paid = read.filter(isPaid);
    const emails = await buyerEmailsOf(
      tx,
      paid.map(({ order }) => order),
    );
    return { read, paid, emails, names: new Map(names.map((creator) => [creator.id, creator.displayName])) };
  });
  const receipts = found.paid.flatMap((read) => {
    const to = found.emails.get(read.order.id);
    const { creatorId } = read.order;
    return to ? [{ ...read, to, creatorName: (creatorId && found.names.get(creatorId)) || null }] : [];
  });
  const skipped = orderIds.filter((orderId) => !receipts.some(({ order }) => order.id === orderId));
  if (skipped.length > 0)
    deps.logger.info(
      {
        organizationId,
        orders: skipped.map((orderId) => {
          const read = found.read.find(({ order }) => order.id === orderId);
          return {
            orderId,
            status: read?.order.status ?? "missing",
            hasEmail: Boolean(found.emails.get(orderId)),
          };
        }),
      },
      "order-confirmation: no receipt to send",
    );
  if (receipts.length === 0) return [];
  const results = await deps.providers.email.sendMany(
    receipts.map(({ order, items, to, creatorName }) => {
      const lines = items.map(
        (item) => `- ${item.productName} x ${item.quantity}: ${money(item.price * item.quantity)}`,
      );
      const totals = [
        order.discountAmount > 0 ? `Discount: -${money(order.discountAmount)}` : undefined,
        order.points > 0 ? `Points used: ${order.points}` : undefined,
        order.shippingFee > 0 ? `Shipping: ${money(order.shippingFee)}` : undefined,
        `Paid: ${money(order.amountPaid ?? 0)}${order.paymentMethod ? ` (${order.paymentMethod})` : ""}`,
      ].filter((line): line is string => line !== undefined);
      return {
        to,
        subject: `Your order ${order.id}${creatorName ? ` from ${creatorName}` : ""} is confirmed`,
        text: `Thank you for your order.\n\nOrder ${order.id}\n${lines.join("\n")}\n\n${totals.join("\n")}\n`,
        template: "order-confirmation",
        organizationId,
        dedupeKey: `order-confirmation:${organizationId}:${order.id}`,
      };
    }),
  );
  return receipts.flatMap(({ order }, index) => (results[index]?.deduplicated ? [] : [order.id]));
};

/**
 * `creator-order-confirmation`: a notification to the creator about the new paid order, once per
 * order (dedupe key). Per tenant: one transaction, one read of the orders and lines, one insert.
 */
export const handleCreatorOrderConfirmations = async (
  deps: Pick<Deps, "database" | "clock">,
  payloads: readonly EventPayload<"creator-order-confirmation">[],
): Promise<void> => {
  await Promise.all(
    [...payloadsByTenant(payloads)].map(([organizationId, tenantPayloads]) =>
      withTenant(deps.database.db, organizationId, async (tx) => {
        const read = await readOrdersWithItems(tx, organizationId, {
          orderIds: uniqueOrderIds(tenantPayloads),
        });
        const notices = read.flatMap((found) => {
          const payload = tenantPayloads.find(
            ({ orderId, creatorId }) => orderId === found.order.id && creatorId === found.order.creatorId,
          );
          return payload && isPaid(found) ? [{ ...found, creatorId: payload.creatorId }] : [];
        });
        await createNotifications(
          tx,
          notices.map(({ order, items, creatorId }) => {
            const units = items.reduce((sum, item) => sum + item.quantity, 0);
            return {
              organizationId,
              recipientType: "CREATOR" as const,
              recipientId: creatorId,
              type: "new-order",
              title: `New order: ${units} item${units === 1 ? "" : "s"}, ${money(order.amountPaid ?? 0)} paid`,
              body:
                items
                  .map((item) => `${item.productName} x ${item.quantity}`)
                  .join(", ")
                  .slice(0, 500) || null,
              data: {
                orderId: order.id,
                amountPaid: order.amountPaid,
                paymentMethod: order.paymentMethod,
                units,
              },
              dedupeKey: `creator-order-confirmation:${order.id}`,
              createdAt: deps.clock.now(),
            };
          }),
        );
      }),
    ),
  );
};

/**
 * Registers the paid-order notices: the buyer's receipt and the creator's notification, each worked
 * a fetched batch at a time.
 */
export const registerOrderHandlers = (bus: EventBus, deps: Deps): void => {
  bus.subscribeBatch("order-confirmation", "commerce", async (jobs) => {
    await handleOrderConfirmations(
      deps,
      jobs.map((job) => job.payload),
    );
  });
  bus.subscribeBatch("creator-order-confirmation", "commerce", (jobs) =>
    handleCreatorOrderConfirmations(
      deps,
      jobs.map((job) => job.payload),
    ),
  );
};
