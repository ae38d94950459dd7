import { AppError, newId } from "@tally/core";
import { taskDepositHashes, taskPoolDeposits, taskPools, withTenant } from "@tally/db";
import { getSettings } from "@tally/platform";
import type { EscrowWrite, PoolDeposit } from "@tally/providers";
import { eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { atomicToUsdc } from "../amount.ts";
import type { TaskpoolDeps } from "../deps.ts";
import {
  callEscrow,
  escrowFailure,
  isRevert,
  requiredConfirmations,
  tenantIdOf,
  unknownOutcome,
} from "../escrow.ts";
import { creditPool, type PoolRow, readPool, requirePool, takeForWithdrawal } from "./record.ts";
import type { DepositInput, DepositResult, WithdrawInput, WithdrawResult } from "./schemas.ts";
import { insertPendingWithdrawal, moveWithdrawal } from "./withdrawal-state.ts";

/** The organization's pool (`GET /tasks/pools`): 404 before `POST /tasks/pools`. */
export const getPool = async ({ database }: Pick<TaskpoolDeps, "database">, organizationId: string) => {
  const row = await withTenant(database.db, organizationId, (tx) => readPool(tx, organizationId));
  if (!row) throw new AppError("not_found", "The organization has no task pool yet: POST /tasks/pools");
  return row;
};

/**
 * `POST /tasks/pools`, idempotent: registers the organization's pool on the escrow (`registerPool`, which
 * resolves with null when it is registered already), then records it; the insert that wins publishes
 * `task-pool-deployed` in its transaction, so concurrent calls register once and announce once.
 */
export const registerTaskPool = async (deps: TaskpoolDeps, organizationId: string): Promise<PoolRow> => {
  const { database, providers, events } = deps;
  const escrow = providers.taskEscrow;
  const existing = await withTenant(database.db, organizationId, (tx) => readPool(tx, organizationId));
  if (existing) return existing;
  const tenantId = tenantIdOf(organizationId);
  const contracts = await callEscrow(() => escrow.contracts());
  const registered = await callEscrow(async () => {
    try {
      return await escrow.registerPool(tenantId);
    } catch (error) {
      // A concurrent call's registration was mined first: the pool is there, which is all this call needs.
      if (isRevert(error) && (await escrow.isPoolRegistered(tenantId))) return null;
      throw error;
    }
  });
  const now = deps.clock.now();
  return withTenant(database.db, organizationId, async (tx) => {
    const [row] = await tx
      .insert(taskPools)
      .values({
        organizationId,
        tenantId,
        escrowAddress: contracts.escrowAddress.toLowerCase(),
        chainId: escrow.chainId,
        active: true,
        registerTxHash: registered?.txHash ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await readPool(tx, organizationId))!;
    await events.publish(tx, "task-pool-deployed", { organizationId, taskPoolId: tenantId });
    deps.logger.info({ organizationId, tenantId, txHash: registered?.txHash }, "task pool registered");
    return row;
  });
};

const depositRefused = (
  reason: string,
  message: string,
  extra: Record<string, unknown> = {},
  retry = false,
) =>
  new AppError("payment_verification_failed", message, {
    context: { reason, retryable: retry, ...extra },
    ...(retry ? { headers: { "Retry-After": "5" } } : {}),
  });

/**
 * `POST /tasks/pools/deposit`: credits a deposit the merchant made on chain (the escrow's `deposit`, which
 * pulls USDC into the pool). The transaction is read first (no chain I/O inside the database transaction)
 * and must be what embedded-wallet checkout demands of a transfer: mined and successful, confirmed enough,
 * emitted by the escrow itself (the port reads only its logs), into this organization's tenantId, of
 * exactly `amountUSDC`; then its hash is claimed in the global registry (409 when any organization has
 * used it) and the mirrored balance grows, in one tenant transaction. A transaction not found or not
 * mined yet, or short of confirmations, is 422 with `retryable: true` and Retry-After.
 */
export const creditDeposit = async (
  deps: TaskpoolDeps,
  organizationId: string,
  input: DepositInput,
): Promise<DepositResult> => {
  const { database, providers } = deps;
  const escrow = providers.taskEscrow;
  const txHash = input.txHash as Hex;
  await withTenant(database.db, organizationId, (tx) => requirePool(tx, organizationId));
  const [used] = await database.db
    .select({ txHash: taskDepositHashes.txHash })
    .from(taskDepositHashes)
    .where(eq(taskDepositHashes.txHash, txHash));
  if (used) throw new AppError("already_exists", "This transaction has already been credited to a task pool");
  const transaction = await callEscrow(() => escrow.depositOf(txHash));
  switch (transaction.status) {
    case "not_found":
      throw depositRefused(
        "tx_not_found",
        "The chain does not know this transaction (yet); submit it once mined",
        {},
        true,
      );
    case "pending":
      throw depositRefused(
        "tx_pending",
        "The transaction is not mined yet; submit it once confirmed",
        {},
        true,
      );
    case "reverted":
      throw depositRefused("tx_reverted", "The transaction reverted");
  }
  const required = requiredConfirmations(escrow, deps.confirmations);
  if (transaction.confirmations < required)
    throw depositRefused(
      "insufficient_confirmations",
      "The transaction needs more confirmations; submit it again shortly",
      { confirmations: transaction.confirmations, required },
      true,
    );
  if (transaction.deposits.length === 0)
    throw depositRefused("no_deposit", "The transaction deposits nothing into the task escrow");
  const tenantId = tenantIdOf(organizationId);
  const ours = transaction.deposits.filter((deposit) => deposit.tenantId.toLowerCase() === tenantId);
  if (ours.length === 0)
    throw depositRefused("wrong_tenant", "The transaction deposits into another organization's pool");
  const deposit: PoolDeposit | undefined = ours.find((candidate) => candidate.amount === input.amountUSDC);
  if (!deposit)
    throw depositRefused("amount_mismatch", "The deposit does not equal amountUSDC", {
      submittedAtomic: input.amountUSDC.toString(),
      depositedAtomic: ours.map((candidate) => candidate.amount.toString()),
    });
  const now = deps.clock.now();
  return withTenant(database.db, organizationId, async (tx) => {
    const claimed = await tx
      .insert(taskDepositHashes)
      .values({ txHash, organizationId, createdAt: now })
      .onConflictDoNothing()
      .returning({ txHash: taskDepositHashes.txHash });
    if (claimed.length === 0)
      throw new AppError("already_exists", "This transaction has already been credited to a task pool");
    const [row] = await tx
      .insert(taskPoolDeposits)
      .values({
        organizationId,
        txHash,
        fromAddress: deposit.from.toLowerCase(),
        amountAtomic: deposit.amount,
        blockNumber: transaction.blockNumber,
        createdAt: now,
      })
      .returning();
    const pool = await creditPool({ tx, now }, organizationId, deposit.amount);
    deps.logger.info(
      { organizationId, txHash, amount: deposit.amount.toString() },
      "task pool deposit credited",
    );
    return {
      txHash,
      amountUSDC: atomicToUsdc(deposit.amount),
      amountAtomic: deposit.amount.toString(),
      fromAddress: row!.fromAddress,
      blockNumber: Number(transaction.blockNumber),
      balanceUSDC: atomicToUsdc(pool.balanceAtomic),
      createdAt: row!.createdAt,
    };
  });
};

/**
 * `POST /tasks/pools/withdraw`: pays `amountUSDC` of the unescrowed balance to the organization's receiving
 * address (settings `x402WalletAddress`; 409 `payment_method_unavailable` without one). Claim, call, record:
 * the amount is taken from the mirror by a conditional update (409 `insufficient_funds`, nothing written,
 * when short: escrowed funds are never withdrawn) with a PENDING withdrawal, then the escrow's
 * `withdrawPool` is sent; mined, the withdrawal is CONFIRMED; refused or never sent, it is FAILED and the
 * amount goes back; sent with an unknown outcome, it is SENT and the amount stays taken (503).
 */
export const withdrawFromPool = async (
  deps: TaskpoolDeps,
  organizationId: string,
  input: WithdrawInput,
): Promise<WithdrawResult> => {
  const { database, providers } = deps;
  const escrow = providers.taskEscrow;
  const amount = input.amountUSDC;
  const now = deps.clock.now();
  const { withdrawal, pool } = await withTenant(database.db, organizationId, async (tx) => {
    await requirePool(tx, organizationId);
    const settings = await getSettings(tx, organizationId);
    if (!settings.x402WalletAddress)
      throw new AppError(
        "payment_method_unavailable",
        "The organization has no receiving address (settings x402WalletAddress) to withdraw to",
      );
    const taken = await takeForWithdrawal({ tx, now }, organizationId, amount);
    const row = await insertPendingWithdrawal(
      { tx, now },
      {
        organizationId,
        id: newId(),
        amountAtomic: amount,
        toAddress: settings.x402WalletAddress.toLowerCase(),
        createdAt: now,
        updatedAt: now,
      },
    );
    return { withdrawal: row, pool: taken };
  });
  let write: EscrowWrite;
  try {
    write = await escrow.withdrawPool(pool.tenantId as Hex, withdrawal.toAddress as Address, amount);
  } catch (error) {
    const failedAt = deps.clock.now();
    const pendingHash = unknownOutcome(error);
    await withTenant(database.db, organizationId, async (tx) => {
      const context = { tx, now: failedAt };
      if (pendingHash) {
        await moveWithdrawal(context, withdrawal, {
          move: "markSent",
          set: { txHash: pendingHash, failure: "Sent, outcome unknown: the chain became unreachable" },
        });
        return;
      }
      const failed = await moveWithdrawal(context, withdrawal, {
        move: "fail",
        set: { failure: error instanceof Error ? error.message.slice(0, 500) : "failed" },
      });
      if (failed) await creditPool(context, organizationId, amount);
    });
    deps.logger.warn(
      { organizationId, withdrawalId: withdrawal.id, err: error },
      "task pool withdrawal failed",
    );
    if (isRevert(error, "InsufficientPool"))
      throw new AppError("insufficient_funds", "The escrow's pool balance does not cover the withdrawal", {
        context: { withdrawalId: withdrawal.id },
      });
    throw escrowFailure(error, { withdrawalId: withdrawal.id });
  }
  const done = deps.clock.now();
  const confirmed = await withTenant(database.db, organizationId, (tx) =>
    moveWithdrawal({ tx, now: done }, withdrawal, {
      move: "confirm",
      set: { txHash: write.txHash, blockNumber: write.blockNumber },
    }),
  );
  deps.logger.info(
    { organizationId, txHash: write.txHash, amount: amount.toString() },
    "task pool withdrawal paid",
  );
  return {
    withdrawalId: withdrawal.id,
    status: "CONFIRMED",
    amountUSDC: atomicToUsdc(amount),
    amountAtomic: amount.toString(),
    toAddress: withdrawal.toAddress,
    txHash: write.txHash,
    blockNumber: Number(write.blockNumber),
    balanceUSDC: atomicToUsdc(pool.balanceAtomic),
    createdAt: confirmed?.createdAt ?? withdrawal.createdAt,
  };
};
