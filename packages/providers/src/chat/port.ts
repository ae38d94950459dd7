import { createHash } from "node:crypto";
import { parseWith } from "@tally/core";
import { z } from "zod";

/** One participant of a channel, as the chat provider knows it. */
export interface ChatMember {
  /** `USER` or `CREATOR`. */
  type: string;
  /** The provider-side id (callers namespace it by organization). */
  id: string;
}

export type ChatAdapterKind = "http" | "local";

/**
 * The chat provider (ARCHITECTURE.md §6): per-user tokens for the chat client, and channels
 * between members. Both calls are idempotent: the same subject gets a usable token, the same
 * members the same channel.
 */
export interface ChatPort {
  readonly adapter: ChatAdapterKind;
  /** A token the subject's chat client connects with. */
  createUserToken(subject: string): Promise<string>;
  /** `createUserToken` for many subjects: each subject's token. One invalid subject rejects the call first. */
  createUserTokens(subjects: readonly string[]): Promise<Map<string, string>>;
  /** The channel between exactly these members (created when missing). */
  ensureChannel(members: ChatMember[]): Promise<{ channelId: string }>;
}

/** The provider's id rules (Stream-like): letters, digits, `@`, `_`, `-`; at most 255 characters. */
const providerId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9@_-]+$/, "letters, digits, @, _ and - only");

const memberSchema = z.object({ type: z.enum(["USER", "CREATOR"]), id: providerId });

export const chatMembersSchema = z
  .array(memberSchema)
  .min(2)
  .max(100)
  .refine((members) => new Set(members.map(memberKey)).size === members.length, "members must be distinct");

const memberKey = (member: ChatMember): string => `${member.type}:${member.id}`;

/** Validates a token subject as the provider would, or throws `validation_failed`. */
export const parseSubject = (subject: string): string =>
  parseWith(providerId, subject, { message: "Invalid chat subject", prefix: "subject" });

/** Validates channel members as the provider would, or throws `validation_failed`. */
export const parseMembers = (members: ChatMember[]): ChatMember[] =>
  parseWith(chatMembersSchema, members, { message: "Invalid chat members", prefix: "members" });

/**
 * The channel id both adapters use: derived from the sorted member set, so the same members always
 * name the same channel whichever side asks first (fits the provider's 64-character id limit).
 */
export const channelIdFor = (members: ChatMember[]): string => {
  const keys = members.map(memberKey).sort();
  return `dm-${createHash("sha256").update(keys.join("\n")).digest("hex").slice(0, 48)}`;
};
