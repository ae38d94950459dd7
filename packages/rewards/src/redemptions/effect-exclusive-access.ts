import type { RedemptionEffect } from "./effect.ts";

/**
 * EXCLUSIVE_ACCESS: the unlock record the integrator reads from the redemption (status object, redeemed
 * collection) to open the gated content. It is derived from the claim alone, so a retry records the same one.
 */
export const exclusiveAccessEffect: RedemptionEffect = async (_context, claim) => ({
  unlock: {
    rewardId: claim.reward.id,
    creatorId: claim.reward.creatorId,
    userId: claim.userId,
    contentDescription: claim.reward.details?.contentDescription ?? null,
    moreInfo: claim.reward.details?.moreInfo ?? null,
  },
});
