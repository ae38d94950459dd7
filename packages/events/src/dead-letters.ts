import { AppError } from "@tally/core";
import { type Db, deadLetters } from "@tally/db";
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { EventBus } from "./bus.ts";

export type DeadLetter = typeof deadLetters.$inferSelect;

export interface ListDeadLettersOptions {
  limit?: number;
  offset?: number;
  /** Only those not replayed yet. */
  pendingOnly?: boolean;
  organizationId?: string;
}

/** Newest first. Runs on the outer database (an operator view across tenants). */
export const listDeadLetters = async (
  db: Db,
  options: ListDeadLettersOptions = {},
): Promise<{ items: DeadLetter[]; total: number }> => {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const offset = Math.max(options.offset ?? 0, 0);
  const filters: SQL[] = [];
  if (options.pendingOnly) filters.push(isNull(deadLetters.replayedAt));
  if (options.organizationId) filters.push(eq(deadLetters.organizationId, options.organizationId));
  const where = filters.length ? and(...filters) : undefined;
  const items = await db
    .select()
    .from(deadLetters)
    .where(where)
    .orderBy(desc(deadLetters.failedAt), desc(deadLetters.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(deadLetters).where(where);
  return { items, total: totals?.total ?? 0 };
};

/**
 * Re-enqueues the dead letter's payload into its subscriber's queue and marks it replayed, in one
 * transaction. A second replay is refused with `invalid_state` (409); an unknown id is `not_found`.
 */
export const replayDeadLetter = async (
  { db, bus, now }: { db: Db; bus: EventBus; now: Date },
  id: string,
): Promise<{ deadLetter: DeadLetter; jobId: string }> =>
  db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(deadLetters)
      .set({ replayedAt: now })
      .where(and(eq(deadLetters.id, id), isNull(deadLetters.replayedAt)))
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select({ id: deadLetters.id })
        .from(deadLetters)
        .where(eq(deadLetters.id, id));
      if (!existing) throw new AppError("not_found", `No dead letter ${id}`);
      throw new AppError("invalid_state", `Dead letter ${id} was already replayed`);
    }
    const [jobId] = await bus.enqueueReplay(tx, {
      name: claimed.event,
      subscriber: claimed.subscriber,
      payload: claimed.payload,
    });
    if (!jobId)
      throw new AppError("invalid_state", `No subscriber of ${claimed.event} is left to replay into`);
    return { deadLetter: claimed, jobId };
  });
