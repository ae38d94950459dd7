import {
  type CommerceHandlerDeps,
  createNotification,
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
} from "@tally/commerce";
import {
  claimInboundWebhookEvent,
  creators,
  inboundWebhookEvents,
  orderItems,
  orders,
  storefrontConnections,
  storefrontProducts,
  type Tx,
  users,
  withTenant,
} from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { awardPurchasePoints, releaseStaleReservations } from "@tally/loyalty";
import type { StorefrontOrderPush } from "@tally/providers";
import { and, asc, eq, inArray } from "drizzle-orm";
import { claimOnboardingReminders, sendOnboardingReminder, sweepPayouts } from "./payouts/jobs.ts";
import type { PayoutProcessor } from "./payouts/service.ts";

type OrderRow = typeof orders.$inferSelect;
type Deps = CommerceHandlerDeps;

const isPaid = (order: OrderRow) => isOrderStatusIn(PAID_ORDER_STATUSES, order.status);

/** The global registry row that records an order pushed to its creator's store (source, `org:order`). */
export const STOREFRONT_ORDER_PUSH_SOURCE = "storefront-order-push";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const readOrder = async (tx: Tx, organizationId: string, orderId: string) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  if (!order) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, organizationId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.id));
  return { order, items };
};

const buyerEmail = async (tx: Tx, order: OrderRow): Promise<string | null> => {
  if (!order.userId) return order.guestEmail;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, order.organizationId), eq(users.id, order.userId)));
  return user?.email ?? order.guestEmail;
};

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
    const read = await readOrder(tx, organizationId, orderId);
    if (!read) return undefined;
    const [creator] = read.order.creatorId
      ? await tx
          .select({ displayName: creators.displayName })
          .from(creators)
          .where(and(eq(creators.organizationId, organizationId), eq(creators.id, read.order.creatorId)))
      : [];
    return { ...read, to: await buyerEmail(tx, read.order), creatorName: creator?.displayName ?? null };
  });
  if (!found || !isPaid(found.order) || !found.to) {
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
    const found = await readOrder(tx, organizationId, orderId);
    if (!found || !isPaid(found.order) || found.order.creatorId !== creatorId) return;
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

/**
 * `purchase-processed`: the buyer's PURCHASE points (`awardPurchasePoints`, at most one award per
 * order; it publishes `points-received`) and a notice to the creator, once per order. Stock was
 * committed when the order became PAID.
 */
export const handlePurchaseProcessed = async (
  deps: Pick<Deps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  { organizationId, orderId }: EventPayload<"purchase-processed">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const found = await readOrder(tx, organizationId, orderId);
    if (!found || !isPaid(found.order)) return;
    const now = deps.clock.now();
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
 * `storefront-order-push`: sends the paid order to the creator's connected store through the
 * storefront port. The order is read in one transaction, pushed between transactions (never outside
 * I/O inside one), and the push recorded in the global `inbound_webhook_events` registry
 * (source `storefront-order-push`, id `org:order`): a later delivery finds it and pushes nothing. No
 * connection (or no access token) -> nothing to push.
 */
export const handleStorefrontOrderPush = async (
  deps: Pick<Deps, "database" | "providers" | "logger">,
  { organizationId, orderId }: EventPayload<"storefront-order-push">,
): Promise<{ pushed: boolean; externalId?: string }> => {
  const registryId = `${organizationId}:${orderId}`;
  const found = await withTenant(deps.database.db, organizationId, async (tx) => {
    const [done] = await tx
      .select({ eventId: inboundWebhookEvents.eventId })
      .from(inboundWebhookEvents)
      .where(
        and(
          eq(inboundWebhookEvents.source, STOREFRONT_ORDER_PUSH_SOURCE),
          eq(inboundWebhookEvents.eventId, registryId),
        ),
      );
    if (done) return { skip: "already pushed" as const };
    const read = await readOrder(tx, organizationId, orderId);
    if (!read || !isPaid(read.order) || !read.order.creatorId) return { skip: "order not paid" as const };
    const [connection] = await tx
      .select()
      .from(storefrontConnections)
      .where(
        and(
          eq(storefrontConnections.organizationId, organizationId),
          eq(storefrontConnections.creatorId, read.order.creatorId),
        ),
      );
    if (!connection?.accessToken) return { skip: "no store connection" as const };
    const productIds = [...new Set(read.items.map((item) => item.productId))];
    const links =
      productIds.length === 0
        ? []
        : await tx
            .select({ productId: storefrontProducts.productId, externalId: storefrontProducts.externalId })
            .from(storefrontProducts)
            .where(
              and(
                eq(storefrontProducts.organizationId, organizationId),
                eq(storefrontProducts.connectionId, connection.id),
                inArray(storefrontProducts.productId, productIds),
              ),
            );
    const externalOf = new Map(links.map((link) => [link.productId, link.externalId]));
    const { order, items } = read;
    const push: StorefrontOrderPush = {
      id: order.id,
      email: await buyerEmail(tx, order),
      currency: "usd",
      totalCents: order.amountPaid ?? 0,
      shippingCents: order.shippingFee,
      discountCents: order.discountAmount,
      lineItems: items.map((item) => ({
        title: item.productName,
        quantity: item.quantity,
        priceCents: item.price,
        sku: null,
        externalProductId: externalOf.get(item.productId) ?? null,
      })),
      shippingAddress: (order.shippingAddress as Record<string, unknown> | null) ?? null,
      paidAt: order.paidAt,
    };
    return {
      push,
      connection: { shopDomain: connection.shopDomain, accessToken: connection.accessToken },
    };
  });
  if ("skip" in found) {
    deps.logger.info(
      { organizationId, orderId, reason: found.skip },
      "storefront-order-push: nothing to push",
    );
    return { pushed: false };
  }
  const result = await deps.providers.storefront.pushOrder(found.connection, found.push);
  await withTenant(deps.database.db, organizationId, (tx) =>
    claimInboundWebhookEvent(tx, { source: STOREFRONT_ORDER_PUSH_SOURCE, eventId: registryId }),
  );
  deps.logger.info(
    { organizationId, orderId, externalId: result.externalId, duplicate: result.duplicate },
    "storefront-order-push: order pushed",
  );
  return { pushed: !result.duplicate, externalId: result.externalId };
};

/** The card processor of the providers, as payouts use it. */
const payoutProcessor = (deps: Deps): PayoutProcessor => deps.providers.cardProcessor;

/** Registers payments' event and cron handlers (order confirmations, payouts sweep, onboarding reminders). */
const STALE_POINTS_MS = 24 * 60 * 60 * 1000;

export const registerPaymentsHandlers = (bus: EventBus, deps: Deps): void => {
  bus.register("order-confirmation", async (payload) => {
    await handleOrderConfirmation(deps, payload);
  });
  bus.register("creator-order-confirmation", (payload) => handleCreatorOrderConfirmation(deps, payload));
  bus.register("purchase-processed", (payload) => handlePurchaseProcessed({ ...deps, events: bus }, payload));
  bus.register("storefront-order-push", async (payload) => {
    await handleStorefrontOrderPush(deps, payload);
  });
  bus.register("cardproc-onboarding-reminder", async (payload) => {
    await sendOnboardingReminder({ ...deps, email: deps.providers.email }, payload);
  });
  bus.registerCron("payouts-sweep", async () => {
    await sweepPayouts({ ...deps, processor: payoutProcessor(deps) });
    // Points held by orders left unpaid for 24 h go back to their owners (ARCHITECTURE §9). The spec
    // has no job of its own for it, so it rides on this half-hourly sweep.
    const now = deps.clock.now();
    await deps.database.db.transaction((tx) =>
      releaseStaleReservations(tx, { olderThan: new Date(now.getTime() - STALE_POINTS_MS), now }),
    );
  });
  bus.registerCron("cardproc-onboarding-reminder", async () => {
    await claimOnboardingReminders({ ...deps, events: bus });
  });
};
