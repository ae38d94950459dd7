import { AppError, type Clock } from "@tally/core";
import { orderItems, type ShippingAddress, type Tx, users } from "@tally/db";
import {
  type EmailMessage,
  type Providers,
  pickRate,
  type ShippingLabel,
  type ShippingLabelRequest,
  type ShippingRate,
} from "@tally/providers";
import { and, eq, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import { assertActingBuyer } from "../access/scope.ts";
import { findOrder, lockOrder, type OrderRow } from "../orders/amounts.ts";
import { assertNoSettlingPayment, type OrderPaymentsPort } from "../orders/payments-port.ts";
import { assertNotPresaleOrder } from "../orders/presale-order.ts";
import {
  SHIPPING_MACHINE,
  setOrderShipping,
  shippingStepsFrom,
  shippingStepTo,
} from "../orders/shipping-state.ts";
import { setOrderShippingQuote } from "../orders/state.ts";
import {
  isOrderStatusIn,
  PAID_ORDER_STATUSES,
  type ShippingStatus,
  UNPAID_ORDER_STATUSES,
} from "../orders/statuses.ts";
import { creatorFlatRate, FLAT_RATE_ID, flatRate } from "./flat-rate.ts";
import {
  LABEL_PURCHASE_CLAIM_MS,
  publicShippingInfo,
  purchaseClaimedAt,
  withPurchaseClaim,
} from "./label-claim.ts";
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

/** What a quote asks the provider for, read from the order before the provider is called. */
export interface ShippingQuoteClaim {
  orderId: string;
  units: number;
  address: ShippingAddress;
}

const assertQuotable = async (
  { tx, payments }: { tx: Tx; payments: OrderPaymentsPort },
  order: OrderRow,
): Promise<number> => {
  assertNotPresaleOrder(order);
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}: shipping can be quoted until it is paid`,
      {
        context: { status: order.status },
      },
    );
  await assertNoSettlingPayment(payments, tx, { organizationId: order.organizationId, orderId: order.id });
  const units = await unitsOf(tx, order);
  if (units === 0) throw new AppError("invalid_state", "The order has no items to ship");
  return units;
};

/**
 * Step 1 of a quote (ARCHITECTURE: no outside call with a transaction open): the order may be quoted
 * by this caller now; answers the parcel and address to ask the provider about.
 */
export const claimShippingQuote = async (
  context: { tx: Tx; payments: OrderPaymentsPort },
  { organizationId, actingUserId }: QuoteShippingScope,
  input: QuoteInput,
): Promise<ShippingQuoteClaim> => {
  const order = await findOrder(context.tx, { organizationId, orderId: input.orderId });
  assertActingBuyer(actingUserId, order);
  const units = await assertQuotable(context, order);
  const address: ShippingAddress = {
    ...input.address,
    ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
    ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
  };
  return { orderId: order.id, units, address };
};

/**
 * Step 3 of a quote, with the order locked: the provider's rates (and the creator's flat rate, if
 * any) for the claimed parcel; sets (not adds) the fee of the chosen rate (default: the flat rate,
 * else the cheapest), saves the address on the order and as the user's shipping address, and lets
 * the payments side resize a live card intent. 409 when the order was paid, or its parcel changed,
 * while the provider was asked (quote again).
 */
export const recordShippingQuote = async (
  { tx, payments, clock }: { tx: Tx; payments: OrderPaymentsPort; clock: Clock },
  { organizationId }: QuoteShippingScope,
  {
    claim,
    offered,
    rateId,
  }: { claim: ShippingQuoteClaim; offered: ShippingRate[]; rateId?: string | undefined },
) => {
  const ref = { organizationId, orderId: claim.orderId };
  const order = await lockOrder(tx, ref);
  if ((await assertQuotable({ tx, payments }, order)) !== claim.units)
    throw new AppError("conflict", "The order's items changed while shipping was quoted; quote again");
  // The creator's flat rate is offered first and, being the creator's default, chosen when no rateId is.
  const flat = await creatorFlatRate(tx, order);
  const rates = flat === undefined ? offered : [flatRate(flat), ...offered];
  if (rateId && !rates.some((rate) => rate.id === rateId))
    throw new AppError("validation_failed", "rateId is not one of the rates offered for this address", {
      details: [{ field: "rateId", message: "not offered for this address and parcel" }],
    });
  const selected = pickRate(rates, rateId ?? (flat === undefined ? undefined : FLAT_RATE_ID));
  if (!selected) throw new AppError("bad_gateway", "The shipping provider offered no rate");
  const now = clock.now();
  const quoted = await setOrderShippingQuote({ tx, now }, ref, {
    shippingFee: selected.amount,
    shippingAddress: claim.address,
    shippingInfo: {
      ...(order.shippingInfo ?? {}),
      rateId: selected.id,
      carrier: selected.carrier,
      service: selected.service,
      estimatedDays: selected.estimatedDays,
    },
  });
  if (order.userId) {
    await tx
      .update(users)
      .set({ shippingAddress: claim.address, updatedAt: now })
      .where(and(eq(users.organizationId, organizationId), eq(users.id, order.userId)));
  }
  await payments.amountChanged(tx, ref);
  // The order is locked and unpaid (checked above), so the edit applied and returned it.
  const updated = quoted ?? (await findOrder(tx, ref));
  return { rates, selectedRate: selected, shippingFee: selected.amount, updated };
};

const creatorOrder = (tx: Tx, creator: CreatorRow, orderId: string) =>
  lockOrder(tx, { organizationId: creator.organizationId, orderId, of: { creatorId: creator.id } });

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
  const move = shippingStepTo(order.shippingStatus, next);
  if (!move)
    throw new AppError(
      "invalid_state",
      `Shipping status cannot move from ${order.shippingStatus} to ${next}`,
      {
        context: {
          shippingStatus: order.shippingStatus,
          allowed: shippingStepsFrom(order.shippingStatus),
        },
      },
    );
  const updated = await setOrderShipping({ tx, now: clock.now() }, order, { move });
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

/** A label to buy (none stored yet): the request and its idempotency key, read before the provider is called. */
export interface ShippingLabelPurchase {
  kind: "claimed";
  request: ShippingLabelRequest;
  idempotencyKey: string;
}

export type ShippingLabelClaim =
  | { kind: "stored"; label: LabelInfo; order: OrderRow; email: EmailMessage | undefined }
  | { kind: "in-progress" }
  | ShippingLabelPurchase;

/**
 * Step 1 of a label, with the order locked (no outside call with a transaction open): the stored
 * label when there is one; `in-progress` while another call buys it; else the purchase is claimed
 * and what to buy is answered. Paid orders with a shipping address only (409 `invalid_state`).
 */
export const claimShippingLabel = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  orderId: string,
): Promise<ShippingLabelClaim> => {
  const order = await creatorOrder(tx, creator, orderId);
  const existing = storedLabel(order.shippingInfo);
  if (existing)
    return { kind: "stored", label: existing, order, email: await labelEmail(tx, creator, order, existing) };
  if (!isOrderStatusIn(PAID_ORDER_STATUSES, order.status))
    throw new AppError("invalid_state", `The order is ${order.status}: labels are created for paid orders`, {
      context: { status: order.status },
    });
  if (!order.shippingAddress)
    throw new AppError("invalid_state", "The order has no shipping address: quote shipping first");
  const now = clock.now();
  const claimedAt = purchaseClaimedAt(order.shippingInfo);
  if (claimedAt !== undefined && now.getTime() - claimedAt < LABEL_PURCHASE_CLAIM_MS)
    return { kind: "in-progress" };
  await setOrderShipping({ tx, now }, order, { shippingInfo: withPurchaseClaim(order.shippingInfo, now) });
  const units = await unitsOf(tx, order);
  // A flat-rate order ships with the provider's cheapest service: the creator charged its own rate.
  const chosen = typeof order.shippingInfo?.rateId === "string" ? order.shippingInfo.rateId : undefined;
  const rateId = chosen === FLAT_RATE_ID ? undefined : chosen;
  return {
    kind: "claimed",
    request: { to: order.shippingAddress, parcel: { units: Math.max(1, units) }, rateId },
    // Sent as the label's metadata: a purchase can be traced to its order at the provider.
    idempotencyKey: `${order.organizationId}:${order.id}`,
  };
};

/** The provider refused: the purchase claim is released so that the next call buys again. */
export const releaseShippingLabelClaim = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  orderId: string,
): Promise<void> => {
  const order = await creatorOrder(tx, creator, orderId);
  if (purchaseClaimedAt(order.shippingInfo) === undefined) return;
  await setOrderShipping({ tx, now: clock.now() }, order, {
    shippingInfo: publicShippingInfo(order.shippingInfo) ?? {},
  });
};

/**
 * Step 3 of a label, with the order locked: stores the bought label and its tracking in
 * `shippingInfo` in place of the purchase claim, moves shipping PENDING/PROCESSING -> LABEL_CREATED (order PAID -> PROCESSING) and returns
 * the buyer's tracking e-mail, which the caller sends AFTER the transaction commits (the e-mail
 * adapter writes its outbox on its own connection); its dedupe key makes every call's send safe, so
 * a send that failed is retried by the next call.
 */
export const recordShippingLabel = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  { orderId, created }: { orderId: string; created: ShippingLabel },
) => {
  const order = await creatorOrder(tx, creator, orderId);
  const existing = storedLabel(order.shippingInfo);
  if (existing) return { label: existing, order, email: await labelEmail(tx, creator, order, existing) };
  const now = clock.now();
  const label: LabelInfo = {
    labelId: created.labelId,
    carrier: created.carrier,
    service: created.service,
    trackingNumber: created.trackingNumber,
    trackingUrl: created.trackingUrl,
    labelUrl: created.labelUrl,
    createdAt: now.toISOString(),
  };
  const moves = SHIPPING_MACHINE.canMove("buyLabel", order.shippingStatus);
  const updated = await setOrderShipping({ tx, now }, order, {
    ...(moves ? { move: "buyLabel" as const } : {}),
    shippingInfo: {
      ...publicShippingInfo(order.shippingInfo),
      carrier: created.carrier,
      service: created.service,
      trackingNumber: created.trackingNumber,
      trackingUrl: created.trackingUrl,
      label,
    },
  });
  return { label, order: updated ?? order, email: await labelEmail(tx, creator, order, label) };
};
