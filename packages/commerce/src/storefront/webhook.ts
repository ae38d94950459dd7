import { AppError, type Clock, type Logger, parseJsonObject, utf8Text } from "@tally/core";
import { claimInboundWebhookEvent, type Database, storefrontShops, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import {
  parseStorefrontProduct,
  storefrontPlatformDeletedSchema,
  storefrontPlatformProductSchema,
  verifyStorefrontSignature,
} from "@tally/providers";
import { eq } from "drizzle-orm";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { type StorefrontWebhookResult, storefrontWebhookResultSchema } from "./schemas.ts";
import {
  archiveStorefrontProduct,
  findConnection,
  removeConnection,
  type StorefrontProductResult,
  upsertStorefrontProduct,
} from "./service.ts";

export const STOREFRONT_WEBHOOK_SOURCE = "storefront";
export const storefrontTopics = [
  "products/create",
  "products/update",
  "products/delete",
  "app/uninstalled",
] as const;

export interface StorefrontWebhookDeps {
  database: Database;
  events: Pick<EventBus, "publish">;
  clock: Clock;
  logger: Logger;
}

export interface StorefrontDelivery {
  rawBody: Uint8Array;
  headers: Headers;
}

/** Verified against when the shop is unknown, so both refusals cost the same. */
const UNKNOWN_SHOP_SECRET = "storefront-webhook-unknown-shop";
const MAX_EVENT_ID_LENGTH = 200;

/** Unknown shop, missing header or wrong signature: one answer, revealing nothing. */
const refused = () => new AppError("signature_required", "Missing or invalid storefront webhook signature");

const requiredHeaders = (headers: Headers): { topic: string; eventId: string } => {
  const topic = headers.get("x-storefront-topic")?.trim() ?? "";
  const eventId = headers.get("x-storefront-event-id")?.trim() ?? "";
  const details = [];
  if (!topic) details.push({ field: "X-Storefront-Topic", message: "Required header" });
  else if (topic.length > 100)
    details.push({ field: "X-Storefront-Topic", message: "At most 100 characters" });
  if (!eventId) details.push({ field: "X-Storefront-Event-Id", message: "Required header" });
  else if (eventId.length > MAX_EVENT_ID_LENGTH)
    details.push({ field: "X-Storefront-Event-Id", message: `At most ${MAX_EVENT_ID_LENGTH} characters` });
  if (details.length > 0) throw new AppError("validation_failed", undefined, { details });
  return { topic, eventId };
};

/**
 * `POST /webhooks/storefront`: the shop domain names the connection (global registry -> tenant), the
 * signature proves the platform sent it, the event id makes a redelivery a no-op. Everything after the
 * registry lookup runs in one tenant transaction, so a failure leaves no trace and the redelivery
 * is processed afresh.
 */
export const processStorefrontWebhook = async (
  deps: StorefrontWebhookDeps,
  delivery: StorefrontDelivery,
): Promise<StorefrontWebhookResult> => {
  const { rawBody, headers } = delivery;
  const shopDomain = headers.get("x-storefront-shop-domain")?.trim().toLowerCase() ?? "";
  const signature = headers.get("x-storefront-hmac-sha256");
  const [route] =
    shopDomain && shopDomain.length <= 253 && signature
      ? await deps.database.db
          .select()
          .from(storefrontShops)
          .where(eq(storefrontShops.shopDomain, shopDomain))
      : [];
  if (!route) {
    verifyStorefrontSignature(UNKNOWN_SHOP_SECRET, rawBody, signature);
    throw refused();
  }
  const { organizationId } = route;
  const result = await withTenant(deps.database.db, organizationId, async (tx) => {
    const connection = await findConnection(tx, organizationId, route.connectionId);
    if (!connection || !verifyStorefrontSignature(connection.appSecret, rawBody, signature)) throw refused();
    const { topic, eventId } = requiredHeaders(headers);
    // Event ids are scoped by shop, so one shop can never pre-empt another's deliveries.
    const claimed = await claimInboundWebhookEvent(tx, {
      source: STOREFRONT_WEBHOOK_SOURCE,
      eventId: `${shopDomain}:${eventId}`,
    });
    if (!claimed) {
      return {
        received: true as const,
        duplicate: true,
        topic,
        outcome: "duplicate" as const,
        productId: null,
      };
    }
    const body = parseJsonObject(utf8Text(rawBody));
    let outcome: StorefrontProductResult;
    switch (topic) {
      case "products/create":
      case "products/update":
        outcome = await upsertStorefrontProduct({ ...deps, tx }, connection, parseStorefrontProduct(body));
        break;
      case "products/delete":
        outcome = await archiveStorefrontProduct(
          { tx, clock: deps.clock },
          connection,
          storefrontPlatformDeletedSchema.parse(body).id,
        );
        break;
      case "app/uninstalled":
        await removeConnection(tx, connection);
        outcome = { outcome: "uninstalled", productId: null };
        break;
      default:
        // Acknowledged (a non-2xx answer only makes the platform retry and eventually disable the hook).
        outcome = { outcome: "ignored", productId: null };
    }
    return { received: true as const, duplicate: false, topic, ...outcome };
  });
  deps.logger.info(
    { organizationId, shopDomain, topic: result.topic, outcome: result.outcome, productId: result.productId },
    "storefront webhook processed",
  );
  return result;
};

/** Mounts `POST /webhooks/storefront` on the `/api/v1` app, before the REST adapter (it needs the raw body). */
export const mountStorefrontWebhook = <E extends Env>(api: Hono<E>, deps: StorefrontWebhookDeps): void => {
  api.post("/webhooks/storefront", async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const result = await processStorefrontWebhook(deps, { rawBody, headers: c.req.raw.headers });
    return c.json(result, 200);
  });
};

export const storefrontWebhookPaths: ZodOpenApiPathsObject = {
  "/webhooks/storefront": {
    post: {
      operationId: "webhooks-storefront",
      tags: ["Webhooks"],
      summary: "Storefront platform events (signed with the connection's app secret)",
      description: [
        "Called by the storefront platform, without an API key. The shop domain names the store connection;",
        "the body is verified with the connection's app secret before anything else. Topics:",
        "`products/create` and `products/update` create or update the linked product (a new one is a DRAFT",
        "unless the organization's `autoPublishProducts` is on; an update older than the stored one is",
        "ignored), `products/delete` archives it, `app/uninstalled` removes the connection. Any other topic",
        "is acknowledged with `outcome: ignored`. A redelivered event id answers `duplicate: true` and does",
        "nothing. An unknown shop and a bad signature get the same 401.",
      ].join(" "),
      requestParams: {
        header: z.object({
          "X-Storefront-Shop-Domain": z
            .string()
            .meta({ description: "The shop's hostname, e.g. my-shop.myshopify.com" }),
          "X-Storefront-Hmac-Sha256": z
            .string()
            .meta({ description: "base64 HMAC-SHA256 of the raw body with the connection's app secret" }),
          "X-Storefront-Topic": z.string().meta({
            description: `One of ${storefrontTopics.map((topic) => `\`${topic}\``).join(", ")}; others are ignored`,
          }),
          "X-Storefront-Event-Id": z.string().meta({
            description: "The platform's event id: a redelivery is acknowledged and not processed again",
          }),
        }),
      },
      requestBody: {
        content: {
          "application/json": {
            schema: z.union([
              storefrontPlatformProductSchema,
              storefrontPlatformDeletedSchema,
              z.record(z.string(), z.unknown()).meta({ description: "`app/uninstalled`: the shop object" }),
            ]),
          },
        },
      },
      responses: {
        "200": {
          description: "Processed, ignored or a duplicate",
          content: { "application/json": { schema: storefrontWebhookResultSchema } },
        },
        "400": { description: "Body is not a JSON object" },
        "401": { description: "Unknown shop, missing or invalid signature (the same answer for all three)" },
        "422": { description: "A required header is missing, or the product payload failed validation" },
      },
    },
  },
};
