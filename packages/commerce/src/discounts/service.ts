import { AppError, type Clock, newId, type OffsetPagination } from "@tally/core";
import { discountCodes, isUniqueViolation, type Tx } from "@tally/db";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { CreatorRow, UserRow } from "../access/scope.ts";
import { type DiscountCodeRow, discountFor, findOrder, lockOrder, subtotalOf } from "../orders/amounts.ts";
import type { OrderPaymentsPort } from "../orders/payments-port.ts";
import { assertNotPresaleOrder } from "../orders/presale-order.ts";
import { setOrderDiscount } from "../orders/state.ts";
import { EDITABLE_ORDER_STATUSES, isOrderStatusIn } from "../orders/statuses.ts";
import type { CreateDiscountCodeInput, DiscountCodeOutput } from "./schemas.ts";

export const presentDiscountCode = (row: DiscountCodeRow, now: Date): DiscountCodeOutput => ({
  id: row.id,
  creatorId: row.creatorId,
  code: row.code,
  kind: row.kind,
  value: row.value,
  expiresAt: row.expiresAt,
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  disabledAt: row.disabledAt,
  active:
    row.disabledAt === null &&
    (row.expiresAt === null || row.expiresAt > now) &&
    (row.usageLimit === null || row.usedCount < row.usageLimit),
  createdAt: row.createdAt,
});

export const createDiscountCode = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  input: CreateDiscountCodeInput,
): Promise<DiscountCodeOutput> => {
  const now = clock.now();
  if (input.kind === "PERCENT" && input.value > 100)
    throw new AppError("validation_failed", "A percent code takes 1-100", {
      details: [{ field: "value", message: "1-100 for PERCENT" }],
    });
  if (input.expiresAt && input.expiresAt <= now)
    throw new AppError("validation_failed", "expiresAt must be in the future", {
      details: [{ field: "expiresAt", message: "must be in the future" }],
    });
  try {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        organizationId: creator.organizationId,
        id: newId(),
        creatorId: creator.id,
        code: input.code.toUpperCase(),
        kind: input.kind,
        value: input.value,
        expiresAt: input.expiresAt ?? null,
        usageLimit: input.usageLimit ?? null,
        createdAt: now,
      })
      .returning();
    return presentDiscountCode(row!, now);
  } catch (error) {
    if (isUniqueViolation(error, "discount_codes_code"))
      throw new AppError("already_exists", "The creator already has this code");
    throw error;
  }
};

export const listDiscountCodes = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  page: OffsetPagination,
) => {
  const where = and(
    eq(discountCodes.organizationId, creator.organizationId),
    eq(discountCodes.creatorId, creator.id),
  );
  const rows = await tx
    .select()
    .from(discountCodes)
    .where(where)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(discountCodes).where(where);
  const now = clock.now();
  return { items: rows.map((row) => presentDiscountCode(row, now)), total: total?.value ?? 0 };
};

/** Disables a code (idempotent); orders that already applied it keep their discount. */
export const disableDiscountCode = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  codeId: string,
) => {
  const where = and(
    eq(discountCodes.organizationId, creator.organizationId),
    eq(discountCodes.creatorId, creator.id),
    eq(discountCodes.id, codeId),
  );
  const [row] = await tx.select().from(discountCodes).where(where);
  if (!row) throw new AppError("not_found", "Discount code not found");
  const now = clock.now();
  if (row.disabledAt) return presentDiscountCode(row, now);
  const [updated] = await tx
    .update(discountCodes)
    .set({ disabledAt: now })
    .where(and(where, isNull(discountCodes.disabledAt)))
    .returning();
  return presentDiscountCode(updated ?? row, now);
};

export interface ApplyDiscountCodeContext {
  tx: Tx;
  payments: OrderPaymentsPort;
  clock: Clock;
}

export interface ApplyDiscountCodeParams {
  orderId: string;
  /** As typed: matched trimmed and case-insensitively. */
  code: string;
}

/**
 * Applies a creator's code to the user's order: one code per order (the same code again is a no-op,
 * another one 409 `conflict`). The use is counted with a conditional update, so concurrent uses
 * never pass the limit; an expired, disabled or used-up code is 409 `discount_code_unusable`.
 */
export const applyDiscountCode = async (
  { tx, payments, clock }: ApplyDiscountCodeContext,
  user: UserRow,
  { orderId, code: rawCode }: ApplyDiscountCodeParams,
) => {
  const now = clock.now();
  const order = await lockOrder(tx, {
    organizationId: user.organizationId,
    orderId,
    of: { userId: user.id },
  });
  assertNotPresaleOrder(order);
  if (!isOrderStatusIn(EDITABLE_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}: a code applies only while OPEN or PAYMENT_FAILED`,
      {
        context: { status: order.status },
      },
    );
  if (!order.creatorId) throw new AppError("invalid_state", "The order has no items yet");
  const [code] = await tx
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.organizationId, user.organizationId),
        eq(discountCodes.creatorId, order.creatorId),
        eq(discountCodes.code, rawCode.trim().toUpperCase()),
      ),
    );
  if (!code) throw new AppError("not_found", "No such discount code for this order's creator");
  if (order.discountCodeId === code.id) return order;
  if (order.discountCodeId)
    throw new AppError("conflict", "The order already has a discount code", {
      context: { discountCodeId: order.discountCodeId },
    });
  const [used] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.organizationId, code.organizationId),
        eq(discountCodes.id, code.id),
        isNull(discountCodes.disabledAt),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!used)
    throw new AppError("discount_code_unusable", "The discount code is expired, disabled or used up", {
      context: { code: code.code },
    });
  const ref = { organizationId: user.organizationId, orderId };
  const discountAmount = discountFor(code, await subtotalOf(tx, ref));
  await setOrderDiscount({ tx, now }, ref, { discountCodeId: code.id, discountAmount });
  await payments.amountChanged(tx, ref);
  return findOrder(tx, ref);
};
