import {
  AppError,
  codeForStatus,
  type ErrorCode,
  errorBody,
  errorCodes,
  isAppError,
  zodIssueDetails,
} from "@tally/core";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";

export const validationError = (error: ZodError): AppError =>
  new AppError("validation_failed", undefined, { details: zodIssueDetails(error.issues, { whole: "body" }) });

const trpcCodeToAppCode: Partial<Record<TRPCError["code"], ErrorCode>> = {
  PARSE_ERROR: "invalid_json",
  BAD_REQUEST: "bad_request",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "method_not_allowed",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
  UNPROCESSABLE_CONTENT: "validation_failed",
  TOO_MANY_REQUESTS: "rate_limited",
  NOT_IMPLEMENTED: "not_implemented",
};

/**
 * Normalises anything thrown on a request path into an AppError: our own errors pass through,
 * input validation becomes 422 with field details, and everything unexpected becomes a 500
 * whose message reveals nothing (the cause is logged, not returned).
 */
export const toAppError = (error: unknown): AppError => {
  if (isAppError(error)) return error;
  if (error instanceof TRPCError) {
    if (isAppError(error.cause)) return error.cause;
    if (error.cause instanceof ZodError) {
      // Output validation failures are our bug, not the caller's.
      return error.code === "BAD_REQUEST"
        ? validationError(error.cause)
        : new AppError("internal_error", undefined, { cause: error });
    }
    const code = trpcCodeToAppCode[error.code];
    if (code) return new AppError(code, error.message || undefined, { cause: error });
    return new AppError(codeForStatus(getHTTPStatusCodeFromError(error)), undefined, { cause: error });
  }
  if (error instanceof ZodError) return validationError(error);
  return new AppError("internal_error", undefined, { cause: error });
};

/**
 * The body `/trpc` answers for an error raised before tRPC runs (the JSON limits on the raw body or
 * `?input=`): the envelope tRPC's own errors have, with the REST error body under `data.tally`, once
 * per call of a batch. Takes the request's path (as sent, percent-encoded) and `batch` flag, not its
 * URL: a refused URL may be megabytes long, and parsing it again would cost more than the refusal.
 */
export const trpcErrorResponse = (
  error: AppError,
  requestId: string,
  request: { pathname: string; batch: boolean },
): Response => {
  const code = errorCodes[error.code].trpc as TRPC_ERROR_CODE_KEY;
  const procedures = request.pathname.replace(/^\/trpc\/?/, "");
  let decoded = procedures;
  try {
    decoded = decodeURIComponent(procedures);
  } catch {
    // A malformed escape in the path: name the calls as sent.
  }
  const paths = decoded.split(",");
  const envelope = (path: string) => ({
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: error.status, path, tally: errorBody(error, requestId) },
    },
  });
  const body = request.batch ? paths.map(envelope) : envelope(paths[0] ?? "");
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/json" },
  });
};
