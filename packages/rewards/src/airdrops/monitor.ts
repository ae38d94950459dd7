import { airdropRecipients, airdrops, rewardMints, withTenant } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { type MintQueueContext, queueMints, receivingWallets } from "../programmes/grant.ts";
import { exhaustedMint } from "../programmes/mint-state.ts";
import type { RewardRow } from "../programmes/record.ts";
import { findReward } from "../programmes/service.ts";
import {
  claimAirdrop,
  failAirdrop,
  recordAirdropOutcome,
  recordAirdropResolved,
  startableAt,
} from "./airdrop-state.ts";
import { type AudienceMember, resolveAudience } from "./audience.ts";
import { newAirdropRecipientRow } from "./recipient-state.ts";
import type { AirdropRow } from "./service.ts";

export type AirdropDeps = Pick<AppDeps, "database" | "clock"> & { events: MintQueueContext["events"] };
type AirdropKey = { organizationId: string; id: string };

/** Recipients recorded (and mints queued) per transaction. */
const CHUNK = 500;

export interface AirdropMonitorSummary {
  started: number;
  completed: number;
  failed: number;
}

/** Ends the airdrop FAILED as a whole (its reward can no longer be minted). */
const endFailed = (deps: AirdropDeps, key: AirdropKey, error: string) =>
  withTenant(deps.database.db, key.organizationId, (tx) =>
    failAirdrop({ tx, now: deps.clock.now() }, key, error),
  );

/**
 * Records one chunk of recipients and queues their mints, in one transaction with the reward row locked (a
 * disable waits for it, and a chunk after a disable queues nothing). Users without a wallet, or failing the
 * reward's conditions, are recorded SKIPPED with the reason. False when the reward is no longer published.
 */
const recordChunk = async (deps: AirdropDeps, airdrop: AirdropRow, chunk: AudienceMember[]) => {
  const now = deps.clock.now();
  const { organizationId } = airdrop;
  return withTenant(deps.database.db, organizationId, async (tx) => {
    const reward = await findReward(tx, { organizationId, id: airdrop.rewardId }, { lock: true });
    if (reward.status !== "PUBLISHED" || !reward.proxyAddress) return false;
    const wallets = await receivingWallets(
      tx,
      organizationId,
      chunk.filter((member) => member.meetsConditions).map((member) => member.userId),
    );
    const mintIds = await queueMints({ tx, now, events: deps.events }, reward, {
      recipients: [...wallets].map(([userId, walletAddress]) => ({ userId, walletAddress })),
    });
    await tx
      .insert(airdropRecipients)
      .values(
        chunk.map(({ userId, meetsConditions }) => {
          const walletAddress = wallets.get(userId);
          const mintId = walletAddress ? mintIds.get(walletAddress) : undefined;
          return newAirdropRecipientRow(mintId ? "QUEUED" : "SKIPPED", {
            organizationId,
            airdropId: airdrop.id,
            userId,
            walletAddress: walletAddress ?? null,
            mintId: mintId ?? null,
            reason: mintId
              ? null
              : meetsConditions
                ? "wallet_required: the user has no EMBEDDED or EXTERNAL wallet"
                : "conditions_not_met: the user does not meet the reward's conditions",
            createdAt: now,
          });
        }),
      )
      .onConflictDoNothing();
    return true;
  });
};

/**
 * Takes the airdrop (PENDING -> PROCESSING, conditional, so one monitor or handler wins it), resolves its
 * audience and records the recipients in chunks, each queueing its mints (their mint runs start as each chunk
 * commits). Recording is idempotent per (airdrop, user), so a claim taken over after a crash finishes the work.
 * Once all are recorded the airdrop is settled: it completes here when its mint runs already finished (or
 * nothing was mintable); otherwise the run that settles its last mint settles it. True when this call took it.
 */
export const startAirdrop = async (deps: AirdropDeps, key: AirdropKey): Promise<boolean> => {
  const now = deps.clock.now();
  const airdrop = await withTenant(deps.database.db, key.organizationId, (tx) =>
    claimAirdrop({ tx, now }, key),
  );
  if (!airdrop) return false;
  const audience = await withTenant(deps.database.db, key.organizationId, async (tx) => {
    const reward = await findReward(tx, { organizationId: key.organizationId, id: airdrop.rewardId });
    if (reward.status !== "PUBLISHED" || !reward.proxyAddress) return reward;
    const recorded = new Set(
      (
        await tx
          .select({ userId: airdropRecipients.userId })
          .from(airdropRecipients)
          .where(
            and(
              eq(airdropRecipients.organizationId, key.organizationId),
              eq(airdropRecipients.airdropId, key.id),
            ),
          )
      ).map((row) => row.userId),
    );
    const members = await resolveAudience(tx, reward, airdrop);
    return { members, remaining: members.filter((member) => !recorded.has(member.userId)) };
  });
  if (!("members" in audience)) {
    await endFailed(deps, key, unmintable(audience));
    return true;
  }
  for (let start = 0; start < audience.remaining.length; start += CHUNK)
    if (!(await recordChunk(deps, airdrop, audience.remaining.slice(start, start + CHUNK)))) {
      await endFailed(deps, key, "The reward was disabled while its airdrop was being queued");
      return true;
    }
  await withTenant(deps.database.db, key.organizationId, (tx) =>
    recordAirdropResolved({ tx, now: deps.clock.now() }, key, audience.members.length),
  );
  await settleAirdrop(deps, airdrop);
  return true;
};

const unmintable = (reward: RewardRow) =>
  `The reward is ${reward.status}${reward.proxyAddress ? "" : " without a contract"}: nothing can be minted`;

/**
 * Counts the recipients' outcomes and ends the airdrop once none is open: COMPLETED when every mint that could
 * be made holds its token (recipients skipped for a reason, no wallet or unmet conditions, are counted in
 * `skipped`, not as failures), FAILED with the counts when a mint failed for good (ERROR with its attempts
 * exhausted). While the reward is not PUBLISHED nothing is sent, so open mints count as failed. Until then the
 * counts are updated as progress. Conditional on PROCESSING: settling twice changes nothing.
 */
export const settleAirdrop = async (
  deps: Pick<AirdropDeps, "database" | "clock">,
  airdrop: AirdropRow,
): Promise<AirdropRow["status"]> => {
  const now = deps.clock.now();
  return withTenant(deps.database.db, airdrop.organizationId, async (tx) => {
    const reward = await findReward(tx, { organizationId: airdrop.organizationId, id: airdrop.rewardId });
    const [tally] = await tx
      .select({
        skipped: sql<number>`count(*) filter (where ${airdropRecipients.status} = 'SKIPPED')`.mapWith(Number),
        minted: sql<number>`count(*) filter (where ${rewardMints.status} = 'COMPLETED')`.mapWith(Number),
        exhausted: sql<number>`count(*) filter (where ${exhaustedMint})`.mapWith(Number),
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(airdropRecipients)
      .leftJoin(
        rewardMints,
        and(
          eq(rewardMints.organizationId, airdropRecipients.organizationId),
          eq(rewardMints.id, airdropRecipients.mintId),
        ),
      )
      .where(
        and(
          eq(airdropRecipients.organizationId, airdrop.organizationId),
          eq(airdropRecipients.airdropId, airdrop.id),
        ),
      );
    const { skipped, minted, exhausted, total } = tally!;
    const open = total - skipped - minted - exhausted;
    const mintable = reward.status === "PUBLISHED";
    const failed = exhausted + (mintable ? 0 : open);
    const status = open > 0 && mintable ? "PROCESSING" : failed === 0 ? "COMPLETED" : "FAILED";
    await recordAirdropOutcome({ tx, now }, airdrop, {
      status,
      minted,
      failed,
      skipped,
      error: mintable || open === 0 ? null : `The reward is ${reward.status}: ${open} mints were not sent`,
    });
    return status;
  });
};

/**
 * Settles the PROCESSING airdrops whose recipients are all recorded, across tenants (a job, never a request
 * path): after a mint run, those of its programme (`scope.rewardId`), so the run that settles an airdrop's last
 * mint ends the airdrop. `scope.organizationId` limits it to one tenant.
 */
export const settleResolvedAirdrops = async (
  deps: Pick<AirdropDeps, "database" | "clock">,
  scope: { organizationId?: string; rewardId?: string } = {},
): Promise<Pick<AirdropMonitorSummary, "completed" | "failed">> => {
  const summary = { completed: 0, failed: 0 };
  const processing = await deps.database.db
    .select()
    .from(airdrops)
    .where(
      and(
        scope.organizationId === undefined ? undefined : eq(airdrops.organizationId, scope.organizationId),
        scope.rewardId === undefined ? undefined : eq(airdrops.rewardId, scope.rewardId),
        eq(airdrops.status, "PROCESSING"),
        isNotNull(airdrops.resolvedAt),
      ),
    );
  for (const airdrop of processing) {
    const status = await settleAirdrop(deps, airdrop);
    if (status === "COMPLETED") summary.completed += 1;
    if (status === "FAILED") summary.failed += 1;
  }
  return summary;
};

/**
 * The `airdrop-monitor` cron job (every 5 minutes), across tenants: the backstop of the `airdrop` job and of
 * the mint runs. Starts the airdrops that are due (and takes over a stale claim), then settles those whose
 * recipients are recorded. `scope.organizationId` limits the run to one tenant (tests; an operator's manual run).
 */
export const runAirdropMonitor = async (
  deps: AirdropDeps,
  scope: { organizationId?: string } = {},
): Promise<AirdropMonitorSummary> => {
  const now = deps.clock.now();
  const tenant =
    scope.organizationId === undefined ? undefined : eq(airdrops.organizationId, scope.organizationId);
  let started = 0;
  const due = await deps.database.db
    .select({ organizationId: airdrops.organizationId, id: airdrops.id })
    .from(airdrops)
    .where(and(tenant, startableAt(now)));
  for (const key of due) if (await startAirdrop(deps, key)) started += 1;
  return { started, ...(await settleResolvedAirdrops(deps, scope)) };
};
