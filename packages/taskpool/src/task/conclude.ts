import { AppError } from "@tally/core";
import { claimInboundWebhookEvent, inboundWebhookEventClaimed, withTenant } from "@tally/db";
import type { EscrowWrite, OnChainTask } from "@tally/providers";
import type { Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { escrowFailure, isRevert, unknownOutcome } from "../escrow.ts";
import { releaseTaskEscrow, settleTaskEscrow } from "../pool/record.ts";
import { findTask, type TaskRow } from "./record.ts";
import { applyTaskMove, illegalTaskMove, updateTaskWhile } from "./states.ts";

/** How long a resolution in flight (its escrow call not answered) holds off another delivery. */
const IN_FLIGHT_MS = 2 * 60 * 1000;

type ConcludeDeps = Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">;

/** A verification's verdict on a SubmittedForVerification task, from whichever method reached it. */
export interface Verdict {
  approved: boolean;
  resolutionMetadata?: Record<string, unknown> | undefined;
  /** The delivery that carried it (source, id): claimed with the record, so a replay has no second effect. */
  delivery?: { source: string; eventId: string } | undefined;
  /** An admin's resolution: the API key that gave it and its notes, recorded with the outcome. */
  admin?: { keyId: string; notes?: string | undefined } | undefined;
}

/** A verdict and the method's own call that resolves the task on chain with it. */
export interface ConcludeInput extends Verdict {
  send: (approved: boolean) => Promise<EscrowWrite>;
}

export interface Conclusion {
  task: TaskRow;
  /** The delivery had been processed before: nothing was done, the task is answered as it is now. */
  duplicate: boolean;
}

/** Where the chain left a resolved task: paid out, open again, or expired and refunded. */
type Outcome = "Settled" | "Open" | "Expired";

const outcomeOf = (onChain: OnChainTask): Outcome | undefined =>
  onChain.status === "Settled" || onChain.status === "Open" || onChain.status === "Expired"
    ? onChain.status
    : undefined;

/**
 * The end of every verification method (Oracle, Consensus, AIEval and an admin's resolution, each with
 * its own `send`).
 * Claim, call, record: (1) the locked SubmittedForVerification row takes the verdict as a resolution in
 * flight (`verifiedAt`, `verificationApproved`; a second delivery within two minutes is 409 `conflict`,
 * retryable); (2) `send` resolves it on chain; (3) the outcome the chain shows is recorded in one
 * transaction with the delivery's id: approved -> Verified -> Settled (the pool mirror's escrowed total
 * drops by the amount, now the solver's `claimable`), rejected -> Open (claim and submission cleared)
 * while the deadline is ahead on chain, else Expired with the refund to the pool mirror. An unsent call
 * or a refusal clears the claim (503 retryable, 409 naming the contract's error; the task stays
 * SubmittedForVerification); a send with an unknown outcome keeps it with the tx hash, and the next
 * delivery reads `getTask` and records what the chain did (or sends again while it is still Submitted).
 * Every outcome clears the admin review flag (`reviewRequestedAt`); an admin's verdict records its key and notes.
 */
export const concludeVerification = async (
  deps: ConcludeDeps,
  row: Pick<TaskRow, "organizationId" | "id">,
  { send, ...verdict }: ConcludeInput,
): Promise<Conclusion> => {
  const escrow = deps.providers.taskEscrow;
  const taskId = row.id as Hex;
  const claimed = await withTenant(deps.database.db, row.organizationId, async (tx) => {
    const now = deps.clock.now();
    const current = await findTask(tx, row, { lock: true });
    if (verdict.delivery && (await inboundWebhookEventClaimed(tx, verdict.delivery)))
      return { duplicate: true as const, task: current };
    if (current.status !== "SubmittedForVerification")
      throw illegalTaskMove(verdict.approved ? "approve" : "reject", current.status);
    if (current.verifiedAt !== null) {
      const fresh = now.getTime() - current.verifiedAt.getTime() < IN_FLIGHT_MS;
      if (current.resolveTxHash === null && fresh)
        throw new AppError("conflict", "A resolution of this task is already on its way; try again shortly", {
          headers: { "Retry-After": "10" },
          context: { reason: "resolution_in_flight" },
        });
      return { duplicate: false as const, task: current, reconcile: true };
    }
    const marked = await updateTaskWhile({ tx, now }, current, {
      while: ["SubmittedForVerification"],
      set: {
        verifiedAt: now,
        verificationApproved: verdict.approved,
        resolutionMetadata: verdict.resolutionMetadata ?? null,
        resolveTxHash: null,
      },
    });
    return { duplicate: false as const, task: marked ?? current, reconcile: false };
  });
  if (claimed.duplicate) return { task: claimed.task, duplicate: true };
  const started = claimed.task;

  const onChainOutcome = async (): Promise<Outcome | undefined> => outcomeOf(await escrow.getTask(taskId));
  let outcome: Outcome | undefined;
  let txHash = started.resolveTxHash as Hex | null;
  try {
    // An earlier send's outcome was unknown (or its process died): the chain says what happened.
    if (claimed.reconcile) outcome = await onChainOutcome();
    if (!outcome) {
      const write = await send(verdict.approved);
      txHash = write.txHash;
      outcome = verdict.approved ? "Settled" : await onChainOutcome().catch(() => undefined);
    }
  } catch (error) {
    if (isRevert(error, "TaskNotSubmitted")) {
      // A send of an earlier delivery (its outcome unknown) may have concluded it meanwhile.
      const concluded = await onChainOutcome().catch(() => undefined);
      if (concluded) return recordOutcome(deps, started, verdict, concluded, txHash);
    }
    const pendingHash = unknownOutcome(error);
    if (pendingHash) await keepPending(deps, started, pendingHash);
    else if (started.resolveTxHash === null)
      // Nothing of ours can be on its way: the next delivery starts afresh.
      await withTenant(deps.database.db, row.organizationId, (tx) =>
        updateTaskWhile({ tx, now: deps.clock.now() }, started, {
          while: ["SubmittedForVerification"],
          set: {
            verifiedAt: null,
            verificationApproved: null,
            resolutionMetadata: null,
            resolveTxHash: null,
          },
        }),
      );
    deps.logger.warn({ taskId, err: error }, "task verification: the escrow did not resolve it");
    throw escrowFailure(error, {
      taskId,
      status: "SubmittedForVerification",
      ...(pendingHash || started.resolveTxHash ? { resolutionPending: true } : {}),
    });
  }
  if (!outcome) {
    // Mined, but the chain's answer could not be read: the next delivery reconciles it.
    await keepPending(deps, started, txHash as Hex);
    throw new AppError("service_unavailable", "The task escrow's chain is unreachable; try again", {
      headers: { "Retry-After": "5" },
      context: { taskId, txHash, resolutionPending: true },
    });
  }
  return recordOutcome(deps, started, verdict, outcome, txHash);
};

/** A resolution sent whose outcome is unknown: kept in flight with its hash for the next delivery. */
const keepPending = (deps: ConcludeDeps, row: TaskRow, txHash: Hex) =>
  withTenant(deps.database.db, row.organizationId, (tx) =>
    updateTaskWhile({ tx, now: deps.clock.now() }, row, {
      while: ["SubmittedForVerification"],
      set: { resolveTxHash: txHash },
    }),
  );

/** What the chain did, in the mirror: one transaction with the delivery's id; a concurrent record wins once. */
const recordOutcome = (
  deps: ConcludeDeps,
  row: TaskRow,
  verdict: Verdict,
  outcome: Outcome,
  txHash: Hex | null,
): Promise<Conclusion> =>
  withTenant(deps.database.db, row.organizationId, async (tx) => {
    const now = deps.clock.now();
    const context = { tx, now };
    if (verdict.delivery) await claimInboundWebhookEvent(tx, verdict.delivery);
    // Resolved, whoever resolved it: off the admin's review list.
    const resolved = {
      reviewRequestedAt: null,
      ...(verdict.admin ? { resolvedBy: verdict.admin.keyId, adminNotes: verdict.admin.notes ?? null } : {}),
    };
    let task: TaskRow | undefined;
    if (outcome === "Settled") {
      const verified = await applyTaskMove(context, row, {
        move: "approve",
        set: { ...resolved, verificationApproved: true, verifiedAt: now, resolveTxHash: txHash },
      });
      task =
        verified && (await applyTaskMove(context, verified, { move: "settle", set: { settledAt: now } }));
      if (task) await settleTaskEscrow(context, row.organizationId, row.amountAtomic);
    } else if (outcome === "Open") {
      task = await applyTaskMove(context, row, {
        move: "reject",
        to: "Open",
        set: {
          ...resolved,
          verificationApproved: false,
          verifiedAt: null,
          resolveTxHash: null,
          claimedBy: null,
          claimExpiresAt: null,
          submissionHash: null,
          submissionMetadata: null,
          submittedAt: null,
          submitTxHash: null,
        },
      });
    } else {
      task = await applyTaskMove(context, row, {
        move: "reject",
        to: "Expired",
        set: {
          ...resolved,
          verificationApproved: false,
          verifiedAt: now,
          resolveTxHash: txHash,
          refundTxHash: txHash,
          refundedAt: now,
        },
      });
      if (task) await releaseTaskEscrow(context, row.organizationId, row.amountAtomic);
    }
    if (!task) return { task: await findTask(tx, row), duplicate: false };
    deps.logger.info({ taskId: row.id, outcome, txHash }, "task verification concluded");
    return { task, duplicate: false };
  });
