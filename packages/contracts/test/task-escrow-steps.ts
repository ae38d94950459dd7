import fc from "fast-check";
import type { Address, Hex, LocalAccount } from "viem";
import type { TaskMethod } from "../src/task-escrow.ts";
import type { Wallet } from "../src/testing/local-anvil.ts";
import type { TaskEscrowChain, TaskEscrowDriver } from "../src/testing/task-escrow-chain.ts";
import type { EscrowModel, ModelTask } from "./task-escrow-model.ts";

/** fast-check's in-test generator (`fc.gen()`): each step draws its parameters from it, so a seed replays a run. */
export type Draw = fc.GeneratorValue;

export interface EscrowActors {
  chain: TaskEscrowChain;
  merchants: Wallet[];
  solvers: Wallet[];
  /** Holds no role: relays Consensus signatures, expires tasks, pushes payouts. */
  relayer: Wallet;
  /** The verifier set of every verified tenant (threshold VERIFIER_THRESHOLD). */
  verifiers: LocalAccount[];
  /** Signs like a verifier but is in no set. */
  outsider: LocalAccount;
}

export const VERIFIER_THRESHOLD = 2;

/** One run: a fresh escrow, the model of what it should hold, and where the model's clock started on chain. */
export interface EscrowRun {
  actors: EscrowActors;
  escrow: TaskEscrowDriver;
  tenants: Hex[];
  poolRecipient: Address;
  /** Chain time (Unix seconds) at model clock 0. */
  startedAt: bigint;
  model: EscrowModel;
}

export interface StepBase {
  /** What the coverage count calls this step. */
  kind: string;
  /** Relative chance among the offered steps; a function when it depends on the state (never below 1). */
  weight: number | ((model: EscrowModel) => number);
  /** Whether the model says the step can be drawn now: a successful step must succeed, a refusal must revert. */
  offered(model: EscrowModel): boolean;
}

/** A step that must succeed; it updates the model. */
export interface Operation extends StepBase {
  perform(run: EscrowRun, draw: Draw): Promise<void>;
}

/** A step that must revert with `expected` and change nothing. */
export interface Refusal extends StepBase {
  refuse(run: EscrowRun, draw: Draw): Promise<{ expected: string; reverted: string }>;
}

export type Step = Operation | Refusal;

export const isRefusal = (step: Step): step is Refusal => "refuse" in step;

export const choose = <T>(draw: Draw, items: readonly T[]): T => {
  if (items.length === 0) throw new Error("nothing to choose from");
  return items[draw(fc.nat, items.length - 1)]!;
};

export const baseWeight = (step: StepBase, model: EscrowModel): number =>
  typeof step.weight === "number" ? step.weight : step.weight(model);

/** One of `steps`, in proportion to `weightOf` each. */
export const chooseWeighted = <T>(draw: Draw, steps: readonly T[], weightOf: (step: T) => number): T => {
  const weights = steps.map(weightOf);
  let ticket = draw(fc.nat, weights.reduce((sum, weight) => sum + weight, 0) - 1);
  for (const [index, step] of steps.entries()) {
    if (ticket < weights[index]!) return step;
    ticket -= weights[index]!;
  }
  throw new Error("no step offered");
};

export const amountUpTo = (draw: Draw, max: bigint): bigint => draw(fc.bigInt, { min: 1n, max });

/** The role that `resolve`s a task of this method; Consensus tasks have none (they take signatures). */
export const resolverOf = (actors: EscrowActors, method: TaskMethod): Wallet | undefined =>
  method === "Oracle" ? actors.chain.attester : method === "AIEval" ? actors.chain.evaluator : undefined;

/** Chain seconds of a model instant. */
export const chainTime = (run: EscrowRun, modelSeconds: bigint): bigint => run.startedAt + modelSeconds;

/** Moves both clocks forward. */
export const jump = async (run: EscrowRun, seconds: bigint): Promise<void> => {
  await run.actors.chain.increaseTime(seconds);
  run.model.clock += seconds;
};

/**
 * `resolveWithSignatures` from the relayer, signed by `signers` at `timestamp` (the chain's latest block time
 * unless given).
 */
export const sendSignatures = async (
  run: EscrowRun,
  task: ModelTask,
  approved: boolean,
  signers: LocalAccount[],
  timestamp?: bigint,
) => {
  const stamped = timestamp ?? (await run.actors.chain.now());
  const resolution = { taskId: task.id, approved, timestamp: stamped };
  const signatures = await Promise.all(
    signers.map((signer) => run.escrow.signResolution(signer, resolution)),
  );
  return run.escrow.send(run.actors.relayer, {
    functionName: "resolveWithSignatures",
    args: [task.id, approved, stamped, signatures],
  });
};
