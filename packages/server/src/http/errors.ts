import { AppError, codeForStatus, errorBody } from "@tally/core";
import { toAppError } from "@tally/trpc";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { HttpEnv } from "./env.ts";

/** The one place an error becomes an HTTP response: `{status, error, code, details?, context?, requestId}`. */
export const renderError = (error: unknown, c: Context<HttpEnv>): Response => {
  const appError =
    error instanceof HTTPException && !(error.cause instanceof AppError)
      ? new AppError(codeForStatus(error.status), error.status < 500 ? error.message || undefined : undefined)
      : toAppError(error instanceof HTTPException ? error.cause : error);
  const requestId = c.get("requestId") ?? "unknown";
  const logger = c.get("logger");
  // A spec endpoint not built yet (501) is an answer, not a fault of this process.
  if (appError.status >= 500 && appError.code !== "not_implemented")
    logger?.error({ err: error }, "request failed");
  else logger?.debug({ code: appError.code }, "request refused");
  for (const [name, value] of Object.entries(appError.headers ?? {})) c.header(name, value);
  return c.json(errorBody(appError, requestId), appError.status as 400);
};
