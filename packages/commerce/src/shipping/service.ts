import { AppError, type Clock } from "@tally/core";
import { orderItems, type ShippingAddress, type Tx, users } from "@tally/db";
import { type EmailMessage, type Providers, pickRate } from "@tally/providers";
import { and, eq, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import { assertActingBuyer } from "../access/scope.ts";
import { amountsOf, findOrder, type OrderRow } from "../orders/amounts.ts";
import { assertNoSettlingPayment, type OrderPaymentsPort } from "../orders/payments-port.ts";
import { lockOrder } from "../orders/service.ts";
import { setOrderShipping, setOrderShippingQuote } from "../orders/state.ts";
import {
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  SHIPPING_TRANSITIONS,
  type ShippingStatus,
  UNPAID_ORDER_STATUSES,
} from "../orders/statuses.ts";
import { creatorFlatRate, FLAT_RATE_ID, flatRate } from "./flat-rate.ts";
import type { QuoteInput } from "./schemas.ts";

const unitsOf = async (tx: Tx, order: OrderRow) => {
  const [row] = await tx
    .select({ units: sql<string | null>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, order.organizationId), eq(orderItems.orderId, order.id)));
  return Number(row?.units ?? 0);
};

export interface ShippingDeps {
  providers: Pick<Providers, "shipping" | "email">;
  clock: Clock;
}

/** What a shipping write runs on: the transaction and the shipping dependencies. */
export type ShippingContext = ShippingDeps & { tx: Tx };

/** Who asks for a quote: the organization, and the acting user the integrator named (if any). */
export interface QuoteShippingScope {
  organizationId: string;
  actingUserId: string | undefined;
}

/**
 * Quotes rates for the order's parcel (and the creator's flat rate, if any) and sets (not adds) the
 * fee of the chosen rate (default: the flat rate, else the cheapest), saves the address on the order
 * and as the user's shipping address, and lets the payments side resize a live card intent. Allowed
 * until the order is paid.
 */
export const quoteShipping = async (
  { tx, ...deps }: ShippingContext & { payments: OrderPaymentsPort },
  { organizationId, actingUserId }: QuoteShippingScope,
  input: QuoteInput,
) => {
  const order = await lockOrder(tx, { organizationId, orderId: input.orderId });
  assertActingBuyer(actingUserId, order);
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}: shipping can be quoted until it is paid`,
      {
        context: { status: order.status },
      },
    );
  await assertNoSettlingPayment(deps.payments, tx, { organizationId, orderId: input.orderId });
  const units = await unitsOf(tx, order);
  if (units === 0) throw new AppError("invalid_state", "The order has no items to ship");
  const address: ShippingAddress = {
    ...input.address,
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
  };
  const offered = await deps.providers.shipping.quote({ to: address, parcel: { units } });
  // The creator's flat rate is offered first and, being the creator's default, chosen when no rateId is.
  const flat = await creatorFlatRate(tx, order);
  const rates = flat === undefined ? offered : [flatRate(flat), ...offered];
  if (input.rateId && !rates.some((rate) => rate.id === input.rateId))
    throw new AppError("validation_failed", "rateId is not one of the rates offered for this address", {
      details: [{ field: "rateId", message: "not offered for this address and parcel" }],
    });
  const selected = pickRate(rates, input.rateId ?? (flat === undefined ? undefined : FLAT_RATE_ID));
  if (!selected) throw new AppError("bad_gateway", "The shipping provider offered no rate");
  const now = deps.clock.now();
  await setOrderShippingQuote(
    tx,
    { organizationId, orderId: order.id },
    {
      shippingFee: selected.amount,
      shippingAddress: address,
      shippingInfo: {
        ...(order.shippingInfo ?? {}),
        rateId: selected.id,
        carrier: selected.carrier,
        service: selected.service,
        estimatedDays: selected.estimatedDays,
      },
      now,
    },
  );
  if (order.userId) {
    await tx
      .update(users)
      .set({ shippingAddress: address, updatedAt: now })
      .where(and(eq(users.organizationId, organizationId), eq(users.id, order.userId)));
  }
  const ref = { organizationId, orderId: order.id };
  await deps.payments.amountChanged(tx, ref);
  const updated = await findOrder(tx, ref);
  return {
    rates,
    selectedRate: selected,
    shippingFee: selected.amount,
    amounts: await amountsOf(tx, updated),
    updated,
  };
};

const creatorOrder = async (tx: Tx, creator: CreatorRow, orderId: string) => {
  const order = await lockOrder(tx, { organizationId: creator.organizationId, orderId });
  if (order.creatorId !== creator.id) throw new AppError("not_found", "Order not found");
  return order;
};

/** Moves the shipping machine one legal step; the order's status follows it. 409 on illegal moves. */
export interface ShippingStatusChange {
  orderId: string;
  shippingStatus: ShippingStatus;
}

export const updateShippingStatus = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  { orderId, shippingStatus: next }: ShippingStatusChange,
): Promise<OrderRow> => {
  const order = await creatorOrder(tx, creator, orderId);
  if (!isOrderStatusIn(PAID_ORDER_STATUSES, order.status))
    throw new AppError("invalid_state", `The order is ${order.status}: only paid orders are fulfilled`, {
      context: { status: order.status },
    });
  if (order.shippingStatus === next) return order;
  if (!SHIPPING_TRANSITIONS[order.shippingStatus].includes(next))
    throw new AppError(
      "invalid_state",
      `Shipping status cannot move from ${order.shippingStatus} to ${next}`,
      {
        context: {
          shippingStatus: order.shippingStatus,
          allowed: SHIPPING_TRANSITIONS[order.shippingStatus],
        },
      },
    );
  const updated = await setOrderShipping(tx, order, { shippingStatus: next, now: clock.now() });
  if (!updated) throw new AppError("invalid_state", "The shipping status changed meanwhile");
  return updated;
};

const buyerEmail = async (tx: Tx, order: OrderRow) => {
  if (!order.userId) return order.guestEmail;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, order.organizationId), eq(users.id, order.userId)));
  return user?.email ?? null;
};

export interface LabelInfo {
  labelId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  trackingUrl: string | null;
  labelUrl: string;
  createdAt: string;
}

const storedLabel = (info: Record<string, unknown> | null): LabelInfo | undefined => {
  const label = info?.label as LabelInfo | undefined;
  return label && typeof label.trackingNumber === "string" ? label : undefined;
};

/** The tracking e-mail to the buyer (none without an address), deduplicated per order. */
const labelEmail = async (
  tx: Tx,
  creator: CreatorRow,
  order: OrderRow,
  label: LabelInfo,
): Promise<EmailMessage | undefined> => {
  const to = await buyerEmail(tx, order);
  if (!to) return undefined;
  const tracking = label.trackingUrl ? `\nTrack it here: ${label.trackingUrl}` : "";
  return {
    to,
    subject: `Your order from ${creator.displayName} is on its way`,
    text: `Your order ${order.id} ships with ${label.carrier} (${label.service}).\nTracking number: ${label.trackingNumber}${tracking}\n`,
    template: "order-shipping-label",
    organizationId: order.organizationId,
    dedupeKey: `order-shipping-label:${order.organizationId}:${order.id}`,
  };
};

/**
 * Creates the order's shipping label once (later calls return the stored one), stores tracking in
 * `shippingInfo`, moves shipping PENDING/PROCESSING -> LABEL_CREATED (order PAID -> PROCESSING) and
 * returns the buyer's tracking e-mail, which the caller sends AFTER the transaction commits (the
 * e-mail adapter writes its outbox on its own connection); its dedupe key makes every call's send
 * safe, so a send that failed is retried by the next call.
 */
export const createShippingLabel = async (
  { tx, ...deps }: ShippingContext,
  creator: CreatorRow,
  orderId: string,
) => {
  const order = await creatorOrder(tx, creator, orderId);
  const existing = storedLabel(order.shippingInfo);
  if (existing) return { label: existing, order, email: await labelEmail(tx, creator, order, existing) };
  if (!isOrderStatusIn(PAID_ORDER_STATUSES, order.status))
    throw new AppError("invalid_state", `The order is ${order.status}: labels are created for paid orders`, {
      context: { status: order.status },
    });
  if (!order.shippingAddress)
    throw new AppError("invalid_state", "The order has no shipping address: quote shipping first");
  const units = await unitsOf(tx, order);
  // A flat-rate order ships with the provider's cheapest service: the creator charged its own rate.
  const chosen = typeof order.shippingInfo?.rateId === "string" ? order.shippingInfo.rateId : undefined;
  const rateId = chosen === FLAT_RATE_ID ? undefined : chosen;
  const created = await deps.providers.shipping.createLabel(
    { to: order.shippingAddress, parcel: { units: Math.max(1, units) }, rateId },
    `${order.organizationId}:${order.id}`,
  );
  const now = deps.clock.now();
  const label: LabelInfo = {
    labelId: created.labelId,
    carrier: created.carrier,
    service: created.service,
    trackingNumber: created.trackingNumber,
    trackingUrl: created.trackingUrl,
    labelUrl: created.labelUrl,
    createdAt: now.toISOString(),
  };
  const moves = order.shippingStatus === "PENDING" || order.shippingStatus === "PROCESSING";
  const updated = await setOrderShipping(tx, order, {
    ...(moves ? { shippingStatus: "LABEL_CREATED" as const } : {}),
    shippingInfo: {
      ...(order.shippingInfo ?? {}),
      carrier: created.carrier,
      service: created.service,
      trackingNumber: created.trackingNumber,
      trackingUrl: created.trackingUrl,
      label,
    },
    now,
  });
  return { label, order: updated ?? order, email: await labelEmail(tx, creator, order, label) };
};
