import { AppError, type Clock, type Logger, parseJsonText, parseWith, utf8Text } from "@tally/core";
import {
  claimInboundWebhookEvent,
  type Database,
  findObjectRoute,
  walletTransactions,
  withTenant,
} from "@tally/db";
import { verifyWalletProviderSignature } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { WALLET_SEND_ROUTE_KIND } from "./chain-service.ts";
import { settleWalletTransaction } from "./transaction-state.ts";

export const WALLETPROVIDER_WEBHOOK_SOURCE = "walletprovider";
/** Verifies deliveries on a test deployment without WALLETPROVIDER_WEBHOOK_SECRET; a live one requires the secret. */
export const DEV_WALLETPROVIDER_WEBHOOK_SECRET = "whsec_dGFsbHktZGV2LXdhbGxldHByb3ZpZGVyLXNlY3JldA==";

export interface WalletProviderWebhookDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** Undefined on a live deployment without the secret: every delivery is refused (503). */
  secret: string | undefined;
  chainId: number;
}

const eventSchema = z
  .object({
    chainId: z.number().int(),
    eventType: z.string().max(100),
    txHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .transform((hash) => hash.toLowerCase()),
    txId: z.string().min(1).max(200),
    walletId: z.string().min(1).max(200),
  })
  .meta({ id: "WalletProviderEvent" });

const resultSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe("This webhook-id was already processed: nothing was done"),
    eventType: z.string(),
    outcome: z
      .enum(["confirmed", "failed", "unchanged", "ignored", "duplicate"])
      .describe(
        "confirmed / failed: the recorded transaction moved from PENDING; unchanged: it had already settled; ignored: not ours, another chain, or an event type we do not act on",
      ),
    transactionId: z.string().nullable(),
  })
  .meta({ id: "WalletProviderWebhookResult" });
type WalletProviderWebhookResult = z.infer<typeof resultSchema>;

const decodeEvent = (rawBody: Uint8Array) => {
  const json = parseJsonText(utf8Text(rawBody));
  return parseWith(eventSchema, json, { message: "Not a wallet-provider transaction event" });
};

/**
 * `POST /webhooks/walletprovider`. The Standard Webhooks signature is checked on the raw body first
 * (401). The event names the recorded SEND by its `txHash`, routed to its tenant through `objectRoutes`;
 * `transaction.confirmed` moves it PENDING -> CONFIRMED, `transaction.execution_reverted` PENDING ->
 * FAILED. A reverted SEND is not re-sent on its own: re-sending a user's transfer without them could
 * pay twice (decisions.md). Deliveries are deduplicated by `webhook-id`, in the effect's transaction.
 */
export const processWalletProviderWebhook = async (
  deps: WalletProviderWebhookDeps,
  delivery: { rawBody: Uint8Array; headers: Headers },
): Promise<WalletProviderWebhookResult> => {
  if (!deps.secret)
    throw new AppError(
      "service_unavailable",
      "WALLETPROVIDER_WEBHOOK_SECRET is not configured on this deployment",
    );
  const id = delivery.headers.get("webhook-id") ?? undefined;
  const check = verifyWalletProviderSignature(
    deps.secret,
    {
      id,
      timestamp: delivery.headers.get("webhook-timestamp") ?? undefined,
      signature: delivery.headers.get("webhook-signature") ?? undefined,
    },
    delivery.rawBody,
    deps.clock.now(),
  );
  if (!check.ok)
    throw new AppError("signature_required", `Invalid wallet-provider webhook signature (${check.reason})`);
  const event = decodeEvent(delivery.rawBody);
  const base = { received: true as const, eventType: event.eventType };
  const effect =
    event.eventType === "transaction.confirmed"
      ? ("CONFIRMED" as const)
      : event.eventType === "transaction.execution_reverted"
        ? ("FAILED" as const)
        : undefined;
  const ignored = { ...base, duplicate: false, outcome: "ignored" as const, transactionId: null };
  if (!effect || event.chainId !== deps.chainId) return ignored;
  // No tenant on a webhook: the send's route names it; no tenant's rows are read before it is open.
  const organizationId = await findObjectRoute(deps.database.db, {
    objectId: event.txHash,
    kind: WALLET_SEND_ROUTE_KIND,
  });
  if (!organizationId) return ignored;
  const result = await withTenant(deps.database.db, organizationId, async (tx) => {
    const [row] = await tx
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.organizationId, organizationId),
          eq(walletTransactions.kind, "SEND"),
          eq(walletTransactions.txHash, event.txHash),
        ),
      )
      .limit(1)
      .for("update");
    if (!row) return ignored;
    const claimed = await claimInboundWebhookEvent(tx, {
      source: WALLETPROVIDER_WEBHOOK_SOURCE,
      eventId: id!,
    });
    if (!claimed) return { ...base, duplicate: true, outcome: "duplicate" as const, transactionId: row.id };
    if (row.status !== "PENDING")
      return { ...base, duplicate: false, outcome: "unchanged" as const, transactionId: row.id };
    await settleWalletTransaction({ tx, now: deps.clock.now() }, row, {
      status: effect,
      failureReason: effect === "FAILED" ? "execution_reverted" : null,
      providerTxId: row.providerTxId ?? event.txId,
    });
    return {
      ...base,
      duplicate: false,
      outcome: effect === "CONFIRMED" ? ("confirmed" as const) : ("failed" as const),
      transactionId: row.id,
    };
  });
  deps.logger.info(
    { organizationId, txHash: event.txHash, outcome: result.outcome },
    "wallet-provider webhook processed",
  );
  return result;
};

export const mountWalletProviderWebhook = <E extends Env>(
  api: Hono<E>,
  deps: WalletProviderWebhookDeps,
): void => {
  api.post("/webhooks/walletprovider", async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await processWalletProviderWebhook(deps, { rawBody, headers: c.req.raw.headers }), 200);
  });
};

export const walletProviderWebhookPaths: ZodOpenApiPathsObject = {
  "/webhooks/walletprovider": {
    post: {
      operationId: "webhooks-walletprovider",
      tags: ["Webhooks"],
      summary: "Wallet provider transaction events (signed)",
      description: [
        "Called by the wallet provider without an API key, signed with the Standard Webhooks scheme:",
        '`webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed by',
        "WALLETPROVIDER_WEBHOOK_SECRET, 300 s tolerance; a missing, stale or wrong signature is 401 `signature_required`.",
        "`transaction.confirmed` marks the recorded send (found by `txHash`) CONFIRMED,",
        "`transaction.execution_reverted` marks it FAILED; other event types, other chains and unknown transactions are",
        "acknowledged as `ignored`. A redelivery (same `webhook-id`) answers `duplicate: true`.",
      ].join(" "),
      requestParams: {
        header: z.object({
          "webhook-id": z.string(),
          "webhook-timestamp": z.string().meta({ description: "Unix seconds" }),
          "webhook-signature": z
            .string()
            .meta({ description: "v1,<base64 signature> (space-separated list)" }),
        }),
      },
      requestBody: { content: { "application/json": { schema: eventSchema } } },
      responses: {
        "200": {
          description: "Processed, ignored or a duplicate",
          content: { "application/json": { schema: resultSchema } },
        },
        "401": { description: "Missing or invalid signature (`signature_required`)" },
        "422": { description: "Not a wallet-provider transaction event" },
      },
    },
  },
};
