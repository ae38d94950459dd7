import { AppError, parseJsonObject, parsePathParams } from "@tally/core";
import { readSignatureHeaders, verifyEventSignature } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { HttpEnv } from "../http/env.ts";

/** Verifies the event-system signature on the raw body; 401 on any failure, 503 when no key is configured. */
const verifiedBody = async (
  c: Context<HttpEnv>,
  deps: AppDeps,
): Promise<{ raw: string; timestamp: string }> => {
  const current = deps.config.EVENTS_SIGNING_KEY;
  if (!current)
    throw new AppError("service_unavailable", "EVENTS_SIGNING_KEY is not configured on this deployment");
  const raw = await c.req.text();
  const { signature, timestamp } = readSignatureHeaders(c.req.raw.headers);
  const result = verifyEventSignature(
    { now: deps.clock.now() },
    { rawBody: raw, signature, timestamp, keys: { current, next: deps.config.EVENTS_SIGNING_KEY_NEXT } },
  );
  if (!result.ok) throw new AppError("signature_required", `Invalid event signature (${result.reason})`);
  return { raw, timestamp: timestamp as string };
};

const cronBody = z.strictObject({
  tick: z.string().min(1).max(200).optional().describe("The occurrence; defaults to the signature timestamp"),
});

const eventPathParams = z.object({ event: z.string() });
const jobPathParams = z.object({ job: z.string() });

/** `/webhooks/events/{event}` and `/webhooks/cron/{job}`: an outside scheduler's way in (ARCHITECTURE §7). */
export const mountWebhookRoutes = (api: Hono<HttpEnv>, deps: AppDeps): void => {
  api.post("/webhooks/events/:event", async (c) => {
    const { raw } = await verifiedBody(c, deps);
    const deliveryKey = c.req.header("x-delivery-id");
    const { event } = parsePathParams(eventPathParams, c.req.param());
    const { jobIds, duplicate } = await deps.events.dispatch(
      event,
      parseJsonObject(raw),
      deliveryKey ? { deliveryKey } : {},
    );
    return c.json({ accepted: true, jobId: jobIds[0] ?? null, jobIds, duplicate }, 202);
  });
  api.post("/webhooks/cron/:job", async (c) => {
    const { raw, timestamp } = await verifiedBody(c, deps);
    const parsed = cronBody.safeParse(parseJsonObject(raw));
    if (!parsed.success) throw parsed.error;
    const { job } = parsePathParams(jobPathParams, c.req.param());
    const { jobId, duplicate } = await deps.events.runCron(job, { tick: parsed.data.tick ?? timestamp });
    return c.json({ accepted: true, jobId, jobIds: jobId ? [jobId] : [], duplicate }, 202);
  });
};

const signatureHeaders = z.object({
  "X-Signature": z
    .string()
    .meta({ description: "hex HMAC-SHA256 of `<timestamp>.<raw body>` with the events signing key" }),
  "X-Signature-Timestamp": z.string().meta({ description: "Unix seconds; at most 300 s old" }),
});

const accepted = z
  .object({
    accepted: z.literal(true),
    jobIds: z
      .array(z.string())
      .describe(
        "The queued jobs: one per subscriber of the event (one for a cron run); none for a duplicate",
      ),
    jobId: z.string().nullable().describe("The first of `jobIds`, or null"),
    duplicate: z.boolean(),
  })
  .meta({ id: "WebhookAccepted" });

const webhookErrors = {
  "400": { description: "Malformed body" },
  "401": { description: "Missing or invalid signature" },
  "404": { description: "Unknown event or job" },
  "422": { description: "Payload failed validation" },
  "501": { description: "No domain subscribes to the event (or handles the cron job) yet" },
  "503": { description: "No signing key configured" },
};

export const webhookPaths: ZodOpenApiPathsObject = {
  "/webhooks/events/{event}": {
    post: {
      operationId: "webhooks-events",
      tags: ["Webhooks"],
      summary: "Deliver an asynchronous event (signed)",
      requestParams: {
        path: z.object({ event: z.string() }),
        header: signatureHeaders.extend({ "X-Delivery-Id": z.string().optional() }),
      },
      requestBody: { content: { "application/json": { schema: z.record(z.string(), z.unknown()) } } },
      responses: {
        "202": { description: "Enqueued", content: { "application/json": { schema: accepted } } },
        ...webhookErrors,
      },
    },
  },
  "/webhooks/cron/{job}": {
    post: {
      operationId: "webhooks-cron",
      tags: ["Webhooks"],
      summary: "Run a scheduled job once for a tick (signed)",
      requestParams: { path: z.object({ job: z.string() }), header: signatureHeaders },
      requestBody: { content: { "application/json": { schema: cronBody } } },
      responses: {
        "202": { description: "Enqueued", content: { "application/json": { schema: accepted } } },
        ...webhookErrors,
      },
    },
  },
};
