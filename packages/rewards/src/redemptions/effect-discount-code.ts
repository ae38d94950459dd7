import { createRewardDiscountCode } from "@tally/commerce";
import { AppError } from "@tally/core";
import { withTenant } from "@tally/db";
import type { RedemptionEffect } from "./effect.ts";

/**
 * DISCOUNT_CODE: a one-time PERCENT code of the reward's creator (commerce's
 * `createRewardDiscountCode`: usage limit 1, one code per redemption), applied at checkout with
 * `POST /user/{id}/order/{orderId}/discount`.
 */
export const discountCodeEffect: RedemptionEffect = async ({ deps }, claim) => {
  const percentOff = claim.reward.details?.percentOff;
  if (typeof percentOff !== "number")
    throw new AppError(
      "invalid_state",
      "The DISCOUNT_CODE reward has no percentOff (genericRewardDetails.percentOff)",
    );
  const code = await withTenant(deps.database.db, claim.organizationId, (tx) =>
    createRewardDiscountCode(
      { tx, now: deps.clock.now() },
      { organizationId: claim.organizationId, creatorId: claim.reward.creatorId },
      { redemptionId: claim.redemptionId, percentOff },
    ),
  );
  return { code: code.code, percentOff: code.value, expiresAt: code.expiresAt };
};
