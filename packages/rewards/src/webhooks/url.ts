import { AppError } from "@tally/core";
import type { AppDeps } from "@tally/trpc";

/**
 * A CUSTOM_REWARD webhook URL is refused where the creator enters it by the delivery's own check (the outbound
 * webhooks port): a loopback, private, link-local or metadata address, or `localhost`, is 422 naming the field
 * rather than a redemption whose webhook can never be delivered. A name is judged again at each delivery.
 */
export const assertWebhookUrlReachable = (
  providers: Pick<AppDeps["providers"], "outboundWebhooks">,
  input: { customRewardDetails?: { webhookUrl: string } | undefined },
): void => {
  const url = input.customRewardDetails?.webhookUrl;
  if (url === undefined) return;
  const refusal = providers.outboundWebhooks.refusal(url);
  if (refusal === null) return;
  const field = "customRewardDetails.webhookUrl";
  throw new AppError("validation_failed", `${field}: ${refusal}`, { details: [{ field, message: refusal }] });
};
