import { setOrderPaymentPending } from "@tally/commerce";
import { AppError, type Logger } from "@tally/core";
import { cardPaymentIntents, claimInboundWebhookEvent, type Database, type Tx, withTenant } from "@tally/db";
import { CARDPROC_SIGNATURE_HEADER, type CardProcessorEvent } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { applyAccountUpdated, applyTransferCreated } from "../payouts/service.ts";
import { markOrderPaid, markOrderPaymentFailed, type SettlementDeps } from "../settlement/service.ts";
import { recordIntentEvent } from "./intent-state.ts";
import type { CardDeps } from "./service.ts";

export const CARDPROC_WEBHOOK_SOURCE = "cardproc";

export type CardWebhookDeps = SettlementDeps &
  CardDeps & {
    database: Database;
    logger: Logger;
  };

/** The five endpoints and the processor event each one takes. */
export const cardprocEndpoints = {
  "payment-intent/succeeded": "payment_intent.succeeded",
  "payment-intent/processing": "payment_intent.processing",
  "payment-intent/payment-failed": "payment_intent.payment_failed",
  "account/updated": "account.updated",
  "transfer/created": "transfer.created",
} as const;
export type CardprocEndpoint = keyof typeof cardprocEndpoints;

export const cardWebhookResultSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe("The event id was already processed: nothing was done"),
    type: z.string(),
    outcome: z
      .string()
      .describe(
        "paid, already_paid, payment_exception (the payment is not the order's amount due in USD, or its points can no longer be spent: the order stays unpaid and the payment is listed at GET /admin/payment-exceptions), pending, failed, not_failed, account_updated, transferred, ignored (unknown object or another endpoint's event type), duplicate",
      ),
    orderId: z.string().nullable(),
  })
  .meta({ id: "CardprocWebhookResult" });
export type CardWebhookResult = z.infer<typeof cardWebhookResultSchema>;

const succeededOutcomes = {
  paid: "paid",
  already_paid: "already_paid",
  refused: "payment_exception",
} as const;

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= 200 ? value : undefined;
const metadataOf = (object: Record<string, unknown>): Record<string, unknown> =>
  object.metadata && typeof object.metadata === "object" ? (object.metadata as Record<string, unknown>) : {};

/** Records the event id; false when it was already processed (global dedupe, in the effect's transaction). */
const claimEvent = (tx: Tx, eventId: string): Promise<boolean> =>
  claimInboundWebhookEvent(tx, { source: CARDPROC_WEBHOOK_SOURCE, eventId });

/** What a webhook did in its transaction, and a failed intent to cancel at the processor once it committed. */
type WebhookEffect = Omit<CardWebhookResult, "received" | "type"> & { cancelAfterCommit?: string };

const intentEffect = async (
  tx: Tx,
  deps: CardWebhookDeps,
  organizationId: string,
  event: CardProcessorEvent,
  endpoint: "payment-intent/succeeded" | "payment-intent/processing" | "payment-intent/payment-failed",
): Promise<WebhookEffect> => {
  const object = event.data.object;
  const intentId = str(object.id);
  const [row] = intentId
    ? await tx
        .select()
        .from(cardPaymentIntents)
        .where(
          and(
            eq(cardPaymentIntents.organizationId, organizationId),
            eq(cardPaymentIntents.processorIntentId, intentId),
          ),
        )
    : [];
  // Unknown to this tenant: acknowledged, and the event id is left unclaimed.
  if (!row) return { duplicate: false, outcome: "ignored", orderId: null };
  if (!(await claimEvent(tx, event.id)))
    return { duplicate: true, outcome: "duplicate", orderId: row.orderId };
  const now = deps.clock.now();
  const ref = { organizationId, orderId: row.orderId };
  switch (endpoint) {
    case "payment-intent/succeeded": {
      await recordIntentEvent({ tx, now }, row, "succeed");
      // The event names what was charged; it pays the order only if it is this intent's amount and
      // currency and the order's amount due (`markOrderPaid` checks the latter and records a refusal).
      const { outcome } = await markOrderPaid(
        { ...deps, tx, now },
        {
          ...ref,
          method: "CARD",
          amountPaid:
            typeof object.amount === "number" && Number.isSafeInteger(object.amount) ? object.amount : 0,
          intendedAmount: row.amount,
          currency: typeof object.currency === "string" ? object.currency.toLowerCase() : "unknown",
          reference: row.processorIntentId,
        },
      );
      return { duplicate: false, outcome: succeededOutcomes[outcome], orderId: row.orderId };
    }
    case "payment-intent/processing": {
      await recordIntentEvent({ tx, now }, row, "process");
      // ARCHITECTURE §9: the order stays (or becomes) PAYMENT_PENDING; a paid or failed order is left alone.
      await setOrderPaymentPending({ tx, now }, { organizationId, orderId: row.orderId }, { from: ["OPEN"] });
      return { duplicate: false, outcome: "pending", orderId: row.orderId };
    }
    case "payment-intent/payment-failed": {
      const moved = await recordIntentEvent({ tx, now }, row, "fail");
      // Out of order (failed after succeeded): only PAYMENT_PENDING moves, a PAID order stays PAID.
      const { changed } = await markOrderPaymentFailed({ ...deps, tx }, ref);
      return {
        duplicate: false,
        outcome: changed ? "failed" : "not_failed",
        orderId: row.orderId,
        // The processor keeps a failed intent payable; the order's next checkout gets a new one.
        ...(moved ? { cancelAfterCommit: row.processorIntentId } : {}),
      };
    }
  }
};

/**
 * A card-processor webhook: the signature is verified on the raw body first (400
 * `invalid_signature`), the tenant is read from `metadata.organizationId` and verified against our
 * records (card intents, connected accounts, payouts), the event id is claimed in the same
 * transaction as the effect (a redelivery is a no-op; a failure leaves no claim, so the processor's
 * retry is processed afresh).
 */
export const processCardprocWebhook = async (
  deps: CardWebhookDeps,
  endpoint: CardprocEndpoint,
  delivery: { rawBody: Uint8Array; signature: string | undefined },
): Promise<CardWebhookResult> => {
  let event: CardProcessorEvent;
  try {
    event = deps.providers.cardProcessor.constructEvent(delivery.rawBody, delivery.signature);
  } catch {
    throw new AppError("invalid_signature", "Missing or invalid Cardproc-Signature");
  }
  const object = event.data?.object;
  const organizationId = object ? str(metadataOf(object).organizationId) : undefined;
  const base = { received: true as const, type: String(event.type) };
  if (!object || !organizationId || event.type !== cardprocEndpoints[endpoint] || !str(event.id)) {
    deps.logger.info({ eventId: event.id, type: event.type, endpoint }, "cardproc webhook ignored");
    return { ...base, duplicate: false, outcome: "ignored", orderId: null };
  }
  const { cancelAfterCommit, ...result } = await withTenant<WebhookEffect>(
    deps.database.db,
    organizationId,
    async (tx) => {
      switch (endpoint) {
        case "payment-intent/succeeded":
        case "payment-intent/processing":
        case "payment-intent/payment-failed":
          return intentEffect(tx, deps, organizationId, event, endpoint);
        case "account/updated": {
          const accountId = str(object.id);
          if (!accountId) return { duplicate: false, outcome: "ignored", orderId: null };
          if (!(await claimEvent(tx, event.id)))
            return { duplicate: true, outcome: "duplicate", orderId: null };
          const updated = await applyAccountUpdated(
            { tx, now: deps.clock.now() },
            {
              organizationId,
              accountId,
              detailsSubmitted: object.details_submitted === true,
              chargesEnabled: object.charges_enabled === true,
              payoutsEnabled: object.payouts_enabled === true,
            },
          );
          if (!updated) throw new AppError("not_found", "Unknown connected account");
          return { duplicate: false, outcome: "account_updated", orderId: null };
        }
        case "transfer/created": {
          const transferId = str(object.id);
          const payoutId = str(metadataOf(object).payoutId);
          if (!transferId || !payoutId) return { duplicate: false, outcome: "ignored", orderId: null };
          if (!(await claimEvent(tx, event.id)))
            return { duplicate: true, outcome: "duplicate", orderId: null };
          const payout = await applyTransferCreated(
            { tx, now: deps.clock.now() },
            { organizationId, transferId, payoutId },
          );
          if (!payout) throw new AppError("not_found", "Unknown payout");
          return { duplicate: false, outcome: "transferred", orderId: payout.orderId };
        }
      }
    },
  ).catch((error: unknown): WebhookEffect => {
    // An unknown account or payout: acknowledged (a non-2xx only makes the processor retry), nothing claimed.
    if (error instanceof AppError && error.code === "not_found")
      return { duplicate: false, outcome: "ignored", orderId: null };
    throw error;
  });
  if (cancelAfterCommit)
    await deps.providers.cardProcessor
      .cancelPaymentIntent(cancelAfterCommit)
      .catch((error: unknown) =>
        deps.logger.warn(
          { organizationId, orderId: result.orderId, err: error },
          "could not cancel a failed card intent",
        ),
      );
  deps.logger.info(
    { organizationId, eventId: event.id, type: event.type, outcome: result.outcome, orderId: result.orderId },
    "cardproc webhook processed",
  );
  return { ...base, ...result };
};

/** Mounts the five `POST /webhooks/cardproc/...` routes on the `/api/v1` app (raw body, before the REST adapter). */
export const mountCardprocWebhooks = <E extends Env>(api: Hono<E>, deps: CardWebhookDeps): void => {
  for (const endpoint of Object.keys(cardprocEndpoints) as CardprocEndpoint[]) {
    api.post(`/webhooks/cardproc/${endpoint}`, async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const result = await processCardprocWebhook(deps, endpoint, {
        rawBody,
        signature: c.req.header(CARDPROC_SIGNATURE_HEADER) ?? undefined,
      });
      return c.json(result, 200);
    });
  }
};

const eventSchema = z
  .object({
    id: z.string().describe("Event id: a redelivery is acknowledged and not processed again"),
    type: z.string(),
    created: z.number().int(),
    data: z.object({
      object: z
        .record(z.string(), z.unknown())
        .describe("The intent, account or transfer; `metadata.organizationId` names the tenant"),
    }),
  })
  .meta({ id: "CardprocEvent" });

const summaries: Record<CardprocEndpoint, string> = {
  "payment-intent/succeeded":
    "payment_intent.succeeded: the order becomes PAID once (stock committed, points finalized, payout created, confirmations); a late event never changes a paid order",
  "payment-intent/processing":
    "payment_intent.processing: the order stays (or becomes) PAYMENT_PENDING until the processor sends succeeded or payment_failed",
  "payment-intent/payment-failed":
    "payment_intent.payment_failed: PAYMENT_PENDING -> PAYMENT_FAILED, points reverted, stock released; a PAID order stays PAID",
  "account/updated": "account.updated: the creator's connected account flags and status",
  "transfer/created": "transfer.created: the payout named by `metadata.payoutId` becomes TRANSFERRED",
};

export const cardprocWebhookPaths: ZodOpenApiPathsObject = Object.fromEntries(
  (Object.keys(cardprocEndpoints) as CardprocEndpoint[]).map((endpoint) => [
    `/webhooks/cardproc/${endpoint}`,
    {
      post: {
        operationId: `webhooks-cardproc-${endpoint.replace("/", "-")}`,
        tags: ["Webhooks"],
        summary: `Card processor ${cardprocEndpoints[endpoint]} (signed)`,
        description: [
          summaries[endpoint],
          "Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex",
          "HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw",
          "body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`,",
          "checked against the service's own records; an unknown object or another endpoint's event type is",
          "acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.",
        ].join(" "),
        requestParams: {
          header: z.object({
            "Cardproc-Signature": z
              .string()
              .meta({ description: "t=…,v1=… (the processor's signature scheme)" }),
          }),
        },
        requestBody: { content: { "application/json": { schema: eventSchema } } },
        responses: {
          "200": {
            description: "Processed, ignored or a duplicate",
            content: { "application/json": { schema: cardWebhookResultSchema } },
          },
          "400": { description: "Missing or invalid signature (`invalid_signature`)" },
        },
      },
    },
  ]),
);
