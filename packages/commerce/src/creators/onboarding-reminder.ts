import { creators, type Tx } from "@tally/db";
import { and, eq, isNull, lt, lte, or } from "drizzle-orm";

export interface CreatorRef {
  organizationId: string;
  creatorId: string;
}

/**
 * Takes the creator's payout-onboarding reminder window until `until`, unless another instance
 * holds an unexpired claim: true for the one claimant (a conditional update).
 */
export const claimOnboardingReminderWindow = async (
  { tx, now }: { tx: Tx; now: Date },
  ref: CreatorRef,
  window: { until: Date },
): Promise<boolean> => {
  const [won] = await tx
    .update(creators)
    .set({ onboardingReminderClaimedUntil: window.until })
    .where(
      and(
        eq(creators.organizationId, ref.organizationId),
        eq(creators.id, ref.creatorId),
        or(
          isNull(creators.onboardingReminderClaimedUntil),
          lte(creators.onboardingReminderClaimedUntil, now),
        ),
      ),
    )
    .returning({ id: creators.id });
  return won !== undefined;
};

/** Records when the reminder went out; never moves the time back. */
export const recordOnboardingReminderSent = async (
  { tx, now }: { tx: Tx; now: Date },
  ref: CreatorRef,
): Promise<void> => {
  await tx
    .update(creators)
    .set({ onboardingReminderSentAt: now })
    .where(
      and(
        eq(creators.organizationId, ref.organizationId),
        eq(creators.id, ref.creatorId),
        or(isNull(creators.onboardingReminderSentAt), lt(creators.onboardingReminderSentAt, now)),
      ),
    );
};
