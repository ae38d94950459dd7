import { createHash } from "node:crypto";
import type { Clock } from "@tally/core";
import { AppError } from "@tally/core";
import type { Db } from "@tally/db";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  sealResponseBody,
  unsealResponseBody,
} from "@tally/platform";
import type { MiddlewareHandler } from "hono";
import type { StatusCode } from "hono/utils/http-status";
import type { HttpEnv } from "./env.ts";

/**
 * Outcomes worth replaying; anything else frees the key for a retry: a 5xx, and a request the
 * operation never ran for (malformed JSON, a body too large or of the wrong type, auth, validation,
 * rate limit), which the client fixes and sends again with the same key.
 */
const isReplayable = (status: number): boolean =>
  status < 500 && ![400, 401, 413, 415, 422, 429].includes(status);
const REPLAYED_HEADERS = ["content-type", "location", "x-total-count"];

/**
 * What makes two requests "the same": method, path and body, and who sends them (the API key and the
 * acting user), so a stored response is never handed to a caller who could not have made the request.
 */
export const idempotencyRequestHash = (request: {
  method: string;
  path: string;
  keyId: string;
  actingUserId: string | undefined;
  body: string;
}): string =>
  createHash("sha256")
    .update(
      `${request.method} ${request.path}\n${request.keyId}\n${request.actingUserId ?? ""}\n${request.body}`,
    )
    .digest("hex");

const bearerValue = (authorization: string | undefined): string =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";

/**
 * `Idempotency-Key` on POST and PATCH, scoped per organization: a retry with the same body gets the
 * first response again (marked `Idempotent-Replayed: true`) for 24 hours.
 */
export const idempotency =
  (db: Db, clock: Clock): MiddlewareHandler<HttpEnv> =>
  async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined || (c.req.method !== "POST" && c.req.method !== "PATCH")) return next();
    // Keys are scoped to the API key's organization; routes reached without one (signed webhooks) have none.
    if (c.req.header("authorization") === undefined) return next();
    if (key.length === 0 || key.length > 255) {
      throw new AppError("validation_failed", undefined, {
        details: [{ field: "Idempotency-Key", message: "must be 1 to 255 characters" }],
      });
    }
    const { principal } = await c.get("authenticate")();
    const body = await c.req.text();
    const requestHash = idempotencyRequestHash({
      method: c.req.method,
      path: c.req.path,
      keyId: principal.keyId,
      actingUserId: c.req.header("x-user-id") || undefined,
      body,
    });
    const scope = { organizationId: principal.organizationId, key };
    const claim = await claimIdempotencyKey({ db, clock }, { ...scope, requestHash });
    const apiKeyValue = bearerValue(c.req.header("authorization"));
    if (claim.kind === "replay") {
      const { status, body: sealed, headers } = claim.response;
      const stored = sealed === null ? null : unsealResponseBody(sealed, apiKeyValue, key);
      if (stored === undefined) {
        throw new AppError(
          "conflict",
          "The stored response for this Idempotency-Key can only be read with the key that made it",
        );
      }
      return c.newResponse(stored, status as StatusCode, { ...headers, "Idempotent-Replayed": "true" });
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
    const responseBody =
      c.res.status === 204 ? null : sealResponseBody(await c.res.clone().text(), apiKeyValue, key);
    await completeIdempotencyKey(db, {
      ...scope,
      response: { status: c.res.status, body: responseBody, headers },
    });
  };
