import { idSchema, parsePathParams } from "@tally/core";
import { clientAddressOf, takeAddressToken } from "@tally/platform";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { X402_PAYMENT_MACHINE } from "./payment-state.ts";
import {
  PAYMENT_HEADER,
  REQUIREMENTS_HEADER,
  RESPONSE_HEADER,
  requirementsBody,
  toBase64Json,
  X402_NETWORK,
} from "./protocol.ts";
import { payOrderWithX402, type X402Deps } from "./service.ts";

/** The pay endpoint has no API key: limited per client address (a stock client sends two calls per payment). */
export const X402_PAY_LIMIT = { scope: "x402-pay", ratePerSecond: 5, burst: 50 };

const PATH = "/x402/orders/:id/pay";
const payPathParams = z.object({ id: idSchema.meta({ description: "Order id" }) });

/** Mounts `POST /x402/orders/{id}/pay` on the `/api/v1` app (headers in and out, so a plain route). */
export const mountX402Routes = <E extends Env>(
  api: Hono<E>,
  deps: X402Deps & { publicBaseUrl?: string | undefined },
): void => {
  api.post(PATH, async (c) => {
    await takeAddressToken(deps.database.db, clientAddressOf(c.env), X402_PAY_LIMIT);
    const { id: orderId } = parsePathParams(payPathParams, c.req.param());
    const origin = deps.publicBaseUrl ?? new URL(c.req.url).origin;
    const outcome = await payOrderWithX402(deps, {
      orderId,
      paymentHeader: c.req.header(PAYMENT_HEADER),
      resource: `${origin}/api/v1/x402/orders/${orderId}/pay`,
    });
    switch (outcome.kind) {
      case "required": {
        const body = requirementsBody(outcome.requirements);
        c.header(REQUIREMENTS_HEADER, toBase64Json(body));
        const requestId = (c.var as { requestId?: string }).requestId ?? "unknown";
        const refusal = outcome.refusal;
        return c.json(
          {
            status: 402,
            error: refusal?.message ?? "Payment required: pay with x402 (USDC on Base) and send X-PAYMENT",
            code: "payment_required",
            ...(refusal ? { context: { reason: refusal.reason } } : {}),
            requestId,
            // x402 clients read `error` as the refusal reason and pay again from `accepts`.
            ...body,
          },
          402,
        );
      }
      case "paid": {
        const { receipt } = outcome;
        c.header(
          RESPONSE_HEADER,
          toBase64Json({
            success: true,
            transaction: receipt.payment.txHash,
            network: X402_NETWORK,
            payer: outcome.payer,
          }),
        );
        return c.json(receipt, 200);
      }
      case "pending":
        c.header("Retry-After", "5");
        return c.json({ status: "PENDING", orderId, payment: outcome.payment }, 202);
    }
  });
};

const x402PaymentSchema = z
  .object({
    id: z.number().int(),
    orderId: z.string(),
    status: z.enum(X402_PAYMENT_MACHINE.states),
    txHash: z.string().nullable().describe("The settlement transaction (lowercase), once SETTLED"),
    network: z.string(),
    asset: z.string().describe("USDC contract address"),
    amount: z.string().describe("USDC atomic units (6 decimals)"),
    payTo: z.string(),
    payer: z.string(),
    settlementData: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string().datetime(),
    settledAt: z.string().datetime().nullable(),
  })
  .meta({ id: "X402Payment" });

const requirementSchema = z
  .object({
    scheme: z.literal("exact"),
    network: z.literal("base"),
    maxAmountRequired: z.string(),
    resource: z.string(),
    description: z.string(),
    mimeType: z.string(),
    payTo: z.string(),
    maxTimeoutSeconds: z.number().int(),
    asset: z.string(),
    extra: z.object({ name: z.string(), version: z.string() }),
  })
  .meta({ id: "X402PaymentRequirement" });

const paymentRequiredSchema = z
  .object({
    status: z.literal(402),
    error: z.string(),
    code: z.literal("payment_required"),
    context: z
      .object({ reason: z.string() })
      .optional()
      .describe(
        "Why a presented payment was refused: unsupported_scheme, invalid_network, recipient_mismatch, amount_mismatch, or the facilitator's reason",
      ),
    requestId: z.string(),
    x402Version: z.literal(1),
    schemes: z.array(z.literal("exact")),
    network: z.literal("base"),
    payTo: z.string().describe("The organization's receiving address"),
    maxAmountRequired: z.string().describe("Order total in USDC atomic units (6 decimals)"),
    asset: z.string().describe("USDC contract address"),
    resource: z.string().describe("This endpoint's URL for the order"),
    accepts: z.array(requirementSchema).describe("The standard x402 v1 requirements, for stock clients"),
  })
  .meta({ id: "X402PaymentRequired" });

export const x402Paths: ZodOpenApiPathsObject = {
  "/x402/orders/{id}/pay": {
    post: {
      operationId: "x402-pay-order",
      tags: ["Checkout"],
      summary: "Pay an order with x402 (USDC on Base), no API key",
      description: [
        "Without `X-PAYMENT`: 402 with the requirements (the spec's flat fields and the standard x402 v1 `accepts`",
        "array, also base64 in `X-PAYMENT-REQUIREMENTS`). With `X-PAYMENT` (base64 JSON of an x402 v1 `exact` payment",
        "payload: an EIP-3009 TransferWithAuthorization signed by the payer): malformed -> 400; scheme, network,",
        "recipient or an amount other than the order total exactly -> 402 with `context.reason`; then the",
        "facilitator verifies it before anything is touched. Not verified: nothing changes (no X402Payment, the",
        "order's status, points, stock and card payment as they were): 409 `payment_in_progress` (`context.method`",
        "CARD, `context.reason`) while a card payment of the order is live, else 402 with the facilitator's",
        "`context.reason`, or 503 `service_unavailable` when the facilitator cannot be reached. Verified: a live",
        "card intent is cancelled, the payment is recorded VERIFIED and settled (-> SETTLED, or FAILED with a 402",
        "and the order PAYMENT_FAILED when settlement fails) and the order becomes PAID: 200 with the receipt and",
        "`X-PAYMENT-RESPONSE`. Exactly once: an authorization pays once (the same header again answers the receipt,",
        "or 202 while it settles); an already paid order answers its receipt; a facilitator that cannot be reached",
        "leaves the payment for a retry job (202, never a fresh 402); another authorization while one settles is",
        "409 `payment_in_progress`; an authorization already presented for another order is 409 `already_exists`.",
        "409 `payment_method_unavailable` when the organization has not enabled x402 or set `x402WalletAddress`,",
        "409 `invalid_state` when the order cannot be paid. Unknown order ids are 404. Rate-limited per client",
        "address (429).",
      ].join(" "),
      requestParams: {
        path: payPathParams,
        header: z.object({
          "X-PAYMENT": z.string().optional().meta({ description: "base64 JSON x402 v1 payment payload" }),
        }),
      },
      responses: {
        "200": {
          description: "Paid: the receipt (also for an order already paid by x402)",
          headers: z.object({
            "X-PAYMENT-RESPONSE": z
              .string()
              .meta({ description: "base64 JSON {success, transaction, network, payer}" }),
          }),
          content: {
            "application/json": {
              schema: z
                .object({
                  success: z.literal(true),
                  orderId: z.string(),
                  payment: x402PaymentSchema,
                  order: z
                    .object({
                      id: z.string(),
                      status: z.string(),
                      payment: z.object({
                        method: z.string().nullable(),
                        amountPaid: z.number().int().nullable().describe("Cents"),
                        paidAt: z.string().datetime().nullable(),
                      }),
                    })
                    .describe("The order's payment state only: the route has no API key, so no buyer data"),
                })
                .meta({ id: "X402Receipt" }),
            },
          },
        },
        "202": {
          description: "The payment is being settled (or waits for the retry job); ask again later",
          content: {
            "application/json": {
              schema: z.object({
                status: z.literal("PENDING"),
                orderId: z.string(),
                payment: x402PaymentSchema,
              }),
            },
          },
        },
        "402": {
          description: "Payment required, or the presented payment was refused",
          headers: z.object({
            "X-PAYMENT-REQUIREMENTS": z
              .string()
              .meta({ description: "base64 JSON of the body's requirements" }),
          }),
          content: { "application/json": { schema: paymentRequiredSchema } },
        },
        "400": { description: "X-PAYMENT is not base64 JSON of an x402 v1 payment payload" },
        "422": { description: "The order id is not an id (lowercase letters and digits)" },
        "404": { description: "Unknown order" },
        "409": {
          description:
            "payment_in_progress (another x402 payment settles, or a card payment is live and this one is not verified), already_exists (authorization used), payment_method_unavailable, invalid_state",
        },
        "503": { description: "The facilitator cannot be reached to verify the payment; nothing changed" },
        "429": { description: "Too many requests from this address" },
      },
    },
  },
};
