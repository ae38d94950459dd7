import { orderItems, orders, type Tx, users } from "@tally/db";
import { and, asc, eq } from "drizzle-orm";
import type { OrderRow } from "./amounts.ts";

/** The order and its lines (in the order they were added), or undefined. */
export const readOrderWithItems = async (tx: Tx, organizationId: string, orderId: string) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  if (!order) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, organizationId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.id));
  return { order, items };
};

/** Where the buyer's mail goes: the user's address, or the guest's. */
export const buyerEmailOf = async (tx: Tx, order: OrderRow): Promise<string | null> => {
  if (!order.userId) return order.guestEmail;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, order.organizationId), eq(users.id, order.userId)));
  return user?.email ?? order.guestEmail;
};
