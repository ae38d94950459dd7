import type { ShippingAddress } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import type { RewardRow } from "../programmes/record.ts";

export type EffectDeps = Pick<AppDeps, "database" | "providers" | "clock" | "events" | "config" | "logger">;

/**
 * A redemption that has been claimed (its row exists, unique per token): what an effect needs to act. Effects run
 * after the claim's transaction commits, and each is idempotent per `redemptionId`, so a retried redemption
 * finds the effect it already produced instead of producing a second one.
 */
export interface RedemptionClaim {
  organizationId: string;
  redemptionId: string;
  userId: string;
  reward: RewardRow;
  chainId: number;
  contractAddress: `0x${string}`;
  tokenId: string;
  /** FREE_PRODUCT: where the redeem request asked the order shipped (the user's saved address when absent). */
  shippingAddress?: ShippingAddress | undefined;
}

/** What the effect produced, shown as the redemption status object's `rewardDetails`. */
export type RewardDetails = Record<string, unknown>;

export type RedemptionEffect = (
  context: { deps: EffectDeps },
  claim: RedemptionClaim,
) => Promise<RewardDetails>;
