import { defineStateMachine, type MoveOf } from "@tally/core";
import { productStatuses, products, type RowRef, stateMachineTable, type WriteContext } from "@tally/db";
import { eq } from "drizzle-orm";

type ProductRow = typeof products.$inferSelect;

/**
 * A product's lifecycle: DRAFT until its creator publishes it, ARCHIVED (soft-deleted) by the creator or
 * its store, restored as a DRAFT to be published again. Only this file writes a product's status.
 */
export const PRODUCT_MACHINE = defineStateMachine({
  name: "product",
  table: "products",
  states: productStatuses,
  /** A store's product is PUBLISHED at once when its organization auto-publishes what the store lists. */
  initial: ["DRAFT", "PUBLISHED"],
  moves: {
    publish: { from: ["DRAFT"], to: "PUBLISHED", event: "product-published" },
    archive: { from: ["DRAFT", "PUBLISHED"], to: "ARCHIVED" },
    /** Back unpublished: it must be published again to be visible. */
    restore: { from: ["ARCHIVED"], to: "DRAFT" },
  },
});

const PRODUCT_ROWS = stateMachineTable(PRODUCT_MACHINE, products);

export type ProductMove = MoveOf<typeof PRODUCT_MACHINE>;

/** What each move records besides the status: when it was published or archived. */
const STAMPS: Record<ProductMove, (now: Date) => { publishedAt?: Date | null; archivedAt: Date | null }> = {
  publish: (now) => ({ publishedAt: now, archivedAt: null }),
  archive: (now) => ({ archivedAt: now }),
  restore: () => ({ archivedAt: null, publishedAt: null }),
};

/** The values of a new product, DRAFT or PUBLISHED (then published at `now`). */
export const newProductRow = <V extends Omit<typeof products.$inferInsert, "status" | "publishedAt">>(
  now: Date,
  status: "DRAFT" | "PUBLISHED",
  values: V,
) => PRODUCT_ROWS.initialRow(status, { ...values, publishedAt: status === "PUBLISHED" ? now : null });

/**
 * Moves a product (the creator's own, when `creatorId` is given) as one conditional update, so two
 * concurrent calls cannot both apply. Undefined when it is not there or not in a state the move starts from.
 */
export const moveProduct = (
  context: WriteContext,
  product: RowRef & { creatorId?: string },
  move: ProductMove,
): Promise<ProductRow | undefined> =>
  PRODUCT_ROWS.tryTransition(context, product, {
    move,
    set: STAMPS[move](context.now),
    where: product.creatorId === undefined ? undefined : eq(products.creatorId, product.creatorId),
  });
