import { AppError } from "@tally/core";
import { withTenant } from "@tally/db";
import { queueRewardWebhook } from "../webhooks/deliveries.ts";
import type { RedemptionEffect } from "./effect.ts";

/**
 * CUSTOM_REWARD: the creator's webhook (customRewardDetails.webhookUrl), recorded and queued at once;
 * the `reward-webhook-delivery` job signs and POSTs it with retries. The delivery's progress is read at
 * `GET /nft-reward/{id}/webhook/deliveries`.
 */
export const customWebhookEffect: RedemptionEffect = async ({ deps }, claim) => {
  const url = claim.reward.details?.webhookUrl;
  if (typeof url !== "string" || !URL.canParse(url))
    throw new AppError(
      "invalid_state",
      "The CUSTOM_REWARD reward has no webhook URL (customRewardDetails.webhookUrl)",
    );
  const now = deps.clock.now();
  const delivery = await withTenant(deps.database.db, claim.organizationId, (tx) =>
    queueRewardWebhook(
      { tx, events: deps.events, now },
      { organizationId: claim.organizationId, rewardId: claim.reward.id },
      {
        redemptionId: claim.redemptionId,
        url,
        payload: {
          type: "nft-redeemed",
          redemptionId: claim.redemptionId,
          rewardId: claim.reward.id,
          userId: claim.userId,
          token: { chainId: claim.chainId, contract: claim.contractAddress, tokenId: claim.tokenId },
          redeemedAt: now.toISOString(),
        },
      },
    ),
  );
  return { webhook: { deliveryId: delivery.id, status: delivery.status } };
};
