import { defineStateMachine } from "@tally/core";
import {
  type Executor,
  orderItems,
  preparedQuery,
  stateMachineTable,
  stockReservationStatuses,
  stockReservations,
  type WriteContext,
} from "@tally/db";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";

type ReservationRow = typeof stockReservations.$inferSelect;

/**
 * Stock an order holds while it is being paid (one row per variant): HELD, then COMMITTED once the order
 * is paid, or RELEASED back to the variant; a released hold is taken again by the order's next payment
 * attempt. Only this file writes a reservation's status.
 */
export const STOCK_RESERVATION_MACHINE = defineStateMachine({
  name: "stock reservation",
  table: "stock_reservations",
  states: stockReservationStatuses,
  initial: ["HELD"],
  moves: {
    /** A payment attempt holds the order's items: a held quantity is adjusted (and its hold extended). */
    hold: { from: ["HELD", "RELEASED"], to: "HELD" },
    /** The order is paid: the stock stays taken for good. */
    commit: { from: ["HELD"], to: "COMMITTED" },
    /** Given back: the variant left the order, its payment failed, or another checkout took an expired hold. */
    release: { from: ["HELD"], to: "RELEASED" },
  },
});

const RESERVATION_ROWS = stateMachineTable(STOCK_RESERVATION_MACHINE, stockReservations);

/** One variant's reservation for one order. */
export interface ReservationKey {
  organizationId: string;
  orderId: string;
  variantId: string;
}

const orderReservations = ({ organizationId, orderId }: Omit<ReservationKey, "variantId">) =>
  and(eq(stockReservations.organizationId, organizationId), eq(stockReservations.orderId, orderId));

/**
 * The order's reservations of `variantIds` (each for its entry of `quantities`) HELD until `expiresAt`,
 * in one statement: recorded HELD (the machine's initial state), or moved by `hold` (HELD or RELEASED
 * to HELD: a released one is taken anew); a COMMITTED one stays as it is. Prepared (every checkout
 * writes it), the variants bound as arrays.
 */
const upsertHolds = preparedQuery<
  {
    organizationId: string;
    orderId: string;
    variantIds: string[];
    quantities: number[];
    /** ISO timestamps: a placeholder in raw SQL is bound as given, not mapped by its column. */
    expiresAt: string;
    now: string;
  },
  unknown
>("hold_stock_reservations", (executor: Executor) => {
  const value = (name: string) => sql.placeholder(name);
  return executor
    .insert(stockReservations)
    .select(
      sql`select ${value("organizationId")}, ${value("orderId")}, hold.variant_id, hold.quantity, 'HELD',
        ${value("expiresAt")}::timestamptz, ${value("now")}::timestamptz
        from unnest(${value("variantIds")}::text[], ${value("quantities")}::integer[]) as hold(variant_id, quantity)`,
    )
    .onConflictDoUpdate({
      target: [stockReservations.organizationId, stockReservations.orderId, stockReservations.variantId],
      set: { quantity: sql`excluded.quantity`, expiresAt: sql`excluded.expires_at`, status: "HELD" },
      setWhere: inArray(stockReservations.status, [...STOCK_RESERVATION_MACHINE.from("hold")]),
    });
});

/**
 * HELD until `expiresAt`, each variant for its `quantity`, in one statement: the order's reservation of
 * a variant is held again (a released one is taken anew), or recorded. With the order row locked by
 * the caller, so nothing else records them meanwhile; a COMMITTED reservation stays as it is.
 */
export const holdReservations = async (
  context: WriteContext,
  order: Omit<ReservationKey, "variantId">,
  hold: { expiresAt: Date; variants: { variantId: string; quantity: number }[] },
): Promise<void> => {
  if (hold.variants.length === 0) return;
  await upsertHolds(context.tx, {
    ...order,
    variantIds: hold.variants.map((variant) => variant.variantId),
    quantities: hold.variants.map((variant) => variant.quantity),
    expiresAt: hold.expiresAt.toISOString(),
    now: context.now.toISOString(),
  });
};

/** One variant of an order: the quantity its items need (null: none), and its reservation (null: none). */
export interface VariantStock {
  variantId: string;
  needed: string | null;
  held: number | null;
  status: ReservationRow["status"] | null;
}

type OrderValues = { organizationId: string; orderId: string };

/**
 * Each variant the order's items need or it holds a reservation of. With `commitExact`, the order's
 * HELD reservations of exactly what its items need are COMMITTED by the same statement, and answered
 * as COMMITTED (the rest as they were).
 */
const orderStockQuery = (executor: Executor, { commitExact }: { commitExact: boolean }) => {
  const organizationId = sql.placeholder("organizationId");
  const orderId = sql.placeholder("orderId");
  const needed = executor.$with("needed").as(
    executor
      .select({
        variantId: orderItems.variantId,
        quantity: sql<string>`sum(${orderItems.quantity})`.as("needed_quantity"),
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.organizationId, organizationId),
          eq(orderItems.orderId, orderId),
          isNotNull(orderItems.variantId),
        ),
      )
      .groupBy(orderItems.variantId),
  );
  const reserved = executor
    .select({
      variantId: stockReservations.variantId,
      quantity: stockReservations.quantity,
      status: stockReservations.status,
    })
    .from(stockReservations)
    .where(and(eq(stockReservations.organizationId, organizationId), eq(stockReservations.orderId, orderId)))
    .as("reserved");
  const fields = {
    variantId: sql<string>`coalesce(${needed.variantId}, ${reserved.variantId})`,
    needed: needed.quantity,
    held: reserved.quantity,
  };
  if (!commitExact)
    return executor
      .with(needed)
      .select({ ...fields, status: reserved.status })
      .from(needed)
      .fullJoin(reserved, eq(reserved.variantId, needed.variantId));
  const committed = executor.$with("committed").as(
    executor
      .update(stockReservations)
      .set({ status: "COMMITTED" })
      .from(needed)
      .where(
        and(
          eq(stockReservations.organizationId, organizationId),
          eq(stockReservations.orderId, orderId),
          eq(stockReservations.variantId, needed.variantId),
          eq(stockReservations.quantity, needed.quantity),
          inArray(stockReservations.status, [...STOCK_RESERVATION_MACHINE.from("commit")]),
        ),
      )
      .returning({ variantId: stockReservations.variantId }),
  );
  return executor
    .with(needed, committed)
    .select({
      ...fields,
      status: sql<ReservationRow["status"] | null>`case when ${committed.variantId} is null
        then ${reserved.status} else 'COMMITTED' end`,
    })
    .from(needed)
    .fullJoin(reserved, eq(reserved.variantId, needed.variantId))
    .leftJoin(committed, eq(committed.variantId, needed.variantId));
};

/** Each variant the order's items need or it holds a reservation of (one statement, prepared). */
export const readOrderStock = preparedQuery<OrderValues, VariantStock[]>(
  "order_stock",
  (executor: Executor) => orderStockQuery(executor, { commitExact: false }),
);

/**
 * As `readOrderStock`, and the move `commit` of each HELD reservation of exactly what the order's items
 * need, in the same statement: those are answered COMMITTED. Prepared: every settlement runs it.
 */
export const readOrderStockCommittingExact = preparedQuery<OrderValues, VariantStock[]>(
  "order_stock_commit_exact",
  (executor: Executor) => orderStockQuery(executor, { commitExact: true }),
);

/** The HELD reservations matching `where` (tenant-scoped by the caller) are RELEASED; answers them. */
export const releaseReservations = (
  context: WriteContext,
  where: SQL | undefined,
): Promise<ReservationRow[]> => RESERVATION_ROWS.transitionWhere(context, where, { move: "release" });

/** The order's HELD reservations are COMMITTED. */
export const commitReservations = async (
  context: WriteContext,
  order: Omit<ReservationKey, "variantId">,
): Promise<void> => {
  await RESERVATION_ROWS.transitionWhere(context, orderReservations(order), { move: "commit" });
};
