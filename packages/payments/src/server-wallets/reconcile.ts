import { type IntervalJob, startIntervalJob } from "@tally/core";
import { walletTransactions, withTenant } from "@tally/db";
import type { ChainTransaction } from "@tally/providers";
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { WalletChainDeps } from "./chain-service.ts";
import { settleWalletTransaction } from "./transaction-state.ts";

const BATCH = 100;
/** A send the chain still does not know after this long was dropped: it will never be mined. */
export const DROPPED_AFTER_MS = 60 * 60 * 1000;
/** Sends older than this are left to a person. */
const WINDOW_MS = 7 * 24 * 3600 * 1000;

export interface ReconcileResult {
  checked: number;
  confirmed: number;
  failed: number;
}

const outcomeOf = (
  transaction: ChainTransaction,
  createdAt: Date,
  now: Date,
): { status: "CONFIRMED" | "FAILED"; reason: string | null } | undefined => {
  if (transaction.status === "success") return { status: "CONFIRMED", reason: null };
  if (transaction.status === "reverted") return { status: "FAILED", reason: "execution_reverted" };
  if (transaction.status === "not_found" && now.getTime() - createdAt.getTime() > DROPPED_AFTER_MS)
    return { status: "FAILED", reason: "dropped" };
  return undefined;
};

/**
 * Settles the SEND transactions still PENDING from the chain itself: the wallet provider's webhook is
 * the fast path, this is the one that cannot be lost (a send whose receipt took longer than the
 * request waited, a webhook never delivered). Each row moves once, by a conditional update; a node
 * that cannot be reached is skipped until the next run.
 */
export const reconcilePendingSends = async (deps: WalletChainDeps): Promise<ReconcileResult> => {
  const result: ReconcileResult = { checked: 0, confirmed: 0, failed: 0 };
  const now = deps.clock.now();
  const pending = await deps.database.db
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.status, "PENDING"),
        eq(walletTransactions.kind, "SEND"),
        isNotNull(walletTransactions.txHash),
        gt(walletTransactions.createdAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .orderBy(asc(walletTransactions.createdAt))
    .limit(BATCH);
  for (const row of pending) {
    result.checked += 1;
    const transaction = await deps.providers.chain
      .getTransaction(row.txHash as `0x${string}`)
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, transactionId: row.id }, "wallet reconcile: chain read failed");
        return undefined;
      });
    const outcome = transaction && outcomeOf(transaction, row.createdAt, now);
    if (!outcome) continue;
    const moved = await withTenant(deps.database.db, row.organizationId, (tx) =>
      settleWalletTransaction({ tx, now }, row, { status: outcome.status, failureReason: outcome.reason }),
    );
    if (!moved) continue;
    if (outcome.status === "CONFIRMED") result.confirmed += 1;
    else result.failed += 1;
  }
  return result;
};

export const startSendReconciler = (
  deps: WalletChainDeps,
  options: { intervalMs?: number } = {},
): IntervalJob =>
  startIntervalJob("wallet-send-reconcile", () => reconcilePendingSends(deps), {
    intervalMs: options.intervalMs ?? 30_000,
    logger: deps.logger,
  });
