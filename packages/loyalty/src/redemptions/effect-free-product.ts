import { AppError } from "@tally/core";
import type { RedemptionEffect } from "./effect.ts";

/** The FREE_PRODUCT redemption effect. */
export const freeProductEffect: RedemptionEffect = async () => {
  throw new AppError("not_implemented", "The FREE_PRODUCT redemption effect is not implemented yet");
};
