import { answerPage, router } from "@tally/trpc";
import { z } from "zod";
import { rewardsProcedure, withOwnedReward } from "../programmes/access.ts";
import { ensureWebhookSecret, listRewardWebhookDeliveries } from "./deliveries.ts";
import {
  rewardWebhookDeliveriesInput,
  rewardWebhookDeliverySchema,
  rewardWebhookParams,
  rewardWebhookSchema,
  SIGNATURE_SCHEME,
} from "./schemas.ts";

const tags = ["Rewards"];

export const rewardWebhooksRouter = router({
  get: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}/webhook",
        tags,
        summary: "Extension: the reward's webhook URL and the secret its redemption webhooks are signed with",
        description:
          "For CUSTOM_REWARD programmes: every redemption POSTs a JSON body to customRewardDetails.webhookUrl, signed with this secret (see signatureScheme). Creator ownership as for the reward itself.",
      },
    })
    .input(rewardWebhookParams)
    .output(rewardWebhookSchema)
    .query(({ ctx, input }) =>
      withOwnedReward(ctx, input.id, async (tx, row) => {
        const webhookUrl = row.type === "CUSTOM_REWARD" ? row.details?.webhookUrl : undefined;
        return {
          rewardId: row.id,
          webhookUrl: typeof webhookUrl === "string" ? webhookUrl : null,
          signingSecret: await ensureWebhookSecret(tx, {
            organizationId: row.organizationId,
            rewardId: row.id,
          }),
          signatureScheme: SIGNATURE_SCHEME,
        };
      }),
    ),
  deliveries: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}/webhook/deliveries",
        tags,
        summary:
          "Extension: the reward's redemption webhooks and their delivery state, newest first (X-Total-Count)",
      },
    })
    .input(rewardWebhookDeliveriesInput)
    .output(z.array(rewardWebhookDeliverySchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withOwnedReward(ctx, input.id, (tx, row) =>
          listRewardWebhookDeliveries(tx, { organizationId: row.organizationId, rewardId: row.id }, input),
        ),
      ),
    ),
});
