import { orderItems, orders, type Tx, users } from "@tally/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderItemRow, OrderRow } from "./amounts.ts";

/** An order and its lines, in the order they were added. */
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The order and its lines (in the order they were added), or undefined. */
export const readOrderWithItems = async (
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<OrderWithItems | undefined> => (await readOrdersWithItems(tx, organizationId, [orderId]))[0];

/**
 * The tenant's orders of `orderIds` that exist, by id, with their lines: two statements for any
 * count. `lock` holds the orders until the transaction ends, taken in id order so that two callers
 * locking overlapping sets wait for each other instead of deadlocking.
 */
export const readOrdersWithItems = async (
  tx: Tx,
  organizationId: string,
  orderIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<OrderWithItems[]> => {
  if (orderIds.length === 0) return [];
  const read = tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, [...orderIds])))
    .orderBy(asc(orders.id));
  const found = options.lock ? await read.for("update") : await read;
  if (found.length === 0) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.organizationId, organizationId),
        inArray(
          orderItems.orderId,
          found.map((order) => order.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.id));
  return found.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) }));
};

/** Where the buyer's mail goes: the user's address, or the guest's. */
export const buyerEmailOf = async (tx: Tx, order: OrderRow): Promise<string | null> =>
  (await buyerEmailsOf(tx, [order])).get(order.id) ?? null;

/** `buyerEmailOf` for many orders of one tenant in one statement, by order id. */
export const buyerEmailsOf = async (
  tx: Tx,
  tenantOrders: readonly OrderRow[],
): Promise<Map<string, string | null>> => {
  const userIds = [...new Set(tenantOrders.flatMap((order) => (order.userId ? [order.userId] : [])))];
  const [first] = tenantOrders;
  const found =
    first && userIds.length > 0
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.organizationId, first.organizationId), inArray(users.id, userIds)))
      : [];
  const emailOf = new Map(found.map((user) => [user.id, user.email]));
  return new Map(
    tenantOrders.map((order) => [
      order.id,
      (order.userId ? emailOf.get(order.userId) : undefined) ?? order.guestEmail,
    ]),
  );
};
