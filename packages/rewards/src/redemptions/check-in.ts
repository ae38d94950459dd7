import { nftRedemptions, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq, isNull } from "drizzle-orm";
import type { RewardRow } from "../programmes/record.ts";
import { verifyPass } from "./read.ts";
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
  const redemption = and(
    eq(nftRedemptions.organizationId, reward.organizationId),
    eq(nftRedemptions.id, verification.redemptionId),
  );
  const [checkedIn] = await tx
    .update(nftRedemptions)
    .set({ checkedInAt: now, updatedAt: now })
    .where(and(redemption, eq(nftRedemptions.status, "REDEEMED"), isNull(nftRedemptions.checkedInAt)))
    .returning({ checkedInAt: nftRedemptions.checkedInAt });
  if (checkedIn) return { ...verification, checkedInAt: checkedIn.checkedInAt, firstCheckIn: true };
  const [first] = await tx
    .select({ checkedInAt: nftRedemptions.checkedInAt })
    .from(nftRedemptions)
    .where(redemption);
  return {
    ...verification,
    valid: false,
    reason: "already_checked_in",
    checkedInAt: first?.checkedInAt ?? null,
    firstCheckIn: false,
  };
};
