import type { Hex } from "viem";
import { TASK_ESCROW_GRACE_SECONDS, type TaskMethod, type TaskStatus } from "../src/task-escrow.ts";

/**
 * How far the model keeps from every time boundary (a deadline, a deadline + GRACE) before it predicts which
 * side of it the chain is on. The chain's clock runs ahead of the model's by the wall-clock time a run takes
 * (anvil stamps blocks with the wall clock plus the jumps); the invariant test asserts that lag stays below
 * this margin, so a prediction near a boundary is never a guess.
 */
export const CLOCK_MARGIN_SECONDS = 120n;

export interface ModelTask {
  id: Hex;
  tenant: number;
  amount: bigint;
  method: TaskMethod;
  /** Seconds on the model's clock. */
  deadline: bigint;
  status: TaskStatus;
  /** Index of the solver of the current submission. */
  solver: number | undefined;
}

/** What a TaskEscrow should hold, in the test's terms: tenants and solvers are indices into the run's actors. */
export interface EscrowModel {
  /** Seconds since the run started, moved only by the test's time jumps. */
  clock: bigint;
  pools: bigint[];
  /** Whether each tenant has a verifier set, without which its Consensus tasks are refused. */
  verified: boolean[];
  tasks: ModelTask[];
  claimable: bigint[];
  /** Minted to merchants and deposited; withdrawn from pools; paid to each solver. */
  deposited: bigint;
  withdrawn: bigint;
  paid: bigint[];
}

export const newEscrowModel = (pools: bigint[], verified: boolean[], solvers: number): EscrowModel => ({
  clock: 0n,
  pools: [...pools],
  verified,
  tasks: [],
  claimable: Array.from({ length: solvers }, () => 0n),
  deposited: pools.reduce((total, pool) => total + pool, 0n),
  withdrawn: 0n,
  paid: Array.from({ length: solvers }, () => 0n),
});

const LIVE: readonly TaskStatus[] = ["Open", "Submitted"];
export const isLive = (task: ModelTask): boolean => LIVE.includes(task.status);

/** The chain's clock is surely before `instant` (model seconds). */
export const surelyBefore = (model: EscrowModel, instant: bigint): boolean =>
  model.clock + CLOCK_MARGIN_SECONDS <= instant;
/** The chain's clock is surely at or after `instant` (model seconds). */
export const surelyFrom = (model: EscrowModel, instant: bigint): boolean =>
  model.clock >= instant + CLOCK_MARGIN_SECONDS;

export const resolutionClosesAt = (task: ModelTask): bigint => task.deadline + TASK_ESCROW_GRACE_SECONDS;

/** Tasks whose state and timing make each operation certain to succeed, or certain to be refused. */
export const tasksThat = {
  canBeSubmitted: (model: EscrowModel) =>
    model.tasks.filter((task) => task.status === "Open" && surelyBefore(model, task.deadline)),
  areOpenPastDeadline: (model: EscrowModel) =>
    model.tasks.filter((task) => task.status === "Open" && surelyFrom(model, task.deadline)),
  canBeResolved: (model: EscrowModel, method: TaskMethod) =>
    model.tasks.filter(
      (task) =>
        task.status === "Submitted" &&
        task.method === method &&
        surelyBefore(model, resolutionClosesAt(task)),
    ),
  areSubmittedPastGrace: (model: EscrowModel) =>
    model.tasks.filter((task) => task.status === "Submitted" && surelyFrom(model, resolutionClosesAt(task))),
  cannotExpireYet: (model: EscrowModel) =>
    model.tasks.filter(
      (task) =>
        (task.status === "Open" && surelyBefore(model, task.deadline)) ||
        (task.status === "Submitted" && surelyBefore(model, resolutionClosesAt(task))),
    ),
};

/** Whether a rejection now surely reopens the task (before its deadline) or surely expires it (from then on). */
export const rejectionOutcome = (model: EscrowModel, task: ModelTask): "Open" | "Expired" | undefined => {
  if (surelyBefore(model, task.deadline)) return "Open";
  if (surelyFrom(model, task.deadline)) return "Expired";
  return undefined;
};

/** The task's escrow goes back to its tenant's pool. */
export const refund = (model: EscrowModel, task: ModelTask, status: "Cancelled" | "Expired"): void => {
  task.status = status;
  task.solver = undefined;
  model.pools[task.tenant]! += task.amount;
};

export const settle = (model: EscrowModel, task: ModelTask): void => {
  task.status = "Settled";
  model.claimable[task.solver!]! += task.amount;
};

export interface ModelTotals {
  pooled: bigint;
  escrowed: bigint;
  claimable: bigint;
}

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

export const modelTotals = (model: EscrowModel): ModelTotals => ({
  pooled: sum(model.pools),
  escrowed: sum(model.tasks.filter(isLive).map((task) => task.amount)),
  claimable: sum(model.claimable),
});
