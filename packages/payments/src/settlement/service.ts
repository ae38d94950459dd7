import {
  acceptsPaymentMethod,
  amountsOf,
  commitStock,
  isOrderStatusIn,
  type LockedOrder,
  lockOrder,
  type OrderPaymentMethod,
  PAID_ORDER_STATUSES,
  releaseStock,
  setOrderPaid,
  setOrderPaymentFailed,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import type { Clock, Logger } from "@tally/core";
import { storefrontConnections, type Tx } from "@tally/db";
import type { EventBus } from "@tally/events";
import { finalizeOrderPoints, revertOrderPoints } from "@tally/points";
import type { Providers } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import { type PaymentExceptionReason, recordPaymentException } from "../exceptions/service.ts";
import { createPayoutForOrder } from "../payouts/service.ts";
import { hasSettlingPayment } from "./settling.ts";

/** What settling an order needs: a subset of the app deps (`ctx.deps` satisfies it). */
export interface SettlementDeps {
  events: Pick<EventBus, "publish">;
  providers: Providers;
  clock: Clock;
  logger: Logger;
}

/** The settlement deps in the caller's tenant transaction. */
export type SettlementContext = SettlementDeps & { tx: Tx };

export type PaymentMethod = OrderPaymentMethod;

export interface MarkOrderPaidInput {
  organizationId: string;
  orderId: string;
  method: PaymentMethod;
  /** Cents actually charged. */
  amountPaid: number;
  /** What the rail was asked to charge (a card intent's amount), when it can differ from what it reports. */
  intendedAmount?: number;
  /** Lowercase ISO currency of `amountPaid`; orders are priced in US dollars. Default `usd`. */
  currency?: string;
  /** The payment at its rail (intent id, charge id, transaction hash): names a refused payment. */
  reference: string;
  /** Publish `order-confirmation` (the receipt); embedded-wallet checkout sends it only when given an e-mail. */
  sendConfirmation?: boolean;
}

export type MarkOrderPaidResult =
  | { outcome: "paid" }
  | { outcome: "already_paid" }
  | { outcome: "refused"; reason: PaymentExceptionReason };

/**
 * Applies a payment to its order, exactly once, only at the order's price: the order row is locked,
 * then the payment must be by a method the order accepts (`acceptsPaymentMethod`), the amount due
 * now in US dollars, and the order's points must be spent
 * for good (re-spent from the balance if their hold was released meanwhile). Then the order becomes
 * PAID, stock is committed, the creator payout created and the confirmation events published, all
 * in the caller's transaction. A second payment of a paid order is `already_paid`. A payment that
 * fails a check leaves the order as it is and is recorded as a payment exception (an operator
 * refunds or settles it): so the points discount of every paid order equals the points it spent.
 */
export const markOrderPaid = async (
  context: SettlementContext & { now: Date },
  input: MarkOrderPaidInput,
): Promise<MarkOrderPaidResult> => {
  const { tx, now } = context;
  const { organizationId, orderId, method, amountPaid, sendConfirmation = true } = input;
  const currency = input.currency ?? "usd";
  const ref = { organizationId, orderId };
  const order = await lockOrder(tx, ref);
  if (isOrderStatusIn(PAID_ORDER_STATUSES, order.status)) return { outcome: "already_paid" };
  const { total } = await amountsOf(tx, order);
  const refused = async (reason: PaymentExceptionReason): Promise<MarkOrderPaidResult> => {
    await recordPaymentException(
      { tx, now },
      {
        ...ref,
        method,
        reference: input.reference,
        reason,
        expectedAmount: total,
        receivedAmount: amountPaid,
        currency,
      },
    );
    context.logger.warn(
      { ...ref, method, reference: input.reference, reason, amountDue: total, amountPaid, currency },
      "a payment could not pay its order: recorded as a payment exception",
    );
    return { outcome: "refused", reason };
  };
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status) || !acceptsPaymentMethod(order, method))
    return refused("order_not_payable");
  if (currency !== "usd") return refused("currency_mismatch");
  if (amountPaid !== total || (input.intendedAmount ?? amountPaid) !== amountPaid)
    return refused("amount_mismatch");
  if (!(await finalizeOrderPoints({ tx, now }, order)).complete) return refused("points_unavailable");

  await setOrderPaid({ tx, now }, ref, { method, amountPaid });
  // The order stays locked: committing stock needs only the lock, not the updated row.
  await commitStock({ tx, now }, order);
  await createPayoutForOrder({ tx, now }, { organizationId, orderId, amountPaid });
  await publishPaidOrderEvents(context, order, sendConfirmation);
  return { outcome: "paid" };
};

/** Whether the creator pushes orders to a connected storefront (`storefront-order-push`). */
const hasStorefrontConnection = async (
  tx: Tx,
  organizationId: string,
  creatorId: string,
): Promise<boolean> => {
  const [connection] = await tx
    .select({ id: storefrontConnections.id })
    .from(storefrontConnections)
    .where(
      and(
        eq(storefrontConnections.organizationId, organizationId),
        eq(storefrontConnections.creatorId, creatorId),
      ),
    );
  return connection !== undefined;
};

/**
 * A paid order's events: the buyer's receipt (unless the caller sends its own), the creator's notice,
 * `purchase-processed`, and the push to the creator's storefront when one is connected. Their inserts
 * are independent, so they are sent together: one round trip on PostgreSQL.
 */
const publishPaidOrderEvents = async (
  { tx, events }: SettlementContext,
  order: LockedOrder,
  sendConfirmation: boolean,
): Promise<void> => {
  const { organizationId, id: orderId, creatorId } = order;
  await Promise.all([
    sendConfirmation ? events.publish(tx, "order-confirmation", { organizationId, orderId }) : undefined,
    creatorId
      ? events.publish(tx, "creator-order-confirmation", { organizationId, orderId, creatorId })
      : undefined,
    events.publish(tx, "purchase-processed", { organizationId, orderId }),
    creatorId
      ? hasStorefrontConnection(tx, organizationId, creatorId).then((connected) =>
          connected ? events.publish(tx, "storefront-order-push", { organizationId, orderId }) : undefined,
        )
      : undefined,
  ]);
};

/**
 * For a payment verified against the order in the caller's own transaction (checkout paths): any
 * outcome but `paid` means that verification and settlement disagree, so the transaction fails.
 */
export const markVerifiedOrderPaid = async (
  context: SettlementContext & { now: Date },
  input: MarkOrderPaidInput,
): Promise<void> => {
  const result = await markOrderPaid(context, input);
  if (result.outcome !== "paid")
    throw new Error(
      `a verified ${input.method} payment of order ${input.orderId} did not settle: ${result.outcome}`,
    );
};

/**
 * PAYMENT_PENDING -> PAYMENT_FAILED only (a PAID order is never un-paid by a late failure): reverts
 * the order's reserved points and releases its held stock. Returns whether this call moved it.
 */
export const markOrderPaymentFailed = async (
  context: SettlementContext,
  input: { organizationId: string; orderId: string },
): Promise<{ changed: boolean }> => {
  const { tx } = context;
  const { organizationId, orderId } = input;
  // A late card failure or a client notice must not give back what a settling x402 payment holds.
  if (await hasSettlingPayment(tx, input)) return { changed: false };
  const now = context.clock.now();
  const failed = await setOrderPaymentFailed({ tx, now }, input);
  if (!failed) return { changed: false };
  await revertOrderPoints({ tx, now }, { organizationId, orderId });
  await releaseStock({ tx, now }, { organizationId, orderId });
  return { changed: true };
};
