import { AppError } from "@tally/core";
import { orderItems, productVariants, stockReservations, type Tx } from "@tally/db";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { heldOrder, type LockedOrder, type OrderRef, orderRefOf } from "./amounts.ts";
import { commitReservations, holdReservation, releaseReservations } from "./stock-state.ts";

type StockContext = { tx: Tx; now: Date };

/** How long a payment attempt holds stock before another checkout may take it back. */
export const STOCK_HOLD_MS = 30 * 60 * 1000;

const giveBack = async (tx: Tx, organizationId: string, variantId: string, quantity: number) => {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(and(eq(productVariants.organizationId, organizationId), eq(productVariants.id, variantId)));
};

/**
 * Conditional decrement: never below zero. True when the stock was taken. An untracked variant
 * (stock null) always gives: `null - n` stays null, as `null + n` does when it is given back.
 */
const take = async (tx: Tx, organizationId: string, variantId: string, quantity: number) => {
  const rows = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        eq(productVariants.id, variantId),
        or(isNull(productVariants.stock), sql`${productVariants.stock} >= ${quantity}`),
      ),
    )
    .returning({ id: productVariants.id });
  return rows.length > 0;
};

/** Releases other orders' expired HELD reservations of a variant (abandoned checkouts). */
const releaseExpired = async (
  context: StockContext,
  organizationId: string,
  variantId: string,
  orderId: string,
) => {
  const released = await releaseReservations(
    context,
    and(
      eq(stockReservations.organizationId, organizationId),
      eq(stockReservations.variantId, variantId),
      lt(stockReservations.expiresAt, context.now),
      ne(stockReservations.orderId, orderId),
    ),
  );
  const quantity = released.reduce((sum, row) => sum + row.quantity, 0);
  if (quantity > 0) await giveBack(context.tx, organizationId, variantId, quantity);
  return quantity;
};

const takeOrFail = async (
  context: StockContext,
  organizationId: string,
  orderId: string,
  variantId: string,
  quantity: number,
) => {
  const { tx } = context;
  if (await take(tx, organizationId, variantId, quantity)) return;
  if ((await releaseExpired(context, organizationId, variantId, orderId)) > 0) {
    if (await take(tx, organizationId, variantId, quantity)) return;
  }
  const [variant] = await tx
    .select({
      productId: productVariants.productId,
      name: productVariants.name,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(eq(productVariants.organizationId, organizationId), eq(productVariants.id, variantId)));
  throw new AppError("out_of_stock", `Not enough stock for variant ${variantId}`, {
    context: {
      variantId,
      productId: variant?.productId ?? null,
      variantName: variant?.name ?? null,
      requested: quantity,
      available: variant?.stock ?? 0,
    },
  });
};

/** Quantity per variant the order's items need. */
const neededByVariant = async (tx: Tx, { organizationId, orderId }: OrderRef) => {
  const rows = await tx
    .select({ variantId: orderItems.variantId, quantity: sql<string>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, organizationId), eq(orderItems.orderId, orderId)))
    .groupBy(orderItems.variantId);
  const needed = new Map<string, number>();
  for (const row of rows) if (row.variantId) needed.set(row.variantId, Number(row.quantity));
  return needed;
};

/**
 * Holds stock for every item of the order until `now + 30 min`. Idempotent: held quantities are
 * adjusted to the items (and their hold extended), committed ones are left alone, released ones are
 * taken again. Throws 409 `out_of_stock` naming the variant; the caller's transaction rolls back.
 */
export const reserveStock = async (context: StockContext, order: OrderRef | LockedOrder): Promise<void> => {
  const { tx, now } = context;
  const ref = orderRefOf(order);
  const { organizationId, orderId } = ref;
  await heldOrder(tx, order); // one order's stock calls run one after another
  const needed = await neededByVariant(tx, ref);
  const existing = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.organizationId, organizationId), eq(stockReservations.orderId, orderId)));
  const byVariant = new Map(existing.map((row) => [row.variantId, row]));
  const expiresAt = new Date(now.getTime() + STOCK_HOLD_MS);

  // Variants no longer in the order give their held stock back.
  for (const row of existing) {
    if (row.status === "HELD" && !needed.has(row.variantId)) {
      await releaseReservations(
        context,
        and(
          eq(stockReservations.organizationId, organizationId),
          eq(stockReservations.orderId, orderId),
          eq(stockReservations.variantId, row.variantId),
        ),
      );
      await giveBack(tx, organizationId, row.variantId, row.quantity);
    }
  }

  // Sorted, so two orders sharing variants lock them in the same order (no deadlock).
  for (const variantId of [...needed.keys()].sort()) {
    const quantity = needed.get(variantId) ?? 0;
    const current = byVariant.get(variantId);
    if (current?.status === "COMMITTED") continue;
    const held = current?.status === "HELD" ? current.quantity : 0;
    if (quantity > held) await takeOrFail(context, organizationId, orderId, variantId, quantity - held);
    else if (quantity < held) await giveBack(tx, organizationId, variantId, held - quantity);
    await holdReservation(context, { organizationId, orderId, variantId }, { quantity, expiresAt });
  }
};

/** HELD -> RELEASED with the stock given back. Idempotent. */
export const releaseStock = async (
  context: StockContext,
  { organizationId, orderId }: OrderRef,
): Promise<void> => {
  const released = await releaseReservations(
    context,
    and(eq(stockReservations.organizationId, organizationId), eq(stockReservations.orderId, orderId)),
  );
  for (const row of released.sort((a, b) => a.variantId.localeCompare(b.variantId))) {
    await giveBack(context.tx, organizationId, row.variantId, row.quantity);
  }
};

/**
 * HELD -> COMMITTED (stock stays taken for good). When nothing is held (never reserved, or an
 * expired hold was taken back), it reserves first. Idempotent; throws `out_of_stock`.
 */
export const commitStock = async (context: StockContext, order: OrderRef | LockedOrder): Promise<void> => {
  await reserveStock(context, order);
  await commitReservations(context, orderRefOf(order));
};
