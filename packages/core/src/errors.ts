/**
 * The one closed table of error codes. Every transport (REST, tRPC, plain Hono routes, webhooks)
 * maps an AppError through this table, so a code always leaves with the same HTTP status.
 */
export const errorCodes = {
  bad_request: { status: 400, trpc: "BAD_REQUEST", message: "Malformed request" },
  invalid_json: { status: 400, trpc: "BAD_REQUEST", message: "Request body is not valid JSON" },
  json_too_complex: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "Request JSON is nested too deeply or holds too many values",
  },
  invalid_signature: { status: 400, trpc: "BAD_REQUEST", message: "Invalid signature" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED", message: "Missing or invalid API key" },
  wrong_environment: { status: 401, trpc: "UNAUTHORIZED", message: "API key belongs to another environment" },
  key_inactive: { status: 401, trpc: "UNAUTHORIZED", message: "API key is inactive" },
  signature_required: { status: 401, trpc: "UNAUTHORIZED", message: "Missing or invalid signature" },
  payment_required: { status: 402, trpc: "PAYMENT_REQUIRED", message: "Payment required" },
  forbidden: { status: 403, trpc: "FORBIDDEN", message: "Not allowed" },
  role_required: { status: 403, trpc: "FORBIDDEN", message: "This operation needs a higher role" },
  tier_required: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "This operation needs a higher subscription tier",
  },
  tier_limit_reached: { status: 403, trpc: "FORBIDDEN", message: "Subscription tier limit reached" },
  acting_user_mismatch: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "X-User-Id does not match the user in the path",
  },
  not_owner: { status: 403, trpc: "FORBIDDEN", message: "The acting user does not own this resource" },
  not_found: { status: 404, trpc: "NOT_FOUND", message: "Not found" },
  route_not_found: { status: 404, trpc: "NOT_FOUND", message: "No such route" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED", message: "Method not allowed" },
  conflict: { status: 409, trpc: "CONFLICT", message: "Conflict" },
  already_exists: { status: 409, trpc: "CONFLICT", message: "Resource already exists" },
  invalid_state: { status: 409, trpc: "CONFLICT", message: "Not allowed in the current state" },
  open_order_exists: { status: 409, trpc: "CONFLICT", message: "The user already has an open order" },
  out_of_stock: { status: 409, trpc: "CONFLICT", message: "Not enough stock" },
  insufficient_points: { status: 409, trpc: "CONFLICT", message: "Not enough points" },
  insufficient_funds: { status: 409, trpc: "CONFLICT", message: "Not enough funds" },
  wallet_required: { status: 409, trpc: "CONFLICT", message: "The user has no wallet to receive the token" },
  already_redeemed: { status: 409, trpc: "CONFLICT", message: "This reward token is already redeemed" },
  storefront_unverified: {
    status: 409,
    trpc: "CONFLICT",
    message: "The shop did not prove control of its domain to this connection",
  },
  campaign_full: { status: 409, trpc: "CONFLICT", message: "The campaign has all its participants" },
  participation_limit_reached: {
    status: 409,
    trpc: "CONFLICT",
    message: "The user has used every participation the campaign allows",
  },
  conditions_not_met: {
    status: 409,
    trpc: "CONFLICT",
    message: "The user does not meet the reward's conditions",
  },
  discount_code_unusable: {
    status: 409,
    trpc: "CONFLICT",
    message: "The discount code is expired, disabled or used up",
  },
  payment_method_unavailable: {
    status: 409,
    trpc: "CONFLICT",
    message: "This payment method is not enabled or configured for the organization",
  },
  payment_in_progress: {
    status: 409,
    trpc: "CONFLICT",
    message: "Another payment of this order is being settled",
  },
  points_exceed_amount_due: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "More points than the order's amount due needs",
  },
  payment_verification_failed: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "The payment could not be verified",
  },
  idempotency_in_progress: {
    status: 409,
    trpc: "CONFLICT",
    message: "A request with this Idempotency-Key is still being processed",
  },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE", message: "Request body too large" },
  unsupported_media_type: {
    status: 415,
    trpc: "UNSUPPORTED_MEDIA_TYPE",
    message: "Content-Type must be application/json",
  },
  validation_failed: { status: 422, trpc: "UNPROCESSABLE_CONTENT", message: "Validation failed" },
  shipping_address_required: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "A shipping address is needed: give one or save one for the user",
  },
  idempotency_key_reused: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "Idempotency-Key was already used with a different request",
  },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" },
  quota_exceeded: { status: 429, trpc: "TOO_MANY_REQUESTS", message: "Monthly API call quota exceeded" },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR", message: "Internal server error" },
  not_implemented: { status: 501, trpc: "NOT_IMPLEMENTED", message: "Not implemented yet" },
  bad_gateway: { status: 502, trpc: "BAD_GATEWAY", message: "An outside service failed" },
  service_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE", message: "Service unavailable" },
} as const satisfies Record<string, { status: number; trpc: string; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** One problem with the request: `details` is always a list of these (spec 01 "Errors"). */
export interface ErrorDetail {
  field: string;
  message: string;
}

/** Machine-readable facts about a refusal (a conflicting id, the current status, a reason). */
export type ErrorContext = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  readonly context: ErrorContext | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: {
      details?: ErrorDetail[];
      context?: ErrorContext;
      headers?: Record<string, string>;
      cause?: unknown;
    },
  ) {
    super(message ?? errorCodes[code].message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.details = options?.details;
    this.context = options?.context;
    this.headers = options?.headers;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * The spec's error body, plus a machine-readable code and the request id. `details` keeps the spec's
 * one shape (a list of `{field, message}`); anything else a client may act on goes in `context`.
 */
export interface ErrorBody {
  status: number;
  error: string;
  code: ErrorCode;
  details?: ErrorDetail[];
  context?: ErrorContext;
  requestId: string;
}

export const errorBody = (error: AppError, requestId: string): ErrorBody => ({
  status: error.status,
  error: error.message,
  code: error.code,
  ...(error.details === undefined ? {} : { details: error.details }),
  ...(error.context === undefined ? {} : { context: error.context }),
  requestId,
});

/** Maps a status number back to a generic code, for errors raised by libraries. */
export const codeForStatus = (status: number): ErrorCode => {
  const match = (Object.keys(errorCodes) as ErrorCode[]).find((code) => errorCodes[code].status === status);
  return match ?? (status >= 500 ? "internal_error" : "bad_request");
};
