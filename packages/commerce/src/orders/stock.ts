import { AppError } from "@tally/core";
import { type Executor, preparedQuery, productVariants, stockReservations, type Tx } from "@tally/db";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { heldOrder, type LockedOrder, type OrderRef, orderRefOf } from "./amounts.ts";
import {
  commitReservations,
  holdReservations,
  readOrderStock,
  readOrderStockCommittingExact,
  releaseReservations,
  type VariantStock,
} from "./stock-state.ts";

type StockContext = { tx: Tx; now: Date };

/** How long a payment attempt holds stock before another checkout may take it back. */
export const STOCK_HOLD_MS = 30 * 60 * 1000;

const giveBack = async (tx: Tx, organizationId: string, variantId: string, quantity: number) => {
  await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(and(eq(productVariants.organizationId, organizationId), eq(productVariants.id, variantId)));
};

/** A change of a variant's stock: `quantity` > 0 is taken from it, < 0 given back to it. */
interface StockChange {
  variantId: string;
  quantity: number;
}

/**
 * The changes of several variants' stock in one statement, each a conditional decrement: never below
 * zero (a give-back always applies). An untracked variant (stock null) always gives: `null - n` stays
 * null. The rows are locked in id order first, so two orders sharing variants never deadlock. Answers
 * the variants changed. Prepared (every checkout runs it), the changes bound as arrays.
 */
const changeVariantsStock = preparedQuery<
  { organizationId: string; variantIds: string[]; quantities: number[] },
  { id: string }[]
>("change_variants_stock", (executor: Executor) => {
  const organizationId = sql.placeholder("organizationId");
  const variantIds = sql`${sql.placeholder("variantIds")}::text[]`;
  const quantity = sql`(${sql.placeholder("quantities")}::integer[])[array_position(${variantIds}, ${productVariants.id})]`;
  const locked = executor.$with("locked").as(
    executor
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.organizationId, organizationId),
          sql`${productVariants.id} = any(${variantIds})`,
        ),
      )
      .orderBy(productVariants.id)
      .for("no key update"),
  );
  return executor
    .with(locked)
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .from(locked)
    .where(
      and(
        eq(productVariants.organizationId, organizationId),
        eq(productVariants.id, locked.id),
        or(isNull(productVariants.stock), sql`${productVariants.stock} >= ${quantity}`),
      ),
    )
    .returning({ id: productVariants.id });
});

/** Applies `changes` (one per variant); answers the variants whose stock changed. */
const changeStock = async (tx: Tx, organizationId: string, changes: StockChange[]): Promise<Set<string>> => {
  if (changes.length === 0) return new Set();
  const changed = await changeVariantsStock(tx, {
    organizationId,
    variantIds: changes.map((change) => change.variantId),
    quantities: changes.map((change) => change.quantity),
  });
  return new Set(changed.map((row) => row.id));
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

/**
 * A take the variant's stock could not give: once other orders' expired holds of it are given back it
 * is tried again, else 409 `out_of_stock` naming the variant.
 */
const retakeOrFail = async (
  context: StockContext,
  organizationId: string,
  orderId: string,
  { variantId, quantity }: StockChange,
) => {
  const { tx } = context;
  if ((await releaseExpired(context, organizationId, variantId, orderId)) > 0) {
    if ((await changeStock(tx, organizationId, [{ variantId, quantity }])).has(variantId)) return;
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

/**
 * Takes what the order's items need beyond what it holds, gives back what it holds beyond them, and
 * holds each variant at its items' quantity until `now + 30 min`: all of them (`extendHeld`), or only
 * those whose hold changes (a settlement commits the holds next, so their expiry does not matter).
 */
const holdOrderStock = async (
  context: StockContext,
  ref: OrderRef,
  variants: VariantStock[],
  { extendHeld }: { extendHeld: boolean },
): Promise<void> => {
  const { tx, now } = context;
  const { organizationId, orderId } = ref;

  // Variants no longer in the order give their held stock back.
  for (const row of variants) {
    if (row.status === "HELD" && row.needed === null && row.held !== null) {
      await releaseReservations(
        context,
        and(
          eq(stockReservations.organizationId, organizationId),
          eq(stockReservations.orderId, orderId),
          eq(stockReservations.variantId, row.variantId),
        ),
      );
      await giveBack(tx, organizationId, row.variantId, row.held);
    }
  }

  const holds: StockChange[] = [];
  const changes: StockChange[] = [];
  for (const { variantId, needed, held: heldQuantity, status } of variants) {
    if (needed === null || status === "COMMITTED") continue;
    const quantity = Number(needed);
    const held = status === "HELD" ? (heldQuantity ?? 0) : 0;
    if (quantity !== held) changes.push({ variantId, quantity: quantity - held });
    else if (!extendHeld) continue;
    holds.push({ variantId, quantity });
  }
  const changed = await changeStock(tx, organizationId, changes);
  // Sorted: the first variant short of stock is the one named. A give-back always applies.
  const short = changes.filter((change) => change.quantity > 0 && !changed.has(change.variantId));
  short.sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  for (const change of short) await retakeOrFail(context, organizationId, orderId, change);
  await holdReservations(context, ref, {
    expiresAt: new Date(now.getTime() + STOCK_HOLD_MS),
    variants: holds,
  });
};

/**
 * Holds stock for every item of the order until `now + 30 min`. Idempotent: held quantities are
 * adjusted to the items (and their hold extended), committed ones are left alone, released ones are
 * taken again. Throws 409 `out_of_stock` naming the variant; the caller's transaction rolls back.
 */
export const reserveStock = async (context: StockContext, order: OrderRef | LockedOrder): Promise<void> => {
  const ref = orderRefOf(order);
  await heldOrder(context.tx, order); // one order's stock calls run one after another
  await holdOrderStock(context, ref, await readOrderStock(context.tx, ref), { extendHeld: true });
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
  const ref = orderRefOf(order);
  await heldOrder(context.tx, order);
  // A paid order usually holds exactly what its items need: the read commits those holds itself.
  const variants = await readOrderStockCommittingExact(context.tx, ref);
  const settled = (row: VariantStock) =>
    row.needed === null ? row.status !== "HELD" : row.status === "COMMITTED";
  if (variants.every(settled)) return;
  await holdOrderStock(context, ref, variants, { extendHeld: false });
  await commitReservations(context, ref);
};
