import { AppError } from "@tally/core";
import type { RedemptionEffect } from "./effect.ts";

/** The DISCOUNT_CODE redemption effect. */
export const discountCodeEffect: RedemptionEffect = async () => {
  throw new AppError("not_implemented", "The DISCOUNT_CODE redemption effect is not implemented yet");
};
