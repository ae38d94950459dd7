import { randomBytes } from "node:crypto";
import type { Clock } from "@tally/core";
import { type Executor, localChatChannels, localChatTokens } from "@tally/db";
import { inArray } from "drizzle-orm";
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
    return (await this.createUserTokens([valid])).get(valid)!;
  }

  /** One insert for the new subjects, one read for the subjects that already had a token. */
  async createUserTokens(subjects: readonly string[]): Promise<Map<string, string>> {
    const valid = [...new Set(subjects.map(parseSubject))];
    const tokens = new Map<string, string>();
    if (valid.length === 0) return tokens;
    const { db, clock } = this.#options;
    const createdAt = clock?.now();
    const inserted = await db
      .insert(localChatTokens)
      .values(
        valid.map((subject) => ({
          token: `lct_${randomBytes(24).toString("base64url")}`,
          subject,
          ...(createdAt ? { createdAt } : {}),
        })),
      )
      .onConflictDoNothing({ target: localChatTokens.subject })
      .returning({ subject: localChatTokens.subject, token: localChatTokens.token });
    for (const row of inserted) {
      tokens.set(row.subject, row.token);
      this.#options.logger.info({ subject: row.subject }, "chat token issued (local)");
    }
    const known = valid.filter((subject) => !tokens.has(subject));
    if (known.length > 0) {
      const existing = await db
        .select({ subject: localChatTokens.subject, token: localChatTokens.token })
        .from(localChatTokens)
        .where(inArray(localChatTokens.subject, known));
      for (const row of existing) tokens.set(row.subject, row.token);
    }
    const vanished = valid.find((subject) => !tokens.has(subject));
    if (vanished) throw new Error(`local chat: token of ${vanished} vanished`);
    return tokens;
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
