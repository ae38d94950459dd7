import fc from "fast-check";
import { TASK_METHODS, type TaskMethod, taskMethodCode } from "../src/task-escrow.ts";
import { randomId } from "../src/testing/task-escrow-chain.ts";
import {
  CLOCK_MARGIN_SECONDS,
  type EscrowModel,
  isLive,
  type ModelTask,
  refund,
  rejectionOutcome,
  resolutionClosesAt,
  settle,
  tasksThat,
} from "./task-escrow-model.ts";
import {
  amountUpTo,
  choose,
  type Draw,
  type EscrowRun,
  jump,
  type Operation,
  resolverOf,
  sendSignatures,
} from "./task-escrow-steps.ts";

const USDC = 1_000_000n;
const MAX_DEPOSIT = 50n * USDC;
const MAX_TASK_AMOUNT = 30n * USDC;
const DEADLINES_IN = [1_800n, 3_600n, 7_200n, 86_400n];

const operator = (run: EscrowRun) => run.actors.chain.operator;
const bigMin = (left: bigint, right: bigint) => (left < right ? left : right);
const fundedTenants = (model: EscrowModel) =>
  model.pools.flatMap((pool, tenant) => (pool > 0n ? [tenant] : []));

const deposit: Operation = {
  kind: "deposit",
  weight: 1,
  offered: () => true,
  perform: async (run, draw) => {
    const tenant = draw(fc.nat, run.tenants.length - 1);
    const amount = amountUpTo(draw, MAX_DEPOSIT);
    await run.escrow.deposit(choose(draw, run.actors.merchants), run.tenants[tenant]!, amount);
    run.model.pools[tenant]! += amount;
    run.model.deposited += amount;
  },
};

const fundedTenantsFor = (model: EscrowModel, method: TaskMethod) =>
  fundedTenants(model).filter((tenant) => method !== "Consensus" || model.verified[tenant]);
const methodsFundable = (model: EscrowModel) =>
  TASK_METHODS.filter((method) => fundedTenantsFor(model, method).length > 0);

/** Creating is always possible; fewer new tasks while several are live leaves room to take them through. */
const create: Operation = {
  kind: "create",
  weight: (model) => Math.max(1, 4 - 2 * model.tasks.filter(isLive).length),
  offered: (model) => fundedTenants(model).length > 0,
  perform: async (run, draw) => {
    const { model } = run;
    // The method first, so that a third of the tasks are Consensus ones although only some tenants verify.
    const method = choose(draw, methodsFundable(model));
    const tenant = choose(draw, fundedTenantsFor(model, method));
    const amount = amountUpTo(draw, bigMin(model.pools[tenant]!, MAX_TASK_AMOUNT));
    const deadline = model.clock + choose(draw, DEADLINES_IN);
    const id = randomId();
    await run.escrow.send(operator(run), {
      functionName: "createTask",
      args: [id, run.tenants[tenant]!, amount, run.startedAt + deadline, taskMethodCode(method)],
    });
    model.pools[tenant]! -= amount;
    model.tasks.push({ id, tenant, amount, method, deadline, status: "Open", solver: undefined });
  },
};

const openTasks = (model: EscrowModel) => model.tasks.filter((task) => task.status === "Open");

const cancel: Operation = {
  kind: "cancel",
  weight: 1,
  offered: (model) => openTasks(model).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, openTasks(run.model));
    await run.escrow.send(operator(run), { functionName: "cancelTask", args: [task.id] });
    refund(run.model, task, "Cancelled");
  },
};

const submit: Operation = {
  kind: "submit",
  weight: 4,
  offered: (model) => tasksThat.canBeSubmitted(model).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, tasksThat.canBeSubmitted(run.model));
    const solver = draw(fc.nat, run.actors.solvers.length - 1);
    await run.escrow.send(operator(run), {
      functionName: "submit",
      args: [task.id, run.actors.solvers[solver]!.account.address, randomId()],
    });
    task.status = "Submitted";
    task.solver = solver;
  },
};

/** Signer lists that reach the 2-of-3 threshold; outsiders and repeats ride along and must not matter. */
const enoughSigners = (run: EscrowRun) => {
  const [alice, bob, carol] = run.actors.verifiers;
  const { outsider } = run.actors;
  return [
    [alice!, bob!],
    [carol!, alice!],
    [alice!, bob!, carol!],
    [outsider, bob!, bob!, carol!],
  ];
};

const sendResolution = async (run: EscrowRun, draw: Draw, task: ModelTask, approved: boolean) => {
  const resolver = resolverOf(run.actors, task.method);
  if (resolver) {
    await run.escrow.send(resolver, { functionName: "resolve", args: [task.id, approved] });
  } else {
    await sendSignatures(run, task, approved, choose(draw, enoughSigners(run)));
  }
};

const approval = (method: TaskMethod): Operation => ({
  kind: `${method} approve`,
  weight: 2,
  offered: (model) => tasksThat.canBeResolved(model, method).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, tasksThat.canBeResolved(run.model, method));
    await sendResolution(run, draw, task, true);
    settle(run.model, task);
  },
});

const rejectableTo = (model: EscrowModel, outcome: "Open" | "Expired", methods: readonly TaskMethod[]) =>
  methods.flatMap((method) =>
    tasksThat.canBeResolved(model, method).filter((task) => rejectionOutcome(model, task) === outcome),
  );

/**
 * Before the deadline a rejection reopens the task for another submission. Rejections weigh more than approvals:
 * they are offered in less of the task's life and lead on to more states.
 */
const rejection = (method: TaskMethod): Operation => ({
  kind: `${method} reject`,
  weight: 4,
  offered: (model) => rejectableTo(model, "Open", [method]).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, rejectableTo(run.model, "Open", [method]));
    await sendResolution(run, draw, task, false);
    task.status = "Open";
    task.solver = undefined;
    // A resubmission in the rejection's second could never be resolved by signatures: they must be stamped
    // after the rejection. Real submissions come later; one second keeps the model free of that corner.
    await jump(run, 1n);
  },
});

/** From the deadline on (within the grace), a rejection expires the task and refunds its pool. */
const lateRejection: Operation = {
  kind: "reject after deadline",
  weight: 4,
  offered: (model) => rejectableTo(model, "Expired", TASK_METHODS).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, rejectableTo(run.model, "Expired", TASK_METHODS));
    await sendResolution(run, draw, task, false);
    refund(run.model, task, "Expired");
  },
};

const expiry = (kind: string, expirable: (model: EscrowModel) => ModelTask[]): Operation => ({
  kind,
  weight: 2,
  offered: (model) => expirable(model).length > 0,
  perform: async (run, draw) => {
    const task = choose(draw, expirable(run.model));
    await run.escrow.send(run.actors.relayer, { functionName: "expire", args: [task.id] });
    refund(run.model, task, "Expired");
  },
});

const withdrawPool: Operation = {
  kind: "withdraw pool",
  weight: 1,
  offered: (model) => fundedTenants(model).length > 0,
  perform: async (run, draw) => {
    const { model } = run;
    const tenant = choose(draw, fundedTenants(model));
    const amount = amountUpTo(draw, model.pools[tenant]!);
    await run.escrow.send(operator(run), {
      functionName: "withdrawPool",
      args: [run.tenants[tenant]!, run.poolRecipient, amount],
    });
    model.pools[tenant]! -= amount;
    model.withdrawn += amount;
  },
};

const solversWithClaims = (model: EscrowModel) =>
  model.claimable.flatMap((claim, solver) => (claim > 0n ? [solver] : []));

/** The solver pulls its balance, or the relayer pushes it (`withdrawFor`): paid to the solver either way. */
const payout = (kind: string, pushed: boolean): Operation => ({
  kind,
  weight: 2,
  offered: (model) => solversWithClaims(model).length > 0,
  perform: async (run, draw) => {
    const { model } = run;
    const solver = choose(draw, solversWithClaims(model));
    const wallet = run.actors.solvers[solver]!;
    await (pushed
      ? run.escrow.send(run.actors.relayer, { functionName: "withdrawFor", args: [wallet.account.address] })
      : run.escrow.send(wallet, { functionName: "withdraw", args: [] }));
    model.paid[solver]! += model.claimable[solver]!;
    model.claimable[solver] = 0n;
  },
});

/** Short waits that may leave tasks near a boundary, where the model offers nothing time-dependent. */
const waitAWhile: Operation = {
  kind: "wait",
  weight: 1,
  offered: () => true,
  perform: async (run, draw) => {
    await jump(run, BigInt(draw(fc.integer, { min: 60, max: 3_600 })));
  },
};

/** Jumps just past a boundary of a live task, so expiries and late rejections become reachable. */
const waitPast = (
  kind: string,
  weight: number,
  boundaryOf: (task: ModelTask) => bigint | undefined,
): Operation => {
  const ahead = (model: EscrowModel) =>
    model.tasks.flatMap((task) => {
      const boundary = boundaryOf(task);
      return boundary !== undefined && model.clock < boundary + CLOCK_MARGIN_SECONDS ? [boundary] : [];
    });
  return {
    kind,
    weight,
    offered: (model) => ahead(model).length > 0,
    perform: async (run, draw) => {
      const boundary = choose(draw, ahead(run.model));
      const beyond = BigInt(draw(fc.integer, { min: 0, max: 600 }));
      await jump(run, boundary + CLOCK_MARGIN_SECONDS + beyond - run.model.clock);
    },
  };
};

export const OPERATIONS: readonly Operation[] = [
  deposit,
  create,
  cancel,
  submit,
  ...TASK_METHODS.flatMap((method) => [approval(method), rejection(method)]),
  lateRejection,
  expiry("expire open", tasksThat.areOpenPastDeadline),
  expiry("expire submitted", tasksThat.areSubmittedPastGrace),
  withdrawPool,
  payout("payout", false),
  payout("payout pushed", true),
  waitAWhile,
  waitPast("wait past an open task's deadline", 1, (task) =>
    task.status === "Open" ? task.deadline : undefined,
  ),
  waitPast("wait past a submission's deadline", 1, (task) =>
    task.status === "Submitted" ? task.deadline : undefined,
  ),
  waitPast("wait past grace", 2, (task) =>
    task.status === "Submitted" ? resolutionClosesAt(task) : undefined,
  ),
];
