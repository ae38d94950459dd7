import { createHash } from "node:crypto";
import type { Clock } from "@tally/core";
import { AppError } from "@tally/core";
import type { Db } from "@tally/db";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "@tally/platform";
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env.ts";

/** Outcomes worth replaying; anything else (5xx, auth, validation, rate limit) frees the key for a retry. */
const isReplayable = (status: number): boolean => status < 500 && ![401, 422, 429].includes(status);
const REPLAYED_HEADERS = ["content-type", "location", "x-total-count"];

/**
 * `Idempotency-Key` on POST and PATCH, scoped per organization: a retry with the same body gets the
 * first response again (marked `Idempotent-Replayed: true`) for 24 hours.
 */
export const idempotency =
  (db: Db, clock: Clock): MiddlewareHandler<HttpEnv> =>
  async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined || (c.req.method !== "POST" && c.req.method !== "PATCH")) return next();
    if (key.length === 0 || key.length > 255) {
      throw new AppError("validation_failed", undefined, {
        details: [{ field: "Idempotency-Key", message: "must be 1 to 255 characters" }],
      });
    }
    const { principal } = await c.get("authenticate")();
    const body = await c.req.text();
    const requestHash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex");
    const scope = { organizationId: principal.organizationId, key };
    const claim = await claimIdempotencyKey(db, clock, { ...scope, requestHash });
    if (claim.kind === "replay") {
      const { status, body: stored, headers } = claim.response;
      return new Response(stored, { status, headers: { ...headers, "Idempotent-Replayed": "true" } });
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, scope);
      throw error;
    }
    if (!isReplayable(c.res.status)) {
      await releaseIdempotencyKey(db, scope);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = c.res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const responseBody = c.res.status === 204 ? null : await c.res.clone().text();
    await completeIdempotencyKey(db, {
      ...scope,
      response: { status: c.res.status, body: responseBody, headers },
    });
  };
