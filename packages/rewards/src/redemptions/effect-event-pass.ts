import type { RedemptionEffect } from "./effect.ts";
import { passSigningKey, signPass } from "./passes.ts";

/**
 * EVENT_PASS: a pass signed with REWARD_PASS_SIGNING_KEY over the redemption, reward, holder and event. The holder
 * presents it; the creator checks it with `POST /nft-reward/{id}/passes/verify` and checks it in at the door, once,
 * with `POST /nft-reward/{id}/passes/consume`. The same claim signs the same pass, so a retry issues nothing new.
 */
export const eventPassEffect: RedemptionEffect = async ({ deps }, claim) => {
  const details = claim.reward.details ?? {};
  const eventName = String(details.eventName ?? "");
  const eventDate =
    details.eventDate === undefined || details.eventDate === null ? null : String(details.eventDate);
  const pass = signPass(passSigningKey(deps.config), {
    organizationId: claim.organizationId,
    redemptionId: claim.redemptionId,
    rewardId: claim.reward.id,
    userId: claim.userId,
    eventName,
    eventDate,
  });
  return { pass, eventName, eventDate, moreInfo: details.moreInfo ?? null };
};
