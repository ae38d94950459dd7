import fc from "fast-check";
import { TASK_METHODS, taskMethodCode } from "../src/task-escrow.ts";
import type { Wallet } from "../src/testing/local-anvil.ts";
import { revertOf } from "../src/testing/reward-chain.ts";
import type { EscrowCall } from "../src/testing/task-escrow-chain.ts";
import { randomId } from "../src/testing/task-escrow-chain.ts";
import { type EscrowModel, isLive, type ModelTask, tasksThat } from "./task-escrow-model.ts";
import {
  amountUpTo,
  choose,
  type Draw,
  type EscrowRun,
  type Refusal,
  resolverOf,
  sendSignatures,
} from "./task-escrow-steps.ts";

const USDC = 1_000_000n;
const HOUR = 3_600n;

const refusal = (
  kind: string,
  offered: (model: EscrowModel) => boolean,
  refuse: Refusal["refuse"],
): Refusal => ({ kind, weight: 1, offered, refuse });

/** The error the call reverted with, next to the one the model expects. */
const refusedWith = async (expected: string, call: Promise<unknown>) => ({
  expected,
  reverted: await revertOf(call),
});

const resolvableTasks = (model: EscrowModel) =>
  TASK_METHODS.flatMap((method) => tasksThat.canBeResolved(model, method));
const resolvableByConsensus = (model: EscrowModel) => tasksThat.canBeResolved(model, "Consensus");

/** An operator-only call, as `run` can make it now. */
const operatorCalls = (run: EscrowRun): EscrowCall[] => {
  const { model, tenants } = run;
  const farDeadline = run.startedAt + model.clock + HOUR;
  const open = model.tasks.filter((task) => task.status === "Open");
  return [
    { functionName: "createTask", args: [randomId(), tenants[0]!, 1n, farDeadline, 0] },
    { functionName: "withdrawPool", args: [tenants[0]!, run.poolRecipient, 1n] },
    { functionName: "registerPool", args: [randomId()] },
    ...open.map((task): EscrowCall => ({ functionName: "cancelTask", args: [task.id] })),
    ...open.map(
      (task): EscrowCall => ({ functionName: "submit", args: [task.id, run.poolRecipient, randomId()] }),
    ),
  ];
};

/** Everyone but the operator: the owner too, who only rotates roles. */
const notOperators = (run: EscrowRun): Wallet[] => {
  const { chain, relayer, merchants, solvers } = run.actors;
  return [chain.owner, chain.attester, chain.evaluator, relayer, merchants[0]!, solvers[0]!];
};

const wrongCaller = refusal(
  "refused: wrong caller",
  () => true,
  (run, draw) =>
    refusedWith(
      "NotOperator",
      run.escrow.send(choose(draw, notOperators(run)), choose(draw, operatorCalls(run))),
    ),
);

/** Someone who is not the task's resolver calls `resolve`; signatures for a task that takes none. */
const wrongResolver = refusal(
  "refused: wrong resolver",
  (model) => resolvableTasks(model).length > 0,
  async (run, draw) => {
    const task = choose(draw, resolvableTasks(run.model));
    const approved = draw(fc.boolean);
    if (task.method !== "Consensus" && draw(fc.boolean)) {
      return refusedWith("NotConsensusTask", sendSignatures(run, task, approved, run.actors.verifiers));
    }
    const { chain, relayer } = run.actors;
    const right = resolverOf(run.actors, task.method);
    const wrong = [chain.attester, chain.evaluator, chain.operator, relayer].filter(
      (wallet) => wallet !== right,
    );
    return refusedWith(
      "NotResolver",
      run.escrow.send(choose(draw, wrong), { functionName: "resolve", args: [task.id, approved] }),
    );
  },
);

/** Fewer distinct verifiers than the threshold: repeats, outsiders or a lone verifier. */
const underThreshold = refusal(
  "refused: consensus under threshold",
  (model) => resolvableByConsensus(model).length > 0,
  async (run, draw) => {
    const task = choose(draw, resolvableByConsensus(run.model));
    const [alice, bob] = run.actors.verifiers;
    const { outsider } = run.actors;
    const signers = choose(draw, [
      [],
      [alice!],
      [bob!, bob!],
      [alice!, alice!, alice!],
      [outsider, bob!],
      [outsider],
    ]);
    return refusedWith("BelowThreshold", sendSignatures(run, task, draw(fc.boolean), signers));
  },
);

/** Enough signatures, stamped in the future or before the submission (a replay of an earlier round). */
const stampedOutOfRange = refusal(
  "refused: consensus stamped out of range",
  (model) => resolvableByConsensus(model).length > 0,
  async (run, draw) => {
    const task = choose(draw, resolvableByConsensus(run.model));
    const stamp = draw(fc.boolean)
      ? (await run.actors.chain.now()) + HOUR
      : (await run.escrow.getTask(task.id)).submittedAt - 1n;
    return refusedWith(
      "ResolutionTimestampOutOfRange",
      sendSignatures(run, task, draw(fc.boolean), run.actors.verifiers, stamp),
    );
  },
);

/** More than the pool's unescrowed balance: escrow of live tasks is out of reach. */
const withdrawBeyondPool = refusal(
  "refused: withdraw beyond pool",
  () => true,
  (run, draw) => {
    const { model } = run;
    const tenant = draw(fc.nat, run.tenants.length - 1);
    const escrowed = model.tasks
      .filter((task) => task.tenant === tenant && isLive(task))
      .reduce((total, task) => total + task.amount, 0n);
    const amount = model.pools[tenant]! + amountUpTo(draw, escrowed + USDC);
    return refusedWith(
      "InsufficientPool",
      run.escrow.send(run.actors.chain.operator, {
        functionName: "withdrawPool",
        args: [run.tenants[tenant]!, run.poolRecipient, amount],
      }),
    );
  },
);

const createBeyondPool = refusal(
  "refused: create beyond pool",
  () => true,
  (run, draw) => {
    const tenant = draw(fc.nat, run.tenants.length - 1);
    const amount = run.model.pools[tenant]! + amountUpTo(draw, USDC);
    const method = run.model.verified[tenant]
      ? choose(draw, TASK_METHODS)
      : choose(draw, ["Oracle", "AIEval"] as const);
    return refusedWith(
      "InsufficientPool",
      run.escrow.send(run.actors.chain.operator, {
        functionName: "createTask",
        args: [
          randomId(),
          run.tenants[tenant]!,
          amount,
          run.startedAt + run.model.clock + HOUR,
          taskMethodCode(method),
        ],
      }),
    );
  },
);

const unverifiedTenants = (model: EscrowModel) =>
  model.verified.flatMap((verified, tenant) => (verified ? [] : [tenant]));

const consensusWithoutVerifiers = refusal(
  "refused: consensus task without verifiers",
  (model) => unverifiedTenants(model).length > 0,
  (run, draw) => {
    const tenant = choose(draw, unverifiedTenants(run.model));
    return refusedWith(
      "NoVerifiers",
      run.escrow.send(run.actors.chain.operator, {
        functionName: "createTask",
        args: [
          randomId(),
          run.tenants[tenant]!,
          1n,
          run.startedAt + run.model.clock + HOUR,
          taskMethodCode("Consensus"),
        ],
      }),
    );
  },
);

const onTask = (
  kind: string,
  candidates: (model: EscrowModel) => ModelTask[],
  attempt: (run: EscrowRun, task: ModelTask, draw: Draw) => Promise<{ expected: string; reverted: string }>,
) =>
  refusal(
    kind,
    (model) => candidates(model).length > 0,
    (run, draw) => attempt(run, choose(draw, candidates(run.model)), draw),
  );

/** The task's own resolver (or enough signatures), so the state or the clock is what refuses it. */
const resolveProperly = (run: EscrowRun, task: ModelTask, draw: Draw) => {
  const resolver = resolverOf(run.actors, task.method);
  const approved = draw(fc.boolean);
  return resolver
    ? run.escrow.send(resolver, { functionName: "resolve", args: [task.id, approved] })
    : sendSignatures(run, task, approved, run.actors.verifiers);
};

const tasksWhere = (status: (task: ModelTask) => boolean) => (model: EscrowModel) =>
  model.tasks.filter(status);

const taskRefusals = [
  onTask("refused: submit after deadline", tasksThat.areOpenPastDeadline, (run, task) =>
    refusedWith(
      "TaskPastDeadline",
      run.escrow.send(run.actors.chain.operator, {
        functionName: "submit",
        args: [task.id, run.actors.solvers[0]!.account.address, randomId()],
      }),
    ),
  ),
  onTask("refused: resolve after grace", tasksThat.areSubmittedPastGrace, (run, task, draw) =>
    refusedWith("ResolutionWindowClosed", resolveProperly(run, task, draw)),
  ),
  // A second resolution of a settled or rejected task, or one of a task never submitted.
  onTask(
    "refused: resolve task not submitted",
    tasksWhere((task) => task.status !== "Submitted"),
    (run, task, draw) => refusedWith("TaskNotSubmitted", resolveProperly(run, task, draw)),
  ),
  onTask("refused: expire too early", tasksThat.cannotExpireYet, (run, task) =>
    refusedWith(
      "TaskNotExpirable",
      run.escrow.send(run.actors.relayer, { functionName: "expire", args: [task.id] }),
    ),
  ),
  onTask(
    "refused: cancel task not open",
    tasksWhere((task) => task.status !== "Open"),
    (run, task) =>
      refusedWith(
        "TaskNotOpen",
        run.escrow.send(run.actors.chain.operator, { functionName: "cancelTask", args: [task.id] }),
      ),
  ),
];

const solversWithoutClaims = (model: EscrowModel) =>
  model.claimable.flatMap((claim, solver) => (claim === 0n ? [solver] : []));

const nothingToClaim = refusal(
  "refused: payout with nothing to claim",
  (model) => solversWithoutClaims(model).length > 0,
  (run, draw) => {
    const solver = run.actors.solvers[choose(draw, solversWithoutClaims(run.model))]!;
    return refusedWith(
      "NothingToClaim",
      draw(fc.boolean)
        ? run.escrow.send(solver, { functionName: "withdraw", args: [] })
        : run.escrow.send(run.actors.relayer, {
            functionName: "withdrawFor",
            args: [solver.account.address],
          }),
    );
  },
);

export const REFUSALS: readonly Refusal[] = [
  wrongCaller,
  wrongResolver,
  underThreshold,
  stampedOutOfRange,
  withdrawBeyondPool,
  createBeyondPool,
  consensusWithoutVerifiers,
  ...taskRefusals,
  nothingToClaim,
];
