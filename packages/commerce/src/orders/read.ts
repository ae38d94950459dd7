import {
  type Executor,
  orderItems,
  orders,
  preparedQuery,
  products,
  productVariants,
  type Tx,
  users,
} from "@tally/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderItemRow, OrderRow } from "./amounts.ts";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

const organizationId = () => sql.placeholder("organizationId");

/**
 * The reads every order write makes (the product and its variants, the order's lines), each built
 * once and then only bound: they run several times in each request of a checkout.
 */
const productRow = preparedQuery<{ organizationId: string; productId: string }, ProductRow[]>(
  "order_product",
  (executor: Executor) =>
    executor
      .select()
      .from(products)
      .where(
        and(eq(products.organizationId, organizationId()), eq(products.id, sql.placeholder("productId"))),
      ),
);

const productVariantRows = preparedQuery<{ organizationId: string; productId: string }, VariantRow[]>(
  "order_product_variants",
  (executor: Executor) =>
    executor
      .select()
      .from(productVariants)
      .where(
        and(
          eq(productVariants.organizationId, organizationId()),
          eq(productVariants.productId, sql.placeholder("productId")),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
);

const orderItemRows = preparedQuery<{ organizationId: string; orderId: string }, OrderItemRow[]>(
  "order_items_of_order",
  (executor: Executor) =>
    executor
      .select()
      .from(orderItems)
      .where(
        and(
          eq(orderItems.organizationId, organizationId()),
          eq(orderItems.orderId, sql.placeholder("orderId")),
        ),
      )
      .orderBy(asc(orderItems.id)),
);

/** The tenant's product (any creator, any status), or undefined. */
export const productOf = async (tx: Tx, params: { organizationId: string; productId: string }) =>
  (await productRow(tx, params))[0];

/** A product's variants, in the order the creator gave them. */
export const variantsOf = (
  tx: Tx,
  params: { organizationId: string; productId: string },
): Promise<VariantRow[]> => productVariantRows(tx, params);

/** An order's lines, in the order they were added. */
export const itemsOf = (
  tx: Tx,
  params: { organizationId: string; orderId: string },
): Promise<OrderItemRow[]> => orderItemRows(tx, params);

/** The order and its lines (in the order they were added), or undefined. */
export const readOrderWithItems = async (tx: Tx, organizationId: string, orderId: string) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  if (!order) return undefined;
  return { order, items: await itemsOf(tx, { organizationId, orderId }) };
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
