import type { OrderCardPaymentIntent } from "@tally/commerce";
import { cardPaymentIntents, type Tx } from "@tally/db";
import { and, desc, eq, inArray } from "drizzle-orm";

/** The latest card payment intent of each of the orders that has one, for commerce's order payment details. */
export const latestCardPaymentIntents = async (
  tx: Tx,
  { organizationId, orderIds }: { organizationId: string; orderIds: string[] },
): Promise<ReadonlyMap<string, OrderCardPaymentIntent>> => {
  const rows = await tx
    .select({
      orderId: cardPaymentIntents.orderId,
      id: cardPaymentIntents.processorIntentId,
      status: cardPaymentIntents.status,
      amount: cardPaymentIntents.amount,
    })
    .from(cardPaymentIntents)
    .where(
      and(
        eq(cardPaymentIntents.organizationId, organizationId),
        inArray(cardPaymentIntents.orderId, orderIds),
      ),
    )
    .orderBy(desc(cardPaymentIntents.createdAt));
  const latest = new Map<string, OrderCardPaymentIntent>();
  for (const { orderId, ...intent } of rows) if (!latest.has(orderId)) latest.set(orderId, intent);
  return latest;
};
