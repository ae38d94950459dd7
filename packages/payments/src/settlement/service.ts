import { commitStock, hasSettlingPayment, releaseStock } from "@tally/commerce";
import type { Clock } from "@tally/core";
import { orders, storefrontConnections, type Tx } from "@tally/db";
import type { EventBus } from "@tally/events";
import { finalizeOrderPoints, revertOrderPoints } from "@tally/loyalty";
import type { Providers } from "@tally/providers";
import { and, eq, inArray } from "drizzle-orm";
import { createPayoutForOrder } from "../payouts/service.ts";

/** What settling an order needs: a subset of the app deps (`ctx.deps` satisfies it). */
export interface SettlementDeps {
  events: Pick<EventBus, "publish">;
  providers: Providers;
  clock: Clock;
}

export type PaymentMethod = "CARD" | "X402" | "EMBEDDED_WALLET" | "CRYPTO_COMMERCE" | "POINTS";

export interface MarkOrderPaidInput {
  organizationId: string;
  orderId: string;
  method: PaymentMethod;
  /** Cents actually charged. */
  amountPaid: number;
  now: Date;
  /** Publish `order-confirmation` (the receipt); embedded-wallet checkout sends it only when given an e-mail. */
  sendConfirmation?: boolean;
}

const PAYABLE = ["PAYMENT_PENDING", "OPEN", "PAYMENT_FAILED"] as const;

/**
 * Moves an order to PAID exactly once: a conditional update from PAYMENT_PENDING/OPEN/PAYMENT_FAILED,
 * so concurrent deliveries of the same payment pay once (`alreadyPaid` for the others). The winner
 * commits stock, finalizes reserved points, creates the creator payout and publishes the
 * confirmation events (all in the caller's transaction).
 */
export const markOrderPaid = async (
  tx: Tx,
  deps: SettlementDeps,
  input: MarkOrderPaidInput,
): Promise<{ alreadyPaid: boolean }> => {
  const { organizationId, orderId, method, amountPaid, now, sendConfirmation = true } = input;
  const [paid] = await tx
    .update(orders)
    .set({ status: "PAID", paymentMethod: method, amountPaid, paidAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.id, orderId),
        inArray(orders.status, [...PAYABLE]),
      ),
    )
    .returning({ id: orders.id, creatorId: orders.creatorId });
  if (!paid) return { alreadyPaid: true };
  await commitStock(tx, { organizationId, orderId, now });
  await finalizeOrderPoints(tx, { organizationId, orderId });
  await createPayoutForOrder(tx, { organizationId, orderId, amountPaid, now });
  if (sendConfirmation) await deps.events.publish(tx, "order-confirmation", { organizationId, orderId });
  if (paid.creatorId) {
    await deps.events.publish(tx, "creator-order-confirmation", {
      organizationId,
      orderId,
      creatorId: paid.creatorId,
    });
  }
  await deps.events.publish(tx, "purchase-processed", { organizationId, orderId });
  if (paid.creatorId) {
    const [connection] = await tx
      .select({ id: storefrontConnections.id })
      .from(storefrontConnections)
      .where(
        and(
          eq(storefrontConnections.organizationId, organizationId),
          eq(storefrontConnections.creatorId, paid.creatorId),
        ),
      );
    if (connection) await deps.events.publish(tx, "storefront-order-push", { organizationId, orderId });
  }
  return { alreadyPaid: false };
};

/**
 * PAYMENT_PENDING -> PAYMENT_FAILED only (a PAID order is never un-paid by a late failure): reverts
 * the order's reserved points and releases its held stock. Returns whether this call moved it.
 */
export const markOrderPaymentFailed = async (
  tx: Tx,
  deps: SettlementDeps,
  input: { organizationId: string; orderId: string },
): Promise<{ changed: boolean }> => {
  const { organizationId, orderId } = input;
  // A late card failure or a client notice must not give back what a settling x402 payment holds.
  if (await hasSettlingPayment(tx, input)) return { changed: false };
  const [failed] = await tx
    .update(orders)
    .set({ status: "PAYMENT_FAILED", updatedAt: deps.clock.now() })
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.id, orderId),
        eq(orders.status, "PAYMENT_PENDING"),
      ),
    )
    .returning({ id: orders.id });
  if (!failed) return { changed: false };
  await revertOrderPoints(tx, { organizationId, orderId });
  await releaseStock(tx, { organizationId, orderId });
  return { changed: true };
};
