import { z } from "zod";
import { creatorIdParam, id, userIdParam } from "../shared/schemas.ts";

export const chatPartyTypes = ["User", "Creator"] as const;

export const chatChannelSchema = z
  .object({
    id: z.string().describe("Our record of the channel"),
    channelId: z.string().describe("The channel's id at the chat provider"),
    members: z
      .array(z.object({ type: z.enum(chatPartyTypes), id: z.string() }))
      .describe("The two parties, the calling side first"),
    token: z
      .string()
      .describe(
        "Chat token the calling side connects with: the user's on /user/{id}/chat, the creator's on /creator/id/{creatorId}/chat",
      ),
    createdAt: z.date(),
  })
  .meta({ id: "ChatChannel" });

export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const userChatInput = userIdParam.extend({
  requestorId: id.describe("The other party: a user id or a creator id"),
  requestorType: z.enum(chatPartyTypes).describe("What requestorId names"),
});

export const creatorChatInput = creatorIdParam.extend({
  requestorId: id.describe("The user to chat with"),
  requestorType: z.literal("User").describe("A creator chats with users"),
});
