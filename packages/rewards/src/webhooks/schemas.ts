import { idPattern, offsetPaginationInput } from "@tally/core";
import { rewardWebhookStatuses } from "@tally/db";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

export const rewardWebhookParams = z.strictObject({ id });

export const rewardWebhookDeliveriesInput = z.strictObject({ id, ...offsetPaginationInput.shape });

export const SIGNATURE_SCHEME =
  "HMAC-SHA256 with signingSecret (as UTF-8) over '<X-Signature-Timestamp>.<raw body>', hex, in X-Signature; X-Signature-Timestamp is unix seconds";

export const rewardWebhookSchema = z
  .object({
    rewardId: z.string(),
    webhookUrl: z.string().nullable().describe("customRewardDetails.webhookUrl; null until set"),
    signingSecret: z
      .string()
      .describe("The key every webhook of this reward is signed with (made when first read or needed)"),
    signatureScheme: z.string().describe(SIGNATURE_SCHEME),
  })
  .meta({ id: "RewardWebhook" });

export const rewardWebhookDeliverySchema = z
  .object({
    id: z.string().describe("Sent as X-Delivery-Id: the same on every attempt of one delivery"),
    rewardId: z.string(),
    redemptionId: z.string(),
    url: z.string(),
    status: z
      .enum(rewardWebhookStatuses)
      .describe(
        "QUEUED (waiting for an attempt or a retry), DELIVERED (a 2xx answer), FAILED (every attempt failed; dead-lettered), REFUSED (a private, loopback or metadata address; never retried)",
      ),
    attempts: z.number().int(),
    lastResponseStatus: z.number().int().nullable().describe("HTTP status of the last answer"),
    lastError: z.string().nullable(),
    lastAttemptAt: z.date().nullable(),
    deliveredAt: z.date().nullable(),
    payload: z.record(z.string(), z.unknown()).describe("The JSON body every attempt sends"),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "RewardWebhookDelivery" });

export type RewardWebhookDelivery = z.infer<typeof rewardWebhookDeliverySchema>;
