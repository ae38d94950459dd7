import { and, eq } from "drizzle-orm";
import type { Executor } from "./client.ts";
import { inboundWebhookEvents, objectRoutes } from "./schema/index.ts";

/**
 * Records which organization a new object id belongs to, so routes reached without an API key
 * (x402, guest links) can open the right tenant.
 */
export const registerObjectRoute = async (
  executor: Executor,
  route: { objectId: string; kind: string; organizationId: string; now: Date },
): Promise<void> => {
  await executor.insert(objectRoutes).values({
    objectId: route.objectId,
    kind: route.kind,
    organizationId: route.organizationId,
    createdAt: route.now,
  });
};

/**
 * The organization an object id was registered for, or undefined. The only cross-tenant read a
 * request without an API key makes: it never touches a tenant's own tables.
 */
export const findObjectRoute = async (
  executor: Executor,
  route: { objectId: string; kind: string },
): Promise<string | undefined> => {
  const [found] = await executor
    .select({ organizationId: objectRoutes.organizationId })
    .from(objectRoutes)
    .where(and(eq(objectRoutes.objectId, route.objectId), eq(objectRoutes.kind, route.kind)));
  return found?.organizationId;
};

/** Drops an object's route when the object is deleted for good, so its id answers 404 again. */
export const removeObjectRoute = async (
  executor: Executor,
  route: { objectId: string; kind: string; organizationId: string },
): Promise<void> => {
  await executor
    .delete(objectRoutes)
    .where(
      and(
        eq(objectRoutes.objectId, route.objectId),
        eq(objectRoutes.kind, route.kind),
        eq(objectRoutes.organizationId, route.organizationId),
      ),
    );
};

/**
 * Claims an inbound event (a webhook delivery, a push already made) once, across every tenant:
 * true the first time `(source, eventId)` is seen, false for a repeat. Run it in the transaction of
 * the event's effect so a rollback frees the claim.
 */
export const claimInboundWebhookEvent = async (
  executor: Executor,
  event: { source: string; eventId: string },
): Promise<boolean> => {
  const claimed = await executor
    .insert(inboundWebhookEvents)
    .values({ source: event.source, eventId: event.eventId })
    .onConflictDoNothing()
    .returning({ eventId: inboundWebhookEvents.eventId });
  return claimed.length > 0;
};

/** Whether `(source, eventId)` was already claimed (a push made, a delivery processed). */
export const inboundWebhookEventClaimed = async (
  executor: Executor,
  event: { source: string; eventId: string },
): Promise<boolean> => {
  const [claimed] = await executor
    .select({ eventId: inboundWebhookEvents.eventId })
    .from(inboundWebhookEvents)
    .where(
      and(eq(inboundWebhookEvents.source, event.source), eq(inboundWebhookEvents.eventId, event.eventId)),
    );
  return claimed !== undefined;
};
