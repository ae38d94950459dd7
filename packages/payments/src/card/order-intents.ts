import type { OrderCardPaymentIntent } from "@tally/commerce";
import { cardPaymentIntents, type Executor, preparedQuery, type Tx } from "@tally/db";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

type LatestIntentRow = OrderCardPaymentIntent & { orderId: string };

const latestIntentRows = (executor: Executor, orders: SQL | undefined) =>
  executor
    .select({
      orderId: cardPaymentIntents.orderId,
      id: cardPaymentIntents.processorIntentId,
      status: cardPaymentIntents.status,
      amount: cardPaymentIntents.amount,
    })
    .from(cardPaymentIntents)
    .where(and(eq(cardPaymentIntents.organizationId, sql.placeholder("organizationId")), orders))
    .orderBy(desc(cardPaymentIntents.createdAt));

/** One order's intents, newest first: the read behind every single order's answer, built once. */
const intentsOfOrder = preparedQuery<{ organizationId: string; orderId: string }, LatestIntentRow[]>(
  "card_intents_of_order",
  (executor: Executor) =>
    latestIntentRows(executor, eq(cardPaymentIntents.orderId, sql.placeholder("orderId"))),
);

/** The latest card payment intent of each of the orders that has one, for commerce's order payment details. */
export const latestCardPaymentIntents = async (
  tx: Tx,
  { organizationId, orderIds }: { organizationId: string; orderIds: string[] },
): Promise<ReadonlyMap<string, OrderCardPaymentIntent>> => {
  const rows =
    orderIds.length === 1
      ? await intentsOfOrder(tx, { organizationId, orderId: orderIds[0]! })
      : await latestIntentRows(tx, inArray(cardPaymentIntents.orderId, orderIds)).execute({ organizationId });
  const latest = new Map<string, OrderCardPaymentIntent>();
  for (const { orderId, ...intent } of rows) if (!latest.has(orderId)) latest.set(orderId, intent);
  return latest;
};
