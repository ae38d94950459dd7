import { organizations, users, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, eq, isNull } from "drizzle-orm";
import { chatIdentity } from "../chat/identity.ts";
import type { CommerceHandlerDeps } from "../handler-deps.ts";

/**
 * `user-created`: the welcome e-mail (deduplicated per user, so a retried job mails once) and the
 * user's chat token (stored once: a retry finds it set, and the chat port is idempotent per user).
 * Outside calls run between transactions, never inside one.
 */
export const registerUsersHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("user-created", "commerce", async ({ organizationId, userId }) => {
    const found = await withTenant(deps.database.db, organizationId, async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return user ? { user, organizationName: organization?.name ?? "Tally" } : undefined;
    });
    if (!found) {
      deps.logger.warn({ organizationId, userId }, "user-created: user no longer exists");
      return;
    }
    const { user, organizationName } = found;
    const greeting = user.username ? `Hi ${user.username},` : "Hi,";
    await deps.providers.email.send({
      to: user.email,
      subject: `Welcome to ${organizationName}`,
      text: `${greeting}\n\nYour account at ${organizationName} is ready. Follow your favourite creators, collect points and shop their stores.\n`,
      template: "welcome",
      organizationId,
      dedupeKey: `welcome:${organizationId}:${userId}`,
    });
    if (user.chatToken) return;
    const token = await deps.providers.chat.createUserToken(chatIdentity(organizationId, "USER", userId));
    await withTenant(deps.database.db, organizationId, (tx) =>
      tx
        .update(users)
        .set({ chatToken: token })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId), isNull(users.chatToken))),
    );
  });
};
