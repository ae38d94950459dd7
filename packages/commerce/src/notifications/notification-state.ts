import { defineStateMachine } from "@tally/core";
import {
  notificationStatuses,
  notifications,
  type RowRef,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import type { SQL } from "drizzle-orm";

type NotificationRow = typeof notifications.$inferSelect;

/** A notification is UNREAD until its recipient reads it, once. Only this file writes its status. */
export const NOTIFICATION_MACHINE = defineStateMachine({
  name: "notification",
  table: "notifications",
  states: notificationStatuses,
  initial: ["UNREAD"],
  moves: {
    read: { from: ["UNREAD"], to: "READ" },
  },
});

const NOTIFICATION_ROWS = stateMachineTable(NOTIFICATION_MACHINE, notifications);

/** The values of a new notification: UNREAD. */
export const newNotificationRow = <V extends Omit<typeof notifications.$inferInsert, "status">>(values: V) =>
  NOTIFICATION_ROWS.initialRow("UNREAD", values);

/** An UNREAD notification (of the recipient `where` names) is READ at `now`; undefined when it was not UNREAD. */
export const readNotification = (
  context: WriteContext,
  ref: RowRef,
  where: SQL | undefined,
): Promise<NotificationRow | undefined> =>
  NOTIFICATION_ROWS.tryTransition(context, ref, { move: "read", set: { readAt: context.now }, where });
