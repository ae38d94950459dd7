import { AppError, type Clock } from "@tally/core";
import { type Db, idempotencyKeys } from "@tally/db";
import { and, eq, lt, or } from "drizzle-orm";

const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A claim still "running" after this long belongs to a request whose process died: it may be taken over. */
const ABANDONED_CLAIM_MS = 5 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export type IdempotencyClaim = { kind: "claimed" } | { kind: "replay"; response: StoredResponse };

/** Idempotency keys live outside tenant transactions; the clock dates claims and their expiry. */
export interface IdempotencyContext {
  db: Db;
  clock: Clock;
}

/**
 * Claims an Idempotency-Key for one request. The primary key (organization, key) makes the claim
 * atomic: a concurrent duplicate finds the running claim (409), a later retry with the same body
 * gets the stored response, and the same key with another body is refused (422). Expired claims
 * (older than 24 h) and claims left running for 5 minutes (a crashed request) are taken over.
 */
export const claimIdempotencyKey = async (
  { db, clock }: IdempotencyContext,
  input: { organizationId: string; key: string; requestHash: string },
): Promise<IdempotencyClaim> => {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + RETENTION_MS);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...input, state: "running", expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.organizationId, idempotencyKeys.key],
      set: {
        requestHash: input.requestHash,
        state: "running",
        responseStatus: null,
        responseBody: null,
        responseHeaders: null,
        createdAt: now,
        expiresAt,
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, now),
        and(
          eq(idempotencyKeys.state, "running"),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_CLAIM_MS)),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: "claimed" };

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, input.organizationId), eq(idempotencyKeys.key, input.key)));
  if (!existing) return claimIdempotencyKey({ db, clock }, input);
  if (existing.requestHash !== input.requestHash) throw new AppError("idempotency_key_reused");
  if (existing.state === "running") throw new AppError("idempotency_in_progress");
  return {
    kind: "replay",
    response: {
      status: existing.responseStatus ?? 200,
      body: existing.responseBody,
      headers: existing.responseHeaders ?? {},
    },
  };
};

export const completeIdempotencyKey = async (
  db: Db,
  input: { organizationId: string; key: string; response: StoredResponse },
): Promise<void> => {
  await db
    .update(idempotencyKeys)
    .set({
      state: "done",
      responseStatus: input.response.status,
      responseBody: input.response.body,
      responseHeaders: input.response.headers,
    })
    .where(and(eq(idempotencyKeys.organizationId, input.organizationId), eq(idempotencyKeys.key, input.key)));
};

/** Frees a claim whose request should be retryable (a 5xx, a validation error, a rate limit). */
export const releaseIdempotencyKey = async (
  db: Db,
  input: { organizationId: string; key: string },
): Promise<void> => {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, input.organizationId),
        eq(idempotencyKeys.key, input.key),
        eq(idempotencyKeys.state, "running"),
      ),
    );
};

/** Deletes expired keys; run by the background sweep (`./purge.ts`). */
export const purgeExpiredIdempotencyKeys = async ({ db, clock }: IdempotencyContext): Promise<void> => {
  // Through the column, so the moment is encoded as a timestamp on both drivers.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, clock.now()));
};
