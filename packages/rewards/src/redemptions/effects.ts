import type { rewardTypes } from "@tally/db";
import type { EffectDeps, RedemptionEffect } from "./effect.ts";
import { customWebhookEffect } from "./effect-custom-webhook.ts";
import { discountCodeEffect } from "./effect-discount-code.ts";
import { eventPassEffect } from "./effect-event-pass.ts";
import { exclusiveAccessEffect } from "./effect-exclusive-access.ts";
import { freeProductEffect } from "./effect-free-product.ts";
import { pointsEffect } from "./effect-points.ts";
import { passSigningKey } from "./passes.ts";

/** The effect of each reward type (spec 02 "Reward effects on redemption"). */
const effects: Record<(typeof rewardTypes)[number], RedemptionEffect> = {
  POINTS: pointsEffect,
  FREE_PRODUCT: freeProductEffect,
  DISCOUNT_CODE: discountCodeEffect,
  EVENT_PASS: eventPassEffect,
  CUSTOM_REWARD: customWebhookEffect,
  EXCLUSIVE_ACCESS: exclusiveAccessEffect,
};

/**
 * The effect of the type, checked before anything is claimed: a type this deployment cannot serve (an event pass
 * without a signing key) is refused while no points have moved.
 */
export const effectFor = (
  { deps }: { deps: Pick<EffectDeps, "config"> },
  type: (typeof rewardTypes)[number],
): RedemptionEffect => {
  if (type === "EVENT_PASS") passSigningKey(deps.config);
  return effects[type];
};
