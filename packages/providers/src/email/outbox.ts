import { AppError, type Clock, newId } from "@tally/core";
import { type Executor, emailOutbox } from "@tally/db";
import { desc, eq, inArray } from "drizzle-orm";
import type { EmailMessage, EmailSendResult } from "./port.ts";

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** The outbox row already recorded under a dedupe key, if any. */
export const findByDedupeKey = async (db: Executor, dedupeKey: string): Promise<OutboxEmail | undefined> => {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey)).limit(1);
  return row;
};

/**
 * Records a message; with a dedupe key already present nothing is written and the existing row's id
 * comes back with `deduplicated: true`. `db` should be the platform handle, not a tenant
 * transaction: row-level security would hide another tenant's row that still holds the key.
 */
export const recordOutbox = async (
  db: Executor,
  message: EmailMessage,
  clock?: Clock,
): Promise<EmailSendResult> => (await recordOutboxMany(db, [message], clock))[0]!;

/**
 * `recordOutbox` for many messages in one insert (and one read of the keys already used), results
 * in the messages' order. A key repeated within the call records its first message only.
 */
export const recordOutboxMany = async (
  db: Executor,
  messages: readonly EmailMessage[],
  clock?: Clock,
): Promise<EmailSendResult[]> => {
  if (messages.length === 0) return [];
  const createdAt = clock?.now();
  const rows = messages.map((message) => ({
    id: newId(),
    organizationId: message.organizationId ?? null,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    template: message.template ?? null,
    dedupeKey: message.dedupeKey ?? null,
    ...(createdAt ? { createdAt } : {}),
  }));
  const inserted = await db
    .insert(emailOutbox)
    .values(rows)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  const recorded = new Set(inserted.map((row) => row.id));
  const usedKeys = rows.flatMap((row) => (recorded.has(row.id) || !row.dedupeKey ? [] : [row.dedupeKey]));
  const existing =
    usedKeys.length === 0
      ? []
      : await db
          .select({ id: emailOutbox.id, dedupeKey: emailOutbox.dedupeKey })
          .from(emailOutbox)
          .where(inArray(emailOutbox.dedupeKey, usedKeys));
  const idByKey = new Map(existing.map((row) => [row.dedupeKey, row.id]));
  return rows.map((row) => {
    if (recorded.has(row.id)) return { id: row.id, deduplicated: false };
    const id = row.dedupeKey ? idByKey.get(row.dedupeKey) : undefined;
    if (!id) throw new AppError("conflict", "dedupeKey is already used by a message not visible here");
    return { id, deduplicated: true };
  });
};

/** Newest first. For tests and the test-helper route. */
export const listOutbox = async (
  db: Executor,
  options: { to?: string | undefined; limit?: number | undefined } = {},
): Promise<OutboxEmail[]> => {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  return db
    .select()
    .from(emailOutbox)
    .where(options.to === undefined ? undefined : eq(emailOutbox.to, options.to))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
};
