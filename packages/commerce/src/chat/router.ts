import { AppError } from "@tally/core";
import { authedProcedure, router } from "@tally/trpc";
import { findCreator, findUser, inTenant, withCreator, withUser } from "../access/scope.ts";
import { chatChannelSchema, creatorChatInput, userChatInput } from "./schemas.ts";
import {
  findChannel,
  type Party,
  provisionChat,
  recordChannel,
  storeUserChatToken,
  toChatChannel,
} from "./service.ts";

const tags = ["Chat"];

export const chatRouter = router({
  forUser: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/chat",
        tags,
        summary: "Open (or return) the chat channel between the user and another user or a creator",
        description:
          "Idempotent: the same pair always gets the same channel, whichever side opens it. The other party must exist in the organization (404).",
      },
    })
    .input(userChatInput)
    .output(chatChannelSchema)
    .mutation(async ({ ctx, input }) => {
      const setup = await withUser(ctx, input.id, async (tx, user) => {
        const caller: Party = { type: "USER", id: user.id };
        let other: Party;
        if (input.requestorType === "User") {
          if (input.requestorId === user.id) {
            throw new AppError("validation_failed", "A user cannot chat with themselves", {
              details: [{ field: "requestorId", message: "Must be another user" }],
            });
          }
          other = {
            type: "USER",
            id: (await findUser(tx, { organizationId: user.organizationId, id: input.requestorId })).id,
          };
        } else {
          other = {
            type: "CREATOR",
            id: (await findCreator(tx, { organizationId: user.organizationId, id: input.requestorId })).id,
          };
        }
        const existing = await findChannel(tx, user.organizationId, { a: caller, b: other });
        return { organizationId: user.organizationId, caller, other, existing, callerToken: user.chatToken };
      });
      const { providerChannelId, token } = await provisionChat(ctx.deps.providers.chat, setup);
      return inTenant(ctx, async (tx) => {
        const row =
          setup.existing ??
          (await recordChannel({ tx, now: ctx.deps.clock.now() }, setup.organizationId, {
            a: setup.caller,
            b: setup.other,
            providerChannelId,
          }));
        const stored =
          setup.callerToken ??
          (await storeUserChatToken(
            tx,
            { organizationId: setup.organizationId, userId: setup.caller.id },
            token,
          ));
        return toChatChannel(row, setup, stored);
      });
    }),
  forCreator: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/chat",
        tags,
        summary:
          "Open (or return) the chat channel between the creator and a user (caller must own the creator)",
        description:
          "Idempotent, and the same channel the user gets from POST /user/{id}/chat. The user must exist in the organization (404).",
      },
    })
    .input(creatorChatInput)
    .output(chatChannelSchema)
    .mutation(async ({ ctx, input }) => {
      const setup = await withCreator(ctx, input.creatorId, async (tx, creator) => {
        const caller: Party = { type: "CREATOR", id: creator.id };
        const other: Party = {
          type: "USER",
          id: (await findUser(tx, { organizationId: creator.organizationId, id: input.requestorId })).id,
        };
        const existing = await findChannel(tx, creator.organizationId, { a: caller, b: other });
        return { organizationId: creator.organizationId, caller, other, existing, callerToken: null };
      });
      const { providerChannelId, token } = await provisionChat(ctx.deps.providers.chat, setup);
      const row =
        setup.existing ??
        (await inTenant(ctx, (tx) =>
          recordChannel({ tx, now: ctx.deps.clock.now() }, setup.organizationId, {
            a: setup.caller,
            b: setup.other,
            providerChannelId,
          }),
        ));
      return toChatChannel(row, setup, token);
    }),
});
