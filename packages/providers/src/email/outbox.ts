import { AppError, type Clock, newId } from "@tally/core";
import { type Executor, emailOutbox } from "@tally/db";
import { desc, eq } from "drizzle-orm";
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
): Promise<EmailSendResult> => {
  const inserted = await db
    .insert(emailOutbox)
    .values({
      id: newId(),
      organizationId: message.organizationId ?? null,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      template: message.template ?? null,
      dedupeKey: message.dedupeKey ?? null,
      ...(clock ? { createdAt: clock.now() } : {}),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  const row = inserted[0];
  if (row) return { id: row.id, deduplicated: false };
  const existing = message.dedupeKey ? await findByDedupeKey(db, message.dedupeKey) : undefined;
  if (!existing) throw new AppError("conflict", "dedupeKey is already used by a message not visible here");
  return { id: existing.id, deduplicated: true };
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
