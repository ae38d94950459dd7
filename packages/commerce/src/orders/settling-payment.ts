import { AppError } from "@tally/core";
import { type Tx, x402Payments } from "@tally/db";
import { and, eq, inArray } from "drizzle-orm";
import type { OrderRef } from "./amounts.ts";

/** Whether an x402 payment of the order is being settled: its money may be moving right now. */
export const hasSettlingPayment = async (tx: Tx, { organizationId, orderId }: OrderRef): Promise<boolean> => {
  const [settling] = await tx
    .select({ id: x402Payments.id })
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.organizationId, organizationId),
        eq(x402Payments.orderId, orderId),
        inArray(x402Payments.status, ["PENDING", "VERIFIED"]),
      ),
    )
    .limit(1);
  return settling !== undefined;
};

/**
 * 409 `payment_in_progress` while an x402 payment of the order settles: another payment, or a
 * change of the amount due, would charge twice or settle the wrong amount.
 */
export const assertNoSettlingPayment = async (tx: Tx, ref: OrderRef): Promise<void> => {
  if (await hasSettlingPayment(tx, ref))
    throw new AppError(
      "payment_in_progress",
      "An x402 payment of this order is being settled; try again shortly",
      {
        headers: { "Retry-After": "5" },
      },
    );
};
