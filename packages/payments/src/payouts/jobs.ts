import { claimOnboardingReminderWindow, recordOnboardingReminderSent } from "@tally/commerce";
import type { Clock, Logger } from "@tally/core";
import { connectedAccounts, creatorPayouts, creators, type Database, type Tx, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { EmailPort } from "@tally/providers";
import { and, asc, eq, isNull, lte, ne, or } from "drizzle-orm";
import { promoteDuePayouts, recordPayoutTransfer } from "./payout-state.ts";
import { creatorOwnerEmails, findConnectedAccount, type PayoutProcessor } from "./service.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Onboarding left unfinished this long gets a reminder. */
export const ONBOARDING_REMINDER_AFTER_MS = 48 * HOUR_MS;
/**
 * A claim lasts this long: one reminder per creator per claim window, whichever instance runs the
 * daily job (a little under a day, so the next day's run is never skipped by a late claim).
 */
export const ONBOARDING_REMINDER_CLAIM_MS = 23 * HOUR_MS;
/** Payouts transferred per organization and sweep (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

export interface PayoutJobDeps {
  database: Database;
  clock: Clock;
  logger: Pick<Logger, "info" | "warn" | "error">;
  processor: PayoutProcessor;
}

export interface SweepSummary {
  /** PENDING payouts whose hold ended: now ELIGIBLE. */
  eligible: number;
  /** Transfers made (or found already made: same idempotency key) and recorded by this sweep. */
  transferred: number;
  /** ELIGIBLE payouts left for a later sweep: no ENABLED connected account yet. */
  waiting: number;
  /** Transfers the processor refused or that failed; retried by the next sweep. */
  failed: number;
}

/**
 * `payouts-sweep`: in every organization with due payouts, PENDING payouts past `eligibleAt` become
 * ELIGIBLE; then every ELIGIBLE payout whose creator has an ENABLED connected account is transferred
 * through the card processor with the payout id as the idempotency key, and recorded TRANSFERRED with
 * the transfer id. The processor call runs between transactions; two concurrent sweeps both asking
 * for the same payout's transfer get the same transfer from the processor (same key), and the
 * conditional ELIGIBLE -> TRANSFERRED update records it once. A `transfer.created` webhook arriving
 * first has already recorded it: the update is then a no-op.
 */
export const sweepPayouts = async (
  deps: PayoutJobDeps,
  options: { organizationId?: string | undefined } = {},
): Promise<SweepSummary> => {
  const now = deps.clock.now();
  const summary: SweepSummary = { eligible: 0, transferred: 0, waiting: 0, failed: 0 };
  // Across tenants (a job, never a request path): which organizations have work, on the platform
  // handle; the work itself runs in each organization's tenant transaction.
  const organizations = options.organizationId
    ? [options.organizationId]
    : (
        await deps.database.db
          .selectDistinct({ organizationId: creatorPayouts.organizationId })
          .from(creatorPayouts)
          .where(
            or(
              eq(creatorPayouts.status, "ELIGIBLE"),
              and(eq(creatorPayouts.status, "PENDING"), lte(creatorPayouts.eligibleAt, now)),
            ),
          )
      ).map((row) => row.organizationId);
  for (const organizationId of organizations) {
    const due = await withTenant(deps.database.db, organizationId, async (tx) => {
      const promoted = await promoteDuePayouts({ tx, now }, organizationId);
      summary.eligible += promoted.length;
      return tx
        .select({
          payout: creatorPayouts,
          destination: connectedAccounts.processorAccountId,
          accountStatus: connectedAccounts.status,
        })
        .from(creatorPayouts)
        .leftJoin(
          connectedAccounts,
          and(
            eq(connectedAccounts.organizationId, creatorPayouts.organizationId),
            eq(connectedAccounts.creatorId, creatorPayouts.creatorId),
          ),
        )
        .where(and(eq(creatorPayouts.organizationId, organizationId), eq(creatorPayouts.status, "ELIGIBLE")))
        .orderBy(asc(creatorPayouts.eligibleAt), asc(creatorPayouts.id))
        .limit(SWEEP_BATCH);
    });
    for (const { payout, destination, accountStatus } of due) {
      if (!destination || accountStatus !== "ENABLED") {
        summary.waiting += 1;
        continue;
      }
      let transferId: string;
      try {
        const transfer = await deps.processor.createTransfer(
          {
            amount: payout.amount,
            currency: payout.currency,
            destination,
            metadata: {
              organizationId,
              payoutId: payout.id,
              orderId: payout.orderId,
              creatorId: payout.creatorId,
            },
          },
          payout.id,
        );
        transferId = transfer.id;
      } catch (error) {
        summary.failed += 1;
        deps.logger.warn(
          { err: error, organizationId, payoutId: payout.id },
          "payouts-sweep: transfer failed; the next sweep retries it",
        );
        continue;
      }
      const recorded = await withTenant(deps.database.db, organizationId, (tx) =>
        recordPayoutTransfer(
          { tx, now: deps.clock.now() },
          { organizationId, id: payout.id },
          { transferId, from: ["ELIGIBLE"] },
        ),
      );
      if (recorded) summary.transferred += 1;
    }
  }
  deps.logger.info({ ...summary }, "payouts-sweep done");
  return summary;
};

/** Creators whose onboarding reminder is due: account not ENABLED, started 48 h ago, no live claim. */
const reminderDue = (now: Date) =>
  and(
    ne(connectedAccounts.status, "ENABLED"),
    lte(connectedAccounts.createdAt, new Date(now.getTime() - ONBOARDING_REMINDER_AFTER_MS)),
    or(isNull(creators.onboardingReminderClaimedUntil), lte(creators.onboardingReminderClaimedUntil, now)),
  );

/**
 * `cardproc-onboarding-reminder` (daily cron): claims every creator whose payout onboarding is
 * unfinished 48 h after it started, with a conditional update of `onboardingReminderClaimedUntil`
 * (now + 23 h): of several instances running the job, one claims a creator per window. Each claim
 * publishes the `cardproc-onboarding-reminder` event in the claiming transaction; its handler sends
 * the e-mail. Returns the number of creators claimed.
 */
export const claimOnboardingReminders = async (
  deps: Omit<PayoutJobDeps, "processor"> & { events: Pick<EventBus, "publish"> },
  options: { organizationId?: string | undefined } = {},
): Promise<number> => {
  const now = deps.clock.now();
  const organizations = options.organizationId
    ? [options.organizationId]
    : (
        await deps.database.db
          .selectDistinct({ organizationId: connectedAccounts.organizationId })
          .from(connectedAccounts)
          .innerJoin(
            creators,
            and(
              eq(creators.organizationId, connectedAccounts.organizationId),
              eq(creators.id, connectedAccounts.creatorId),
            ),
          )
          .where(reminderDue(now))
      ).map((row) => row.organizationId);
  let claimed = 0;
  for (const organizationId of organizations) {
    claimed += await withTenant(deps.database.db, organizationId, async (tx) => {
      const candidates = await tx
        .select({ creatorId: creators.id })
        .from(creators)
        .innerJoin(
          connectedAccounts,
          and(
            eq(connectedAccounts.organizationId, creators.organizationId),
            eq(connectedAccounts.creatorId, creators.id),
          ),
        )
        .where(and(eq(creators.organizationId, organizationId), reminderDue(now)));
      let count = 0;
      for (const { creatorId } of candidates) {
        const won = await claimOnboardingReminderWindow(
          { tx, now },
          { organizationId, creatorId },
          { until: new Date(now.getTime() + ONBOARDING_REMINDER_CLAIM_MS) },
        );
        if (!won) continue;
        await deps.events.publish(tx, "cardproc-onboarding-reminder", { organizationId, creatorId });
        count += 1;
      }
      return count;
    });
  }
  deps.logger.info({ claimed }, "cardproc-onboarding-reminder: reminders claimed");
  return claimed;
};

/**
 * `cardproc-onboarding-reminder` (event): e-mails the creator's owners that payout setup is
 * unfinished, once per claim (the dedupe key names the claim's window), and records
 * `onboardingReminderSentAt`. Skipped when the account became ENABLED meanwhile or the creator holds
 * no claim (an event dispatched by hand does not bypass the once-per-window rule).
 */
export const sendOnboardingReminder = async (
  deps: Omit<PayoutJobDeps, "processor"> & { email: EmailPort },
  payload: { organizationId: string; creatorId: string },
): Promise<{ sent: number }> => {
  const { organizationId, creatorId } = payload;
  const now = deps.clock.now();
  const found = await withTenant(deps.database.db, organizationId, async (tx: Tx) => {
    const [creator] = await tx
      .select()
      .from(creators)
      .where(and(eq(creators.organizationId, organizationId), eq(creators.id, creatorId)));
    if (!creator) return undefined;
    const account = await findConnectedAccount(tx, organizationId, creatorId);
    const owners = await creatorOwnerEmails(tx, organizationId, creatorId);
    return { creator, account, owners };
  });
  const claim = found?.creator.onboardingReminderClaimedUntil;
  if (!found?.account || found.account.status === "ENABLED" || !claim) {
    deps.logger.info(
      { organizationId, creatorId, status: found?.account?.status ?? null },
      "cardproc-onboarding-reminder: nothing to remind",
    );
    return { sent: 0 };
  }
  const { creator, owners } = found;
  let sent = 0;
  for (const owner of owners) {
    const result = await deps.email.send({
      to: owner.email,
      subject: `Finish setting up payouts for ${creator.displayName}`,
      text: `Hi,\n\nYou started setting up payouts for ${creator.displayName} but the payout account is not ready yet (status ${found.account.status}). Finish the onboarding so your sales can be paid out; payouts wait until then.\n`,
      template: "cardproc-onboarding-reminder",
      organizationId,
      dedupeKey: `cardproc-onboarding-reminder:${organizationId}:${creatorId}:${claim.toISOString()}:${owner.userId}`,
    });
    if (!result.deduplicated) sent += 1;
  }
  await withTenant(deps.database.db, organizationId, (tx) =>
    recordOnboardingReminderSent({ tx, now }, { organizationId, creatorId }),
  );
  return { sent };
};
