import { nftRedemptions, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq } from "drizzle-orm";
import type { RewardRow } from "../programmes/record.ts";
import { verifyPass } from "./read.ts";
import { recordCheckIn } from "./redemption-state.ts";
import type { PassCheckIn } from "./schemas.ts";

/**
 * Checks an EVENT_PASS pass in at the door: a valid pass is checked in once. The conditional update (no check-in
 * yet) is the invariant, so of concurrent check-ins of one pass exactly one admits; every later one answers
 * `already_checked_in` with the first check-in's time.
 */
export const checkInPass = async (
  { tx, config, now }: { tx: Tx; config: AppDeps["config"]; now: Date },
  reward: RewardRow,
  pass: string,
): Promise<PassCheckIn> => {
  const verification = await verifyPass({ tx, config }, reward, pass);
  if (!verification.valid || verification.redemptionId === null)
    return { ...verification, firstCheckIn: false };
  const redemption = { organizationId: reward.organizationId, id: verification.redemptionId };
  const checkedIn = await recordCheckIn({ tx, now }, redemption);
  if (checkedIn) return { ...verification, checkedInAt: checkedIn.checkedInAt, firstCheckIn: true };
  const [first] = await tx
    .select({ checkedInAt: nftRedemptions.checkedInAt })
    .from(nftRedemptions)
    .where(
      and(eq(nftRedemptions.organizationId, redemption.organizationId), eq(nftRedemptions.id, redemption.id)),
    );
  return {
    ...verification,
    valid: false,
    reason: "already_checked_in",
    checkedInAt: first?.checkedInAt ?? null,
    firstCheckIn: false,
  };
};
