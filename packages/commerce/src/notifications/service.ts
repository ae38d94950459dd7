import { AppError, newId, type OffsetPagination } from "@tally/core";
import { follows, notifications, type Tx } from "@tally/db";
import { and, count, desc, eq } from "drizzle-orm";
import { newNotificationRow, readNotification } from "./notification-state.ts";
import type { Notification } from "./schemas.ts";

type NotificationRow = typeof notifications.$inferSelect;
type Recipient = { organizationId: string; recipientType: "USER" | "CREATOR"; recipientId: string };

export interface CreateNotificationInput extends Recipient {
  type: string;
  title: string;
  body?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
  /**
   * One notification per cause (e.g. `follow:<creatorId>:<userId>`): a second call with the same key
   * in the organization creates nothing, so retried event handlers notify once.
   */
  dedupeKey?: string | undefined;
  createdAt?: Date | undefined;
}

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  recipientType: row.recipientType,
  recipientId: row.recipientId,
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  status: row.status,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

/**
 * Records a notification for a user or a creator, inside the caller's tenant transaction. Returns
 * the new notification, or `null` when the dedupe key was already used (nothing written).
 */
export const createNotification = async (
  tx: Tx,
  input: CreateNotificationInput,
): Promise<Notification | null> => {
  const [row] = await createNotifications(tx, [input]);
  return row ?? null;
};

/**
 * `createNotification` for many notifications in one insert. Returns those written; one whose dedupe
 * key was already used is left out.
 */
export const createNotifications = async (
  tx: Tx,
  inputs: readonly CreateNotificationInput[],
): Promise<Notification[]> => {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      inputs.map((input) =>
        newNotificationRow({
          organizationId: input.organizationId,
          id: newId(),
          recipientType: input.recipientType,
          recipientId: input.recipientId,
          type: input.type,
          title: input.title,
          body: input.body ?? null,
          data: input.data ?? {},
          dedupeKey: input.dedupeKey ?? null,
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        }),
      ),
    )
    .onConflictDoNothing()
    .returning();
  return rows.map(toNotification);
};

/** What every follower of a creator is told about one event: the same notice, one per follower. */
export interface FollowerNotice {
  type: string;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
  /** What the notice is about (e.g. `campaign-published:<id>`): with the follower's id, its dedupe key. */
  subject: string;
}

/**
 * Notifies every follower of the creator once (dedupe key `<subject>:<userId>`), inside the caller's
 * tenant transaction: a redelivered event notifies nobody twice.
 */
export const notifyCreatorFollowers = async (
  { tx, now }: { tx: Tx; now: Date },
  creator: { organizationId: string; id: string },
  notice: FollowerNotice,
): Promise<void> => {
  const followers = await tx
    .select({ userId: follows.followerId })
    .from(follows)
    .where(
      and(
        eq(follows.organizationId, creator.organizationId),
        eq(follows.targetType, "CREATOR"),
        eq(follows.targetId, creator.id),
      ),
    );
  for (const { userId } of followers)
    await createNotification(tx, {
      organizationId: creator.organizationId,
      recipientType: "USER",
      recipientId: userId,
      type: notice.type,
      title: notice.title,
      body: notice.body,
      data: notice.data,
      dedupeKey: `${notice.subject}:${userId}`,
      createdAt: now,
    });
};

const recipientFilter = (recipient: Recipient) =>
  and(
    eq(notifications.organizationId, recipient.organizationId),
    eq(notifications.recipientType, recipient.recipientType),
    eq(notifications.recipientId, recipient.recipientId),
  );

/** Newest first, with the total for `X-Total-Count`. */
export const listNotifications = async (
  tx: Tx,
  recipient: Recipient,
  options: OffsetPagination & { status?: "UNREAD" | "READ" | undefined },
): Promise<{ items: Notification[]; total: number }> => {
  const where = and(
    recipientFilter(recipient),
    options.status ? eq(notifications.status, options.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ value: count() }).from(notifications).where(where);
  return { items: rows.map(toNotification), total: total?.value ?? 0 };
};

const notFound = () => new AppError("not_found", "Notification not found");

/** Marks one of the recipient's notifications READ (idempotent: readAt keeps the first time). */
export const markNotificationRead = async (
  context: { tx: Tx; now: Date },
  recipient: Recipient,
  notificationId: string,
): Promise<Notification> => {
  const where = and(recipientFilter(recipient), eq(notifications.id, notificationId));
  const [existing] = await context.tx.select().from(notifications).where(where);
  if (!existing) throw notFound();
  if (existing.status === "READ") return toNotification(existing);
  const read = await readNotification(
    context,
    { organizationId: recipient.organizationId, id: notificationId },
    recipientFilter(recipient),
  );
  // Undefined: a concurrent call read it first, and its readAt stands.
  return read ? toNotification(read) : markNotificationRead(context, recipient, notificationId);
};

export const deleteNotification = async (
  tx: Tx,
  recipient: Recipient,
  notificationId: string,
): Promise<void> => {
  const deleted = await tx
    .delete(notifications)
    .where(and(recipientFilter(recipient), eq(notifications.id, notificationId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound();
};
