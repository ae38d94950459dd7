import { organizations, users, withTenantStatement } from "@tally/db";
import { type EventBus, payloadsByTenant } from "@tally/events";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { chatIdentity } from "../chat/identity.ts";
import type { CommerceHandlerDeps } from "../handler-deps.ts";

/**
 * `user-created`: the welcome e-mail (deduplicated per user, so a retried job mails once) and the
 * user's chat token (stored once: a retry finds it set, and the chat port is idempotent per user).
 * Worked a batch at a time, per tenant: one read of the users and their organization, one send of
 * the e-mails, one token call and one update. Outside calls run between transactions, never inside one.
 */
export const registerUsersHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribeBatch(
    "user-created",
    "commerce",
    async (jobs) => {
      await Promise.all(
        [...payloadsByTenant(jobs.map((job) => job.payload))].map(([organizationId, payloads]) =>
          welcome(deps, organizationId, [...new Set(payloads.map((payload) => payload.userId))]),
        ),
      );
    },
    // Two batches in flight: one's outside calls overlap the other's statements.
    { workers: 2 },
  );
};

const welcome = async (
  deps: CommerceHandlerDeps,
  organizationId: string,
  userIds: string[],
): Promise<void> => {
  const found = await withTenantStatement(deps.database.db, organizationId, (tx) =>
    tx
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        chatToken: users.chatToken,
        organizationName: organizations.name,
      })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.organizationId, organizationId), inArray(users.id, userIds))),
  );
  const gone = userIds.filter((userId) => !found.some((user) => user.id === userId));
  if (gone.length > 0)
    deps.logger.warn({ organizationId, userIds: gone }, "user-created: user no longer exists");
  if (found.length === 0) return;
  await deps.providers.email.sendMany(
    found.map((user) => {
      const organizationName = user.organizationName ?? "Tally";
      const greeting = user.username ? `Hi ${user.username},` : "Hi,";
      return {
        to: user.email,
        subject: `Welcome to ${organizationName}`,
        text: `${greeting}\n\nYour account at ${organizationName} is ready. Follow your favourite creators, collect points and shop their stores.\n`,
        template: "welcome",
        organizationId,
        dedupeKey: `welcome:${organizationId}:${user.id}`,
      };
    }),
  );
  const tokenless = found.filter((user) => !user.chatToken).map((user) => user.id);
  if (tokenless.length === 0) return;
  const tokens = await deps.providers.chat.createUserTokens(
    tokenless.map((userId) => chatIdentity(organizationId, "USER", userId)),
  );
  const tokenOf: SQL[] = tokenless.map(
    (userId) => sql`when ${userId} then ${tokens.get(chatIdentity(organizationId, "USER", userId))}`,
  );
  await withTenantStatement(deps.database.db, organizationId, (tx) =>
    tx
      .update(users)
      .set({ chatToken: sql`case ${users.id} ${sql.join(tokenOf, sql` `)} end` })
      .where(
        and(eq(users.organizationId, organizationId), inArray(users.id, tokenless), isNull(users.chatToken)),
      ),
  );
};
