import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withCreator, withUser } from "../access/scope.ts";
import {
  listCreatorNotificationsInput,
  listUserNotificationsInput,
  markNotificationInput,
  notificationIdInput,
  notificationSchema,
} from "./schemas.ts";
import { deleteNotification, listNotifications, markNotificationRead } from "./service.ts";

const tags = ["Notifications"];

export const notificationsRouter = router({
  listForUser: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/notifications",
        tags,
        summary: "List the user's notifications, newest first (X-Total-Count holds the total)",
      },
    })
    .input(listUserNotificationsInput)
    .output(z.array(notificationSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withUser(ctx, input.id, (tx, user) =>
          listNotifications(
            tx,
            { organizationId: user.organizationId, recipientType: "USER", recipientId: user.id },
            input,
          ),
        ),
      );
    }),
  markRead: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/{id}/notification/{notificationId}",
        tags,
        summary: "Mark one of the user's notifications READ",
      },
    })
    .input(markNotificationInput)
    .output(notificationSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) =>
        markNotificationRead(
          { tx, now: ctx.deps.clock.now() },
          { organizationId: user.organizationId, recipientType: "USER", recipientId: user.id },
          input.notificationId,
        ),
      ),
    ),
  delete: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/user/{id}/notification/{notificationId}",
        tags,
        summary: "Delete one of the user's notifications",
      },
      successStatus: 204,
    })
    .input(notificationIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, (tx, user) =>
        deleteNotification(
          tx,
          { organizationId: user.organizationId, recipientType: "USER", recipientId: user.id },
          input.notificationId,
        ),
      );
    }),
  listForCreator: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/notifications",
        tags,
        summary: "List the creator's notifications, newest first (caller must own the creator)",
      },
    })
    .input(listCreatorNotificationsInput)
    .output(z.array(notificationSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) =>
          listNotifications(
            tx,
            { organizationId: creator.organizationId, recipientType: "CREATOR", recipientId: creator.id },
            input,
          ),
        ),
      );
    }),
});
