import { offsetPaginationInput } from "@tally/core";
import { followTargetTypes } from "@tally/db";
import { z } from "zod";
import { creatorIdParam, id, userIdParam } from "../shared/schemas.ts";

export const notificationStatuses = ["UNREAD", "READ"] as const;

export const notificationSchema = z
  .object({
    id: z.string(),
    recipientType: z.enum(followTargetTypes).describe("Who receives it: a USER or a CREATOR"),
    recipientId: z.string(),
    type: z.string().describe("What happened, e.g. `follow`, `new-follower`, `product-published`"),
    title: z.string(),
    body: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).describe("Ids and facts about the cause, by type"),
    status: z.enum(notificationStatuses),
    createdAt: z.date(),
    readAt: z.date().nullable(),
  })
  .meta({ id: "Notification" });

export type Notification = z.infer<typeof notificationSchema>;

export const listUserNotificationsInput = userIdParam.extend({
  ...offsetPaginationInput.shape,
  status: z.enum(notificationStatuses).optional().describe("Only UNREAD or only READ notifications"),
});

export const listCreatorNotificationsInput = creatorIdParam.extend({
  ...offsetPaginationInput.shape,
  status: z.enum(notificationStatuses).optional().describe("Only UNREAD or only READ notifications"),
});

export const notificationIdInput = userIdParam.extend({ notificationId: id });

export const markNotificationInput = notificationIdInput.extend({
  status: z.literal("READ").describe("The only value a client sets: READ"),
});
