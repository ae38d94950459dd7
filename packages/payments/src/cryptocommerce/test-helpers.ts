import { AppError, idSchema, parseJsonBody } from "@tally/core";
import { CHARGE_ID_PATTERN, type CryptoCommerceCharge, LocalCryptoCommerceAdapter } from "@tally/providers";
import type { AppDeps, PlainRouteEnv } from "@tally/trpc";
import type { Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/**
 * Test helpers for the local crypto-commerce adapter: they play the payer at the provider (create a
 * charge, pay it). Mounted only on a `test` deployment whose crypto-commerce adapter is the local
 * one; a live deployment, or one with a real charge API, never has them.
 */
export const cryptoCommerceTestHelpersEnabled = (deps: Pick<AppDeps, "providers">): boolean =>
  deps.providers.cryptoCommerce instanceof LocalCryptoCommerceAdapter;

const createChargeBody = z.strictObject({
  amount: z.number().int().positive().max(100_000_000).describe("The charge's price in cents (USD)"),
  orderId: idSchema.describe(
    "The order the charge is for, in the caller's organization (the charge's metadata): it pays that order only",
  ),
  expiresInSeconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .optional()
    .describe("Lifetime of the unpaid charge; default 3600"),
});

const chargeSchema = z
  .object({
    id: z.string(),
    amount: z.number().int().describe("Cents"),
    currency: z.string(),
    status: z.enum(["NEW", "PENDING", "COMPLETED", "EXPIRED"]),
    orderId: z.string().nullable().describe("The order the charge pays"),
    expiresAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "TestCryptoCommerceCharge" });

const present = ({ order, ...charge }: CryptoCommerceCharge) => ({
  ...charge,
  orderId: order?.orderId ?? null,
  expiresAt: charge.expiresAt.toISOString(),
});

const chargeIdParam = (value: string): string => {
  if (!CHARGE_ID_PATTERN.test(value)) throw new AppError("not_found", "Charge not found");
  return value;
};

/** Mounts `/test-helpers/cryptocommerce/*` on the `/api/v1` app when enabled; any valid API key may call them. */
export const mountCryptoCommerceTestHelpers = <E extends PlainRouteEnv>(
  api: Hono<E>,
  deps: AppDeps,
): void => {
  if (!cryptoCommerceTestHelpersEnabled(deps)) return;
  const adapter = deps.providers.cryptoCommerce as LocalCryptoCommerceAdapter;
  const base = "/test-helpers/cryptocommerce/charges";
  api.post(base, async (c) => {
    const { principal } = await c.var.authenticate();
    const { orderId, ...charge } = await parseJsonBody(createChargeBody, c.req, { whole: "body" });
    const order = { organizationId: principal.organizationId, orderId };
    return c.json(present(await adapter.createCharge({ ...charge, order })), 201);
  });
  api.get(`${base}/:chargeId`, async (c) => {
    await c.var.authenticate();
    const charge = await adapter.getCharge(chargeIdParam(c.req.param("chargeId")));
    if (!charge) throw new AppError("not_found", "Charge not found");
    return c.json(present(charge), 200);
  });
  api.post(`${base}/:chargeId/complete`, async (c) => {
    await c.var.authenticate();
    return c.json(present(await adapter.completeCharge(chargeIdParam(c.req.param("chargeId")))), 200);
  });
};

const tags = ["Test helpers"];
/** Unlike the other test helpers, these take any valid API key (the charges are the caller's test money). */
const security = [{ apiKey: [] }];
const errors = {
  "401": { description: "Missing or invalid API key" },
  "404": { description: "Unknown charge" },
};
const chargeResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: chargeSchema } },
});

const paths: ZodOpenApiPathsObject = {
  "/test-helpers/cryptocommerce/charges": {
    post: {
      operationId: "test-helpers-cryptocommerce-create-charge",
      tags,
      security,
      summary: "Create a local crypto-commerce charge (test deployments with the local adapter only)",
      description:
        "Plays the payer's client at the provider: the charge is for `orderId` of the caller's organization (its metadata) and pays that order only; it starts NEW and reads EXPIRED once `expiresAt` passes unpaid. Hand its `id` to `PATCH …/checkout/cryptocommerce` as `callsId`. Needs an API key (any role; 401 without one).",
      requestBody: { content: { "application/json": { schema: createChargeBody } } },
      responses: {
        "201": chargeResponse("The new charge"),
        "401": errors["401"],
        "422": { description: "Invalid body" },
      },
    },
  },
  "/test-helpers/cryptocommerce/charges/{chargeId}": {
    get: {
      operationId: "test-helpers-cryptocommerce-get-charge",
      tags,
      security,
      summary: "Read a local crypto-commerce charge",
      description: "Needs an API key (any role; 401 without one).",
      requestParams: { path: z.object({ chargeId: z.string() }) },
      responses: { "200": chargeResponse("The charge"), ...errors },
    },
  },
  "/test-helpers/cryptocommerce/charges/{chargeId}/complete": {
    post: {
      operationId: "test-helpers-cryptocommerce-complete-charge",
      tags,
      security,
      summary: "Confirm a local crypto-commerce charge as paid (NEW or PENDING -> COMPLETED)",
      description:
        "What the provider does when the payment confirms on chain. The poll job then completes the order's CryptoCommercePayment. Completing a COMPLETED charge changes nothing; an expired one answers 409 `invalid_state`. Needs an API key (any role; 401 without one).",
      requestParams: { path: z.object({ chargeId: z.string() }) },
      responses: {
        "200": chargeResponse("The completed charge"),
        ...errors,
        "409": { description: "The charge expired" },
      },
    },
  },
};

/** The helpers' OpenAPI paths when they are mounted, else none. */
export const cryptoCommerceTestHelperPaths = (deps: Pick<AppDeps, "providers">): ZodOpenApiPathsObject =>
  cryptoCommerceTestHelpersEnabled(deps) ? paths : {};
