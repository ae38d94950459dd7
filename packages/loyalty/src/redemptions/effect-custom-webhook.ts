import { AppError } from "@tally/core";
import type { RedemptionEffect } from "./effect.ts";

/** The CUSTOM_REWARD redemption effect. */
export const customWebhookEffect: RedemptionEffect = async () => {
  throw new AppError("not_implemented", "The CUSTOM_REWARD redemption effect is not implemented yet");
};
