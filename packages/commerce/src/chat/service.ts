import { AppError, newId } from "@tally/core";
import { chatChannels, type Tx, users } from "@tally/db";
import type { ChatPort } from "@tally/providers";
import { and, eq, isNull } from "drizzle-orm";
import { type ChatParty, chatIdentity, chatMember } from "./identity.ts";
import type { ChatChannel } from "./schemas.ts";

type ChannelRow = typeof chatChannels.$inferSelect;
export interface Party {
  type: ChatParty;
  id: string;
}

/**
 * How a pair is stored: a user-creator channel under the user; a user-user channel under the
 * smaller id, so both directions find the one row (`chat_channels_pair` is unique).
 */
export const pairKey = (a: Party, b: Party): { userId: string; peerType: ChatParty; peerId: string } => {
  if (a.type === "USER" && b.type === "USER") {
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    return { userId: low, peerType: "USER", peerId: high };
  }
  const user = a.type === "USER" ? a : b;
  const creator = a.type === "USER" ? b : a;
  if (user.type !== "USER" || creator.type !== "CREATOR") throw new Error("pairKey: a chat needs a user");
  return { userId: user.id, peerType: "CREATOR", peerId: creator.id };
};

/** The two sides of a chat channel, in either order. */
export interface ChannelPair {
  a: Party;
  b: Party;
}

export const findChannel = async (tx: Tx, organizationId: string, { a, b }: ChannelPair) => {
  const key = pairKey(a, b);
  const [row] = await tx
    .select()
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.organizationId, organizationId),
        eq(chatChannels.userId, key.userId),
        eq(chatChannels.peerType, key.peerType),
        eq(chatChannels.peerId, key.peerId),
      ),
    );
  return row;
};

export interface RecordChannelInput extends ChannelPair {
  providerChannelId: string;
}

/** Records the provider's channel for the pair; the first record wins a race. */
export const recordChannel = async (
  { tx, now }: { tx: Tx; now: Date },
  organizationId: string,
  { a, b, providerChannelId }: RecordChannelInput,
): Promise<ChannelRow> => {
  await tx
    .insert(chatChannels)
    .values({ organizationId, id: newId(), ...pairKey(a, b), providerChannelId, createdAt: now })
    .onConflictDoNothing();
  const row = await findChannel(tx, organizationId, { a, b });
  if (!row) throw new AppError("conflict", "The chat channel changed concurrently; retry");
  return row;
};

/** Stores the user's chat token unless one is set; returns the stored one. */
export const storeUserChatToken = async (
  tx: Tx,
  { organizationId, userId }: { organizationId: string; userId: string },
  token: string,
) => {
  await tx
    .update(users)
    .set({ chatToken: token })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId), isNull(users.chatToken)));
  const [row] = await tx
    .select({ chatToken: users.chatToken })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return row?.chatToken ?? token;
};

const apiType = (type: ChatParty) => (type === "USER" ? "User" : "Creator");

export const toChatChannel = (
  row: ChannelRow,
  { caller, other }: { caller: Party; other: Party },
  token: string,
): ChatChannel => ({
  id: row.id,
  channelId: row.providerChannelId,
  members: [caller, other].map((party) => ({ type: apiType(party.type), id: party.id })),
  token,
  createdAt: row.createdAt,
});

export interface ChatSetup {
  organizationId: string;
  /** The side calling: its token comes back. */
  caller: Party;
  other: Party;
  existing: ChannelRow | undefined;
  /** The caller's stored token (users only). */
  callerToken: string | null;
}

/**
 * The outside half of chat initialisation, run between transactions: the provider channel (only
 * when no record exists) and the caller's token (when none is stored).
 */
export const provisionChat = async (
  chat: ChatPort,
  setup: ChatSetup,
): Promise<{ providerChannelId: string; token: string }> => {
  const { organizationId, caller, other } = setup;
  const providerChannelId =
    setup.existing?.providerChannelId ??
    (
      await chat.ensureChannel([
        chatMember(organizationId, caller.type, caller.id),
        chatMember(organizationId, other.type, other.id),
      ])
    ).channelId;
  const token =
    setup.callerToken ?? (await chat.createUserToken(chatIdentity(organizationId, caller.type, caller.id)));
  return { providerChannelId, token };
};
