import { randomBytes } from "node:crypto";
import type { Clock } from "@tally/core";
import { type Executor, localChatChannels, localChatTokens } from "@tally/db";
import { eq } from "drizzle-orm";
import type { ProviderLogger } from "../logger.ts";
import { type ChatMember, type ChatPort, channelIdFor, parseMembers, parseSubject } from "./port.ts";

export interface LocalChatOptions {
  /** The platform database handle, never a tenant transaction (these tables are the "provider's"). */
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/**
 * Local adapter: a small chat "provider" in two tables. Tokens are random and stable per subject;
 * a channel is keyed by its member set. Validation is the real adapter's (same ids refused).
 */
export class LocalChatAdapter implements ChatPort {
  readonly adapter = "local" as const;
  readonly #options: LocalChatOptions;

  constructor(options: LocalChatOptions) {
    this.#options = options;
  }

  async createUserToken(subject: string): Promise<string> {
    const valid = parseSubject(subject);
    const { db, clock } = this.#options;
    const inserted = await db
      .insert(localChatTokens)
      .values({
        token: `lct_${randomBytes(24).toString("base64url")}`,
        subject: valid,
        ...(clock ? { createdAt: clock.now() } : {}),
      })
      .onConflictDoNothing({ target: localChatTokens.subject })
      .returning({ token: localChatTokens.token });
    if (inserted[0]) {
      this.#options.logger.info({ subject: valid }, "chat token issued (local)");
      return inserted[0].token;
    }
    const [existing] = await db
      .select({ token: localChatTokens.token })
      .from(localChatTokens)
      .where(eq(localChatTokens.subject, valid));
    if (!existing) throw new Error(`local chat: token of ${valid} vanished`);
    return existing.token;
  }

  async ensureChannel(members: ChatMember[]): Promise<{ channelId: string }> {
    const valid = parseMembers(members);
    const channelId = channelIdFor(valid);
    const { db, clock } = this.#options;
    const sorted = [...valid].sort((a, b) => (`${a.type}:${a.id}` < `${b.type}:${b.id}` ? -1 : 1));
    const inserted = await db
      .insert(localChatChannels)
      .values({
        id: channelId,
        members: sorted.map(({ type, id }) => ({ type, id })),
        ...(clock ? { createdAt: clock.now() } : {}),
      })
      .onConflictDoNothing({ target: localChatChannels.id })
      .returning({ id: localChatChannels.id });
    if (inserted[0])
      this.#options.logger.info({ channelId, members: sorted }, "chat channel created (local)");
    return { channelId };
  }
}
