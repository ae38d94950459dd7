import { AppError, newId, type OffsetPagination } from "@tally/core";
import {
  type Executor,
  isUniqueViolation,
  orderItems,
  orders,
  preparedQuery,
  type products,
  type productVariants,
  registerObjectRoute,
  type ShippingAddress,
  type Tx,
} from "@tally/db";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { UserRow } from "../access/scope.ts";
import {
  assertWithinOrderLimit,
  findOrder,
  lockOrder,
  type OrderRow,
  orderDiscount,
  subtotalOf,
} from "./amounts.ts";
import type { OrderPaymentsPort } from "./payments-port.ts";
import { assertNotPresaleOrder } from "./presale-order.ts";
import { itemsOf, productOf, variantsOf } from "./read.ts";
import { moveOrder, newOrderRow, type OrderChanges } from "./state.ts";
import { EDITABLE_ORDER_STATUSES, isOrderStatusIn } from "./statuses.ts";

export interface LineRequest {
  productId: string;
  variantIds?: string[] | undefined;
  quantity: number;
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/**
 * A PUBLISHED product and the chosen variants (default: the default variant). A product that is not
 * PUBLISHED stays 404; a keyed caller (a user's order) is told it exists but is not on sale, while a
 * guest order (no API key) learns nothing about it.
 */
const resolveLines = async (tx: Tx, organizationId: string, request: LineRequest, forGuest: boolean) => {
  const product = await productOf(tx, { organizationId, productId: request.productId });
  if (!product || (forGuest && product.status !== "PUBLISHED"))
    throw new AppError("not_found", "Product not found");
  if (product.status !== "PUBLISHED")
    throw new AppError(
      "not_found",
      product.status === "DRAFT"
        ? "Product is not published: it is a DRAFT (publish it before ordering it)"
        : "Product is not published: it is ARCHIVED (restore and publish it before ordering it)",
    );
  const variants = await variantsOf(tx, { organizationId, productId: product.id });
  let chosen: VariantRow[];
  if (request.variantIds && request.variantIds.length > 0) {
    const wanted = [...new Set(request.variantIds)];
    chosen = [];
    for (const variantId of wanted) {
      const variant = variants.find((candidate) => candidate.id === variantId);
      if (!variant)
        throw new AppError("validation_failed", "A variant does not belong to this product", {
          details: [{ field: "variantIds", message: `${variantId} is not a variant of ${product.id}` }],
        });
      chosen.push(variant);
    }
  } else {
    const fallback = variants.find((variant) => variant.isDefault) ?? variants[0];
    if (!fallback) throw new AppError("not_found", "Product not found");
    chosen = [fallback];
  }
  return { product, variants: chosen };
};

const assertEditable = (order: OrderRow) => {
  assertNotPresaleOrder(order);
  if (!isOrderStatusIn(EDITABLE_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}: items can change only while OPEN or PAYMENT_FAILED`,
      {
        context: { status: order.status },
      },
    );
};

const openOrderOf = async (tx: Tx, organizationId: string, userId: string) => {
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    // 'OPEN' written into the statement, not bound: the generic plan can then use the partial index
    // orders_one_open_per_user, whose predicate a parameter never implies.
    .where(
      and(
        eq(orders.organizationId, organizationId),
        eq(orders.userId, userId),
        sql`${orders.status} = 'OPEN'`,
      ),
    );
  return open;
};

const openOrderExists = (orderId: string | undefined) =>
  new AppError("open_order_exists", "The user already has an OPEN order", {
    context: { orderId: orderId ?? null },
  });

/**
 * After the items change: keep the stored discount in step, move a PAYMENT_FAILED order back to
 * OPEN (refused with `open_order_exists` when the user opened another order meanwhile), and let the
 * payments side resize a live card intent. Returns the order as it now stands.
 */
const afterItemsChanged = async (
  tx: Tx,
  payments: OrderPaymentsPort,
  order: OrderRow,
  now: Date,
  extra: OrderChanges = {},
): Promise<OrderRow> => {
  const ref = { organizationId: order.organizationId, orderId: order.id };
  const subtotal = await subtotalOf(tx, ref);
  assertWithinOrderLimit(subtotal);
  const next = { ...order, ...extra };
  const discountAmount = await orderDiscount(tx, next, subtotal);
  if (order.status === "PAYMENT_FAILED" && order.userId) {
    const open = await openOrderOf(tx, order.organizationId, order.userId);
    if (open && open.id !== order.id) throw openOrderExists(open.id);
  }
  const moved = await moveOrder({ tx, now }, ref, {
    move: "reopen",
    set: { ...extra, discountAmount },
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "orders_one_open_per_user")) throw openOrderExists(undefined);
    throw error;
  });
  await payments.amountChanged(tx, ref);
  // The caller holds the order (locked, or inserted in this transaction) and checked it editable.
  return moved ?? findOrder(tx, ref);
};

/** Adds lines (or units to an existing line of the same variant); enforces one creator per order. */
const addLines = async (
  tx: Tx,
  order: OrderRow,
  { product, variants }: Awaited<ReturnType<typeof resolveLines>>,
  quantity: number,
) => {
  if (order.creatorId && order.creatorId !== product.creatorId)
    throw new AppError(
      "conflict",
      "An order holds one creator's products; this product belongs to another creator",
      {
        context: { orderCreatorId: order.creatorId, productCreatorId: product.creatorId },
      },
    );
  const lines = await itemsOf(tx, { organizationId: order.organizationId, orderId: order.id });
  for (const variant of variants) {
    const line = lines.find((item) => item.productId === product.id && item.variantId === variant.id);
    if (line) {
      await tx
        .update(orderItems)
        .set({ quantity: sql`${orderItems.quantity} + ${quantity}` })
        .where(and(eq(orderItems.organizationId, order.organizationId), eq(orderItems.id, line.id)));
    } else {
      await insertLine(tx, lineFor(order, product, variant, quantity));
    }
  }
  return product;
};

type NewLine = Omit<typeof orderItems.$inferInsert, "id" | "createdAt">;

/** A new line of an order: built once, bound per line (every add to cart inserts one). */
const insertLine = preparedQuery<NewLine, unknown>("order_item_insert", (executor: Executor) => {
  const value = <K extends keyof NewLine>(column: K) => sql.placeholder(column);
  return executor.insert(orderItems).values({
    organizationId: value("organizationId"),
    orderId: value("orderId"),
    productId: value("productId"),
    variantId: value("variantId"),
    productName: value("productName"),
    productSlug: value("productSlug"),
    quantity: value("quantity"),
    price: value("price"),
    selectedAttributes: value("selectedAttributes"),
  });
});

const lineFor = (order: OrderRow, product: ProductRow, variant: VariantRow, quantity: number): NewLine => ({
  organizationId: order.organizationId,
  orderId: order.id,
  productId: product.id,
  variantId: variant.id,
  productName: product.name,
  productSlug: product.slug,
  quantity,
  price: variant.price ?? product.price,
  selectedAttributes: variant.attributes,
});

/** What an order write runs on: the transaction, the payments side, and the moment it happens. */
export type OrderWriteContext = { tx: Tx; payments: OrderPaymentsPort; now: Date };

export interface NewOrderOwner {
  organizationId: string;
  /** Null for a guest order. */
  userId: string | null;
  guestEmail?: string | null | undefined;
  shippingAddress?: ShippingAddress | null | undefined;
}

/**
 * Creates an OPEN order with the product's lines and registers its id in `objectRoutes`. A user has
 * at most one OPEN order (partial unique index): a second create answers 409 `open_order_exists`
 * naming the open order. The product is checked first, so a bad product never claims the slot.
 */
export const createOrder = async (
  { tx, payments, now }: OrderWriteContext,
  owner: NewOrderOwner,
  request: LineRequest,
) => {
  const { organizationId, userId } = owner;
  const lines = await resolveLines(tx, organizationId, request, userId === null);
  const { product } = lines;
  if (userId) {
    const open = await openOrderOf(tx, organizationId, userId);
    if (open) throw openOrderExists(open.id);
  }
  const id = newId();
  const inserted = await tx
    .insert(orders)
    .values(
      newOrderRow("OPEN", {
        organizationId,
        id,
        userId,
        guestEmail: owner.guestEmail ?? null,
        creatorId: product.creatorId,
        shippingAddress: owner.shippingAddress ?? null,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing({
      target: [orders.organizationId, orders.userId],
      where: sql.raw(`status = 'OPEN'`),
    })
    .returning();
  const order = inserted[0];
  if (!order) {
    // Another create for the same user committed first (the insert waited for it).
    throw openOrderExists(userId ? (await openOrderOf(tx, organizationId, userId))?.id : undefined);
  }
  await registerObjectRoute(tx, { objectId: id, kind: "order", organizationId, now });
  await addLines(tx, order, lines, request.quantity);
  return afterItemsChanged(tx, payments, order, now);
};

/** The user's order (another user's or a guest order is 404). */
export const findUserOrder = (tx: Tx, user: UserRow, orderId: string): Promise<OrderRow> =>
  findOrder(tx, { organizationId: user.organizationId, orderId, of: { userId: user.id } });

const lockUserOrder = (tx: Tx, user: UserRow, orderId: string): Promise<OrderRow> =>
  lockOrder(tx, { organizationId: user.organizationId, orderId, of: { userId: user.id } });

export const currentOrder = async (tx: Tx, user: UserRow): Promise<OrderRow> => {
  const open = await openOrderOf(tx, user.organizationId, user.id);
  if (!open) throw new AppError("not_found", "The user has no OPEN order");
  return findOrder(tx, { organizationId: user.organizationId, orderId: open.id });
};

export const listUserOrders = async (tx: Tx, user: UserRow, page: OffsetPagination) => {
  const where = and(eq(orders.organizationId, user.organizationId), eq(orders.userId, user.id));
  const rows = await tx
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(orders).where(where);
  return { rows, total: total?.value ?? 0 };
};

/** Which order gets the lines. */
export interface AddToOrderRequest extends LineRequest {
  orderId: string;
}

export const addProductToOrder = async (
  { tx, payments, now }: OrderWriteContext,
  user: UserRow,
  request: AddToOrderRequest,
): Promise<OrderRow> => {
  const { orderId } = request;
  const order = await lockUserOrder(tx, user, orderId);
  assertEditable(order);
  const lines = await resolveLines(tx, order.organizationId, request, order.userId === null);
  const product = await addLines(tx, order, lines, request.quantity);
  return afterItemsChanged(tx, payments, order, now, order.creatorId ? {} : { creatorId: product.creatorId });
};

/**
 * Reduces a line by `quantity`, or removes it (no quantity, or reduced to 0). An order left empty
 * forgets its creator and discount code, so it can take another creator's products.
 */
export interface RemoveOrderItemParams {
  orderId: string;
  itemId: number;
  quantity?: number | undefined;
}

export const removeOrderItem = async (
  { tx, payments, now }: OrderWriteContext,
  user: UserRow,
  { orderId, itemId, quantity }: RemoveOrderItemParams,
): Promise<OrderRow> => {
  const order = await lockUserOrder(tx, user, orderId);
  assertEditable(order);
  const itemWhere = and(
    eq(orderItems.organizationId, order.organizationId),
    eq(orderItems.orderId, order.id),
    eq(orderItems.id, itemId),
  );
  const [item] = await tx.select().from(orderItems).where(itemWhere);
  if (!item) throw new AppError("not_found", "Order item not found");
  if (quantity !== undefined && quantity < item.quantity) {
    await tx
      .update(orderItems)
      .set({ quantity: item.quantity - quantity })
      .where(itemWhere);
  } else {
    await tx.delete(orderItems).where(itemWhere);
  }
  const [left] = await tx
    .select({ value: count() })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, order.organizationId), eq(orderItems.orderId, order.id)));
  const empty = (left?.value ?? 0) === 0;
  return afterItemsChanged(tx, payments, order, now, empty ? { creatorId: null, discountCodeId: null } : {});
};
