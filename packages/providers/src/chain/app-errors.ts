import { AppError } from "@tally/core";
import { ChainError } from "./port.ts";

/**
 * Runs a chain call for a request: an unreachable node is a 503 with Retry-After (never a verdict
 * about the payment or the wallet); any other error passes through for the caller to judge.
 */
export const callChain = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ChainError && error.reason === "unavailable")
      throw new AppError("service_unavailable", "The chain node is unreachable; try again", {
        headers: { "Retry-After": "5" },
      });
    throw error;
  }
};
