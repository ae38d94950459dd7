import { newId, type OffsetPagination } from "@tally/core";
import { paymentExceptions, type Tx } from "@tally/db";
import { and, count, desc, eq, isNull } from "drizzle-orm";

export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;
export type PaymentExceptionReason = PaymentExceptionRow["reason"];

export interface RecordPaymentExceptionInput {
  organizationId: string;
  orderId: string;
  method: string;
  reference: string;
  reason: PaymentExceptionReason;
  expectedAmount: number;
  receivedAmount: number;
  currency: string;
}

/**
 * Records a payment that could not pay its order, once per (method, reference, reason): a redelivered
 * event or a second poll finds the record already there.
 */
export const recordPaymentException = async (
  { tx, now }: { tx: Tx; now: Date },
  input: RecordPaymentExceptionInput,
): Promise<void> => {
  await tx
    .insert(paymentExceptions)
    .values({ ...input, id: newId(), createdAt: now })
    .onConflictDoNothing();
};

export interface ListPaymentExceptionsParams extends OffsetPagination {
  organizationId: string;
  openOnly: boolean;
}

/** The organization's payment exceptions, newest first, with the total for `X-Total-Count`. */
export const listPaymentExceptions = async (
  tx: Tx,
  params: ListPaymentExceptionsParams,
): Promise<{ items: PaymentExceptionRow[]; total: number }> => {
  const where = and(
    eq(paymentExceptions.organizationId, params.organizationId),
    params.openOnly ? isNull(paymentExceptions.resolvedAt) : undefined,
  );
  const items = await tx
    .select()
    .from(paymentExceptions)
    .where(where)
    .orderBy(desc(paymentExceptions.createdAt), desc(paymentExceptions.id))
    .limit(params.limit)
    .offset(params.offset);
  const [row] = await tx.select({ total: count() }).from(paymentExceptions).where(where);
  return { items, total: row?.total ?? 0 };
};
