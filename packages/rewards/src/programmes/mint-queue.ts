import { nftRewards, rewardMints, withTenant } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq, isNotNull, lte, or } from "drizzle-orm";
import { claimableAt } from "./mint-state.ts";
import { type MintDeps, type Programme, processMints, recordOutcomes, sameProgramme } from "./mints.ts";

/** A PROCESSING mint claimed this long ago whose outcome was never recorded: its process died mid-send. */
export const STALE_CLAIM_MS = 2 * 60_000;
/** Mints of one programme taken per run; the rest wait for the next minute. */
const PER_PROGRAMME = 2_000;
/** Gas of one new wallet in `batchMint` when a simulation cannot measure it (measured: ~71.2k). */
const FALLBACK_GAS_PER_WALLET = 75_000n;
/** A batch uses at most this share of the block gas limit. */
const BLOCK_SHARE = 2n;

type Address = `0x${string}`;

export interface MintQueueSummary {
  reconciled: number;
  batches: number;
  mints: number;
  /** Programmes skipped this run because the chain could not be read (their mints wait for the next run). */
  failed: number;
}

/**
 * How many wallets one batch may hold: the gas a simulation of `wallets` measures per wallet, kept under half
 * the block gas limit. A simulation that reverts measures nothing: the fallback per-wallet gas sizes it, and
 * each batch's own simulation records the revert.
 */
const batchSize = async (deps: MintDeps, contract: Address, wallets: Address[]): Promise<number> => {
  const chain = deps.providers.rewardChain;
  const budget = (await chain.blockGasLimit()) / BLOCK_SHARE;
  const measured = await chain.simulateMint(contract, wallets).then(
    ({ gas }) => gas / BigInt(wallets.length) + 1n,
    () => FALLBACK_GAS_PER_WALLET,
  );
  return Math.max(1, Number(budget / measured));
};

/** PROCESSING mints claimed at least `STALE_CLAIM_MS` before `now`. */
const staleClaimAt = (now: Date) =>
  and(
    eq(rewardMints.status, "PROCESSING"),
    lte(rewardMints.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
  );

/** Programmes (across tenants: a job, never a request path) whose published contract has mints to claim or to reconcile. */
const programmesWithWork = async (deps: MintDeps, now: Date, organizationId: string | undefined) => {
  const rows = await deps.database.db
    .selectDistinct({
      organizationId: rewardMints.organizationId,
      rewardId: rewardMints.rewardId,
      proxyAddress: nftRewards.proxyAddress,
    })
    .from(rewardMints)
    .innerJoin(
      nftRewards,
      and(eq(nftRewards.organizationId, rewardMints.organizationId), eq(nftRewards.id, rewardMints.rewardId)),
    )
    .where(
      and(
        organizationId === undefined ? undefined : eq(rewardMints.organizationId, organizationId),
        eq(nftRewards.status, "PUBLISHED"),
        isNotNull(nftRewards.proxyAddress),
        or(claimableAt(now), staleClaimAt(now)),
      ),
    );
  return rows.map((row): Programme => ({ ...row, proxyAddress: row.proxyAddress as Address }));
};

/**
 * PROCESSING mints whose claim is stale are settled from the chain (the token the wallet holds completes
 * it; none sends it back to PENDING): the contract mints one token per wallet, so a replayed batch is harmless
 * and the records converge on what the chain holds.
 */
const reconcileStaleMints = async (deps: MintDeps, programme: Programme, now: Date): Promise<number> => {
  const stale = await withTenant(deps.database.db, programme.organizationId, (tx) =>
    tx
      .select()
      .from(rewardMints)
      .where(and(sameProgramme(programme), staleClaimAt(now))),
  );
  if (stale.length > 0) await recordOutcomes(deps, programme, { mints: stale, txHash: null, minted: [] });
  return stale.length;
};

/**
 * The `mint-queue` cron job (every minute): per programme, reconciles stale claims, then mints what is
 * claimable (PENDING, ERROR past its backoff) in batches sized under the block gas limit. Each batch is
 * claimed, simulated, sent and recorded by `processMints`; a programme whose chain cannot be read is skipped
 * (logged, counted in `failed`) and the others still run.
 * `scope.organizationId` limits the run to one tenant (tests; an operator's manual run).
 */
export const runMintQueue = async (
  deps: MintDeps & Pick<AppDeps, "logger">,
  scope: { organizationId?: string } = {},
): Promise<MintQueueSummary> => {
  const now = deps.clock.now();
  const summary: MintQueueSummary = { reconciled: 0, batches: 0, mints: 0, failed: 0 };
  for (const programme of await programmesWithWork(deps, now, scope.organizationId)) {
    try {
      await mintProgramme(deps, programme, now, summary);
    } catch (error) {
      // A chain read that fails (RPC down, a contract this chain lacks) skips the programme, not the run.
      summary.failed += 1;
      deps.logger.warn(
        { err: error, organizationId: programme.organizationId, rewardId: programme.rewardId },
        "mint-queue skipped a programme; its mints wait for the next run",
      );
    }
  }
  return summary;
};

/**
 * The `reward-mints-queued` job: one programme's mint run as soon as its mints are queued, instead of at the
 * next minute's tick. It passes again while a pass finds mints it has not tried (those queued while it ran), so
 * a burst of grants is sent in few batches; a mint sent back to PENDING waits for the next run. A programme no
 * longer PUBLISHED with a contract mints nothing (as in the cron run).
 */
export const runProgrammeMints = async (
  deps: MintDeps,
  { organizationId, rewardId }: { organizationId: string; rewardId: string },
): Promise<MintQueueSummary> => {
  const summary: MintQueueSummary = { reconciled: 0, batches: 0, mints: 0, failed: 0 };
  const [reward] = await withTenant(deps.database.db, organizationId, (tx) =>
    tx
      .select({ proxyAddress: nftRewards.proxyAddress })
      .from(nftRewards)
      .where(
        and(
          eq(nftRewards.organizationId, organizationId),
          eq(nftRewards.id, rewardId),
          eq(nftRewards.status, "PUBLISHED"),
          isNotNull(nftRewards.proxyAddress),
        ),
      ),
  );
  if (!reward) return summary;
  const programme: Programme = { organizationId, rewardId, proxyAddress: reward.proxyAddress as Address };
  const tried = new Set<string>();
  let before: number;
  do {
    before = tried.size;
    await mintProgramme(deps, programme, deps.clock.now(), summary, tried);
  } while (tried.size > before);
  return summary;
};

/**
 * One programme's share of a run: its stale claims reconciled, then its claimable mints sent in batches. Mints in
 * `tried` are left alone (an earlier pass of the same run sent them); those sent now are added to it.
 */
const mintProgramme = async (
  deps: MintDeps,
  programme: Programme,
  now: Date,
  summary: MintQueueSummary,
  tried = new Set<string>(),
): Promise<void> => {
  summary.reconciled += await reconcileStaleMints(deps, programme, now);
  const due = (
    await withTenant(deps.database.db, programme.organizationId, (tx) =>
      tx
        .select({ id: rewardMints.id, walletAddress: rewardMints.walletAddress })
        .from(rewardMints)
        .where(and(sameProgramme(programme), claimableAt(now)))
        .orderBy(rewardMints.createdAt, rewardMints.id)
        .limit(PER_PROGRAMME),
    )
  ).filter((mint) => !tried.has(mint.id));
  for (const mint of due) tried.add(mint.id);
  if (due.length === 0) return;
  const size = await batchSize(
    deps,
    programme.proxyAddress,
    due.map((mint) => mint.walletAddress as Address),
  );
  for (let start = 0; start < due.length; start += size) {
    const batch = due.slice(start, start + size);
    await processMints(
      deps,
      programme,
      batch.map((mint) => mint.id),
    );
    summary.batches += 1;
    summary.mints += batch.length;
  }
};
