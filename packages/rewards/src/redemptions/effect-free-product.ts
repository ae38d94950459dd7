import { createRewardOrder } from "@tally/commerce";
import { AppError } from "@tally/core";
import { withTenant } from "@tally/db";
import type { RedemptionEffect } from "./effect.ts";

/**
 * FREE_PRODUCT: a zero-cost PAID order of the reward's product for the user (commerce's
 * `createRewardOrder`: stock respected, one order per redemption), shipped to the address the redeem request gave
 * or the user's saved one, readable at `GET /user/{id}/order/{orderId}`.
 */
export const freeProductEffect: RedemptionEffect = async ({ deps }, claim) => {
  const productId = claim.reward.details?.productId;
  if (typeof productId !== "string")
    throw new AppError(
      "invalid_state",
      "The FREE_PRODUCT reward names no product (genericRewardDetails.productId)",
    );
  const order = await withTenant(deps.database.db, claim.organizationId, (tx) =>
    createRewardOrder(
      { tx, events: deps.events, now: deps.clock.now() },
      { organizationId: claim.organizationId, userId: claim.userId },
      {
        redemptionId: claim.redemptionId,
        creatorId: claim.reward.creatorId,
        productId,
        shippingAddress: claim.shippingAddress,
      },
    ),
  );
  return { productId, orderId: order.id };
};
