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
import { and, asc, eq, inArray, sql } from "drizzle-orm";
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

/** An order and its lines, in the order they were added. */
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/**
 * The lines of the tenant's orders `orderIds`, each order's in the order they were added: one order's
 * by the prepared read (the usual case), several orders' in one statement.
 */
export const itemsOfOrders = (
  tx: Tx,
  organizationId: string,
  orderIds: readonly string[],
): Promise<OrderItemRow[]> =>
  orderIds.length === 1
    ? itemsOf(tx, { organizationId, orderId: orderIds[0]! })
    : tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.organizationId, organizationId), inArray(orderItems.orderId, [...orderIds])))
        .orderBy(asc(orderItems.id));

/** The order and its lines (in the order they were added), or undefined. */
export const readOrderWithItems = async (
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<OrderWithItems | undefined> =>
  (await readOrdersWithItems(tx, organizationId, { orderIds: [orderId] }))[0];

/**
 * The tenant's orders of `orderIds` that exist, by id, with their lines: two statements for any
 * count. `lock` holds the orders until the transaction ends, taken in id order so that two callers
 * locking overlapping sets wait for each other instead of deadlocking.
 */
export const readOrdersWithItems = async (
  tx: Tx,
  organizationId: string,
  { orderIds, lock = false }: { orderIds: readonly string[]; lock?: boolean },
): Promise<OrderWithItems[]> => {
  if (orderIds.length === 0) return [];
  const read = tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, [...orderIds])))
    .orderBy(asc(orders.id));
  const found = lock ? await read.for("update") : await read;
  if (found.length === 0) return [];
  const items = await itemsOfOrders(
    tx,
    organizationId,
    found.map((order) => order.id),
  );
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
