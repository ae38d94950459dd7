import type { ChatMember } from "@tally/providers";

export type ChatParty = "USER" | "CREATOR";

/**
 * The id a user or creator has at the chat provider: namespaced by organization (the provider is
 * shared by every tenant), in the provider's id alphabet (ids are `[0-9a-z]`, so `_` separates).
 */
export const chatIdentity = (organizationId: string, type: ChatParty, id: string): string =>
  `${type === "USER" ? "u" : "c"}_${organizationId}_${id}`;

export const chatMember = (organizationId: string, type: ChatParty, id: string): ChatMember => ({
  type,
  id: chatIdentity(organizationId, type, id),
});
