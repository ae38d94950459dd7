import { assertNoSettlingPayment, type OrderRef } from "@tally/commerce";
import { cryptoCommercePayments, type Executor, preparedQuery, type Tx, x402Payments } from "@tally/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { SETTLING_CRYPTO_CHARGE_STATUSES } from "../cryptocommerce/charge-state.ts";
import { UNSETTLED_X402_STATUSES } from "../x402/payment-state.ts";

const settlingPayment = preparedQuery<{ organizationId: string; orderId: string }, { settling: boolean }[]>(
  "order_settling_payment",
  (executor: Executor) => {
    const organizationId = sql.placeholder("organizationId");
    const orderId = sql.placeholder("orderId");
    return (
      executor
        .select({
          settling: sql<boolean>`exists (select 1 from ${x402Payments} where ${and(
            eq(x402Payments.organizationId, organizationId),
            eq(x402Payments.orderId, orderId),
            inArray(x402Payments.status, [...UNSETTLED_X402_STATUSES]),
          )}) or exists (select 1 from ${cryptoCommercePayments} where ${and(
            eq(cryptoCommercePayments.organizationId, organizationId),
            eq(cryptoCommercePayments.orderId, orderId),
            inArray(cryptoCommercePayments.status, [...SETTLING_CRYPTO_CHARGE_STATUSES]),
          )})`,
        })
        // One row whatever exists.
        .from(sql`(select 1) as one`)
    );
  },
);

/**
 * Whether a payment of the order is settling: an x402 payment being verified or settled, or a
 * crypto-commerce charge submitted and not yet confirmed or expired. Its money may be moving now.
 * One statement, prepared: every order edit and payment claim asks it.
 */
export const hasSettlingPayment = async (tx: Tx, { organizationId, orderId }: OrderRef): Promise<boolean> => {
  const [row] = await settlingPayment(tx, { organizationId, orderId });
  return row?.settling === true;
};

/** 409 `payment_in_progress` while a payment of the order settles (commerce's one refusal). */
export const assertNoPaymentSettling = (tx: Tx, ref: OrderRef): Promise<void> =>
  assertNoSettlingPayment({ hasSettlingPayment }, tx, ref);
