import { AppError } from "@tally/core";
import type { Tx } from "@tally/db";
import type { OrderRef } from "./amounts.ts";

/** An order's card payment intent as its payment details show it. */
export interface OrderCardPaymentIntent {
  /** The processor's id of the intent. */
  id: string;
  status: string;
  amount: number;
}

/**
 * What commerce's order operations ask of the payments domain. Payments sits above commerce and
 * cannot be imported here, so the composition root passes payments' implementation in
 * (`AppServices.orderPayments`): each runtime its own, never a process-wide registry.
 */
export interface OrderPaymentsPort {
  /** Whether a payment of the order is settling now: its money may be moving. */
  hasSettlingPayment(tx: Tx, ref: OrderRef): Promise<boolean>;
  /** What the order costs changed (items, discount, shipping quote): a live card intent follows it. */
  amountChanged(tx: Tx, ref: OrderRef): Promise<void>;
  /** The latest card payment intent of each of the orders that has one, by order id. */
  latestCardPaymentIntents(
    tx: Tx,
    orders: { organizationId: string; orderIds: string[] },
  ): Promise<ReadonlyMap<string, OrderCardPaymentIntent>>;
}

declare module "@tally/trpc" {
  interface AppServices {
    orderPayments: OrderPaymentsPort;
  }
}

/**
 * 409 `payment_in_progress` while a payment of the order settles: another payment, or a change of
 * the amount due, would charge twice or settle the wrong amount.
 */
export const assertNoSettlingPayment = async (
  payments: Pick<OrderPaymentsPort, "hasSettlingPayment">,
  tx: Tx,
  ref: OrderRef,
): Promise<void> => {
  if (await payments.hasSettlingPayment(tx, ref))
    throw new AppError("payment_in_progress", "A payment of this order is being settled; try again shortly", {
      headers: { "Retry-After": "5" },
    });
};
