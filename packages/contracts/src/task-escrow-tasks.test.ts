import { type Address, type Hex, zeroAddress, zeroHash } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TASK_ESCROW_GRACE_SECONDS, type TaskMethod, taskMethodCode } from "./index.ts";
import type { Wallet } from "./testing/local-anvil.ts";
import { randomAddress, revertOf } from "./testing/reward-chain.ts";
import {
  escrowEventsOf,
  randomId,
  startTaskEscrowChain,
  type TaskEscrowChain,
  type TaskEscrowDriver,
  USDC,
} from "./testing/task-escrow-chain.ts";

const HOUR = 3_600n;

describe("TaskEscrow tasks (Oracle and AIEval)", () => {
  let chain: TaskEscrowChain;
  let escrow: TaskEscrowDriver;
  let merchant: Wallet;
  let stranger: Wallet;
  let solver: Wallet;
  let tenantId: Hex;
  beforeAll(async () => {
    chain = await startTaskEscrowChain();
    [merchant, stranger, solver] = await Promise.all([
      chain.newWallet(),
      chain.newWallet(),
      chain.newWallet(),
    ]);
  });
  afterAll(() => chain?.stop());
  beforeEach(async () => {
    escrow = await chain.deploy();
    tenantId = randomId();
    await escrow.send(chain.operator, { functionName: "registerPool", args: [tenantId] });
    await escrow.deposit(merchant, tenantId, 100n * USDC);
  });

  const createTask = async (method: TaskMethod = "Oracle", amount = 10n * USDC, deadlineIn = HOUR) => {
    const taskId = randomId();
    const deadline = (await chain.now()) + deadlineIn;
    const receipt = await escrow.send(chain.operator, {
      functionName: "createTask",
      args: [taskId, tenantId, amount, deadline, taskMethodCode(method)],
    });
    return { taskId, deadline, receipt };
  };
  const submit = (taskId: Hex, solverAddress: Address = solver.account.address, deliverable = randomId()) =>
    escrow.send(chain.operator, { functionName: "submit", args: [taskId, solverAddress, deliverable] });
  const resolve = (wallet: Wallet, taskId: Hex, approved: boolean) =>
    escrow.send(wallet, { functionName: "resolve", args: [taskId, approved] });
  const expire = (taskId: Hex, wallet: Wallet = stranger) =>
    escrow.send(wallet, { functionName: "expire", args: [taskId] });
  const status = async (taskId: Hex) => (await escrow.getTask(taskId)).status;

  describe("createTask", () => {
    it("moves the amount from the pool into the task's escrow", async () => {
      const { taskId, deadline, receipt } = await createTask("AIEval", 30n * USDC);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskCreated", args: { taskId, tenantId, amount: 30n * USDC, deadline, method: 2 } },
      ]);
      expect(await escrow.getTask(taskId)).toEqual({
        tenantId,
        amount: 30n * USDC,
        solver: zeroAddress,
        deadline,
        method: 2,
        status: "Open",
        submittedAt: 0n,
        rejectedAt: 0n,
        deliverable: zeroHash,
      });
      expect(await escrow.poolBalance(tenantId)).toBe(70n * USDC);
      expect(await escrow.totals()).toEqual({ pooled: 70n * USDC, escrowed: 30n * USDC, claimable: 0n });
      expect(await escrow.usdcBalance(escrow.escrow)).toBe(100n * USDC);
    });

    it("refuses a wrong caller, an unknown pool or method, no amount, a past deadline and a reused id", async () => {
      const now = await chain.now();
      const create = (
        wallet: Wallet,
        args: Partial<{ id: Hex; tenant: Hex; amount: bigint; deadline: bigint; method: number }>,
      ) =>
        escrow.send(wallet, {
          functionName: "createTask",
          args: [
            args.id ?? randomId(),
            args.tenant ?? tenantId,
            args.amount ?? USDC,
            args.deadline ?? now + HOUR,
            args.method ?? 0,
          ],
        });
      expect(await revertOf(create(stranger, {}))).toBe("NotOperator");
      expect(await revertOf(create(chain.operator, { tenant: randomId() }))).toBe("PoolNotRegistered");
      expect(await revertOf(create(chain.operator, { method: 3 }))).toBe("UnknownMethod");
      expect(await revertOf(create(chain.operator, { amount: 0n }))).toBe("ZeroAmount");
      expect(await revertOf(create(chain.operator, { deadline: now - 1n }))).toBe("DeadlineNotInFuture");
      const { taskId } = await createTask();
      expect(await revertOf(create(chain.operator, { id: taskId }))).toBe("TaskExists");
    });

    it("refuses an amount the pool does not hold, leaving the pool whole", async () => {
      const short = escrow.send(chain.operator, {
        functionName: "createTask",
        args: [randomId(), tenantId, 100n * USDC + 1n, (await chain.now()) + HOUR, 0],
      });
      expect(await revertOf(short)).toBe("InsufficientPool");
      expect(await escrow.poolBalance(tenantId)).toBe(100n * USDC);
    });

    it("refuses a Consensus task while the pool has no verifier set", async () => {
      expect(await revertOf(createTask("Consensus"))).toBe("NoVerifiers");
    });
  });

  describe("cancelTask", () => {
    it("returns an Open task's escrow to the pool; only the operator cancels, only once", async () => {
      const { taskId } = await createTask("Oracle", 25n * USDC);
      const cancel = (wallet: Wallet) => escrow.send(wallet, { functionName: "cancelTask", args: [taskId] });
      expect(await revertOf(cancel(stranger))).toBe("NotOperator");

      const receipt = await cancel(chain.operator);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskCancelled", args: { taskId, tenantId, amount: 25n * USDC } },
      ]);
      expect(await status(taskId)).toBe("Cancelled");
      expect(await escrow.poolBalance(tenantId)).toBe(100n * USDC);
      expect(await escrow.totals()).toEqual({ pooled: 100n * USDC, escrowed: 0n, claimable: 0n });
      expect(await revertOf(cancel(chain.operator))).toBe("TaskNotOpen");
    });

    it("cannot cancel a submitted task or one never created", async () => {
      const { taskId } = await createTask();
      await submit(taskId);
      for (const id of [taskId, randomId()]) {
        const cancel = escrow.send(chain.operator, { functionName: "cancelTask", args: [id] });
        expect(await revertOf(cancel)).toBe("TaskNotOpen");
      }
    });
  });

  describe("submit", () => {
    it("records the solver and deliverable and asks for verification by the task's method", async () => {
      const { taskId } = await createTask("AIEval");
      const deliverable = randomId();
      const receipt = await submit(taskId, solver.account.address, deliverable);
      expect(escrowEventsOf(receipt)).toEqual([
        {
          eventName: "VerificationRequested",
          args: { taskId, solver: solver.account.address, deliverable, method: 2 },
        },
      ]);
      const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
      expect(await escrow.getTask(taskId)).toMatchObject({
        status: "Submitted",
        solver: solver.account.address,
        deliverable,
        submittedAt: block.timestamp,
      });
    });

    it("is the operator's, for an Open task before its deadline, by a real solver", async () => {
      const { taskId } = await createTask();
      const send = (wallet: Wallet, id: Hex, solverAddress: Address) =>
        escrow.send(wallet, { functionName: "submit", args: [id, solverAddress, randomId()] });
      expect(await revertOf(send(stranger, taskId, solver.account.address))).toBe("NotOperator");
      expect(await revertOf(send(chain.operator, taskId, zeroAddress))).toBe("ZeroAddress");
      expect(await revertOf(send(chain.operator, randomId(), solver.account.address))).toBe("TaskNotOpen");
      await submit(taskId);
      expect(await revertOf(submit(taskId))).toBe("TaskNotOpen");

      const late = await createTask("Oracle", USDC, 60n);
      await chain.increaseTime(60n);
      expect(await revertOf(submit(late.taskId))).toBe("TaskPastDeadline");
    });
  });

  describe.each([
    { method: "Oracle" as const, resolver: () => chain.attester, other: () => chain.evaluator },
    { method: "AIEval" as const, resolver: () => chain.evaluator, other: () => chain.attester },
  ])("$method resolution", ({ method, resolver, other }) => {
    it("settles an approved task; the solver withdraws the amount", async () => {
      const { taskId } = await createTask(method, 40n * USDC);
      await submit(taskId);
      const receipt = await resolve(resolver(), taskId, true);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskSettled", args: { taskId, solver: solver.account.address, amount: 40n * USDC } },
      ]);
      expect(await status(taskId)).toBe("Settled");
      expect(await escrow.claimable(solver.account.address)).toBe(40n * USDC);
      expect(await escrow.totals()).toEqual({ pooled: 60n * USDC, escrowed: 0n, claimable: 40n * USDC });

      const paid = await escrow.send(solver, { functionName: "withdraw", args: [] });
      expect(escrowEventsOf(paid)).toEqual([
        { eventName: "PayoutWithdrawn", args: { solver: solver.account.address, amount: 40n * USDC } },
      ]);
      expect(await escrow.usdcBalance(solver.account.address)).toBe(40n * USDC);
      expect(await escrow.usdcBalance(escrow.escrow)).toBe(60n * USDC);
      expect(await escrow.claimable(solver.account.address)).toBe(0n);
      expect(await escrow.totals()).toEqual({ pooled: 60n * USDC, escrowed: 0n, claimable: 0n });
    });

    it("is resolved by its resolver only, once, and only when submitted", async () => {
      const { taskId } = await createTask(method);
      expect(await revertOf(resolve(resolver(), taskId, true))).toBe("TaskNotSubmitted");
      await submit(taskId);
      for (const wallet of [other(), chain.operator, stranger]) {
        expect(await revertOf(resolve(wallet, taskId, true))).toBe("NotResolver");
      }
      const signatures = escrow.send(stranger, {
        functionName: "resolveWithSignatures",
        args: [taskId, true, await chain.now(), []],
      });
      expect(await revertOf(signatures)).toBe("NotConsensusTask");

      await resolve(resolver(), taskId, true);
      // Final: neither a second approval nor a late rejection moves a settled task.
      expect(await revertOf(resolve(resolver(), taskId, true))).toBe("TaskNotSubmitted");
      expect(await revertOf(resolve(resolver(), taskId, false))).toBe("TaskNotSubmitted");
      expect(await status(taskId)).toBe("Settled");
    });

    it("reopens a task rejected before its deadline, for another submission", async () => {
      const { taskId } = await createTask(method, 10n * USDC);
      await submit(taskId);
      const receipt = await resolve(resolver(), taskId, false);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskRejected", args: { taskId, solver: solver.account.address } },
        { eventName: "TaskReopened", args: { taskId } },
      ]);
      expect(await escrow.getTask(taskId)).toMatchObject({
        status: "Open",
        solver: zeroAddress,
        deliverable: zeroHash,
        submittedAt: 0n,
      });
      expect(await escrow.totals()).toEqual({ pooled: 90n * USDC, escrowed: 10n * USDC, claimable: 0n });
      // The rejection is final too: the task waits for a new submission.
      expect(await revertOf(resolve(resolver(), taskId, true))).toBe("TaskNotSubmitted");

      const second = await chain.newWallet();
      await submit(taskId, second.account.address);
      await resolve(resolver(), taskId, true);
      expect(await escrow.claimable(second.account.address)).toBe(10n * USDC);
      expect(await escrow.claimable(solver.account.address)).toBe(0n);
    });

    it("refunds the pool when the rejection comes at or after the deadline (Expired)", async () => {
      const { taskId } = await createTask(method, 10n * USDC, 120n);
      await submit(taskId);
      await chain.increaseTime(120n);
      const receipt = await resolve(resolver(), taskId, false);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskRejected", args: { taskId, solver: solver.account.address } },
        { eventName: "TaskExpired", args: { taskId, tenantId, amount: 10n * USDC } },
      ]);
      expect(await status(taskId)).toBe("Expired");
      expect(await escrow.poolBalance(tenantId)).toBe(100n * USDC);
      expect(await escrow.totals()).toEqual({ pooled: 100n * USDC, escrowed: 0n, claimable: 0n });
    });
  });

  describe("expire", () => {
    it("expires an Open task from its deadline on, by anyone, with a refund", async () => {
      const { taskId } = await createTask("Oracle", 15n * USDC, HOUR);
      expect(await revertOf(expire(taskId))).toBe("TaskNotExpirable");
      await chain.increaseTime(HOUR);
      const receipt = await expire(taskId);
      expect(escrowEventsOf(receipt)).toEqual([
        { eventName: "TaskExpired", args: { taskId, tenantId, amount: 15n * USDC } },
      ]);
      expect(await status(taskId)).toBe("Expired");
      expect(await escrow.poolBalance(tenantId)).toBe(100n * USDC);
      expect(await revertOf(expire(taskId))).toBe("TaskNotExpirable");
    });

    it("gives a submitted task until deadline + GRACE to be resolved, then expires it", async () => {
      const { taskId } = await createTask("Oracle", 15n * USDC, HOUR);
      await submit(taskId);
      await chain.increaseTime(HOUR);
      expect(await revertOf(expire(taskId))).toBe("TaskNotExpirable");
      await chain.increaseTime(TASK_ESCROW_GRACE_SECONDS - 10n);
      expect(await revertOf(expire(taskId))).toBe("TaskNotExpirable");

      await chain.increaseTime(10n);
      // The resolution window is closed: the outcome no longer depends on who gets mined first.
      expect(await revertOf(resolve(chain.attester, taskId, true))).toBe("ResolutionWindowClosed");
      await expire(taskId);
      expect(await status(taskId)).toBe("Expired");
      expect(await escrow.totals()).toEqual({ pooled: 100n * USDC, escrowed: 0n, claimable: 0n });
    });

    it("still settles a submitted task resolved within the grace period", async () => {
      const { taskId } = await createTask("AIEval", 5n * USDC, HOUR);
      await submit(taskId);
      await chain.increaseTime(HOUR + TASK_ESCROW_GRACE_SECONDS - 10n);
      await resolve(chain.evaluator, taskId, true);
      expect(await escrow.claimable(solver.account.address)).toBe(5n * USDC);
    });

    it("leaves settled, cancelled and unknown tasks alone", async () => {
      const settled = await createTask("Oracle", USDC, 60n);
      await submit(settled.taskId);
      await resolve(chain.attester, settled.taskId, true);
      const cancelled = await createTask("Oracle", USDC, 60n);
      await escrow.send(chain.operator, { functionName: "cancelTask", args: [cancelled.taskId] });
      await chain.increaseTime(60n + TASK_ESCROW_GRACE_SECONDS);
      for (const taskId of [settled.taskId, cancelled.taskId, randomId()]) {
        expect(await revertOf(expire(taskId))).toBe("TaskNotExpirable");
      }
    });
  });

  describe("payouts", () => {
    it("lets anyone push a solver's claimable balance, to the solver only", async () => {
      const payee = randomAddress();
      const { taskId } = await createTask("Oracle", 8n * USDC);
      await submit(taskId, payee);
      await resolve(chain.attester, taskId, true);

      await escrow.send(stranger, { functionName: "withdrawFor", args: [payee] });
      expect(await escrow.usdcBalance(payee)).toBe(8n * USDC);
      expect(await escrow.usdcBalance(stranger.account.address)).toBe(0n);
      expect(await escrow.claimable(payee)).toBe(0n);
    });

    it("refuses a withdrawal of nothing, and a second withdrawal of the same payout", async () => {
      expect(await revertOf(escrow.send(stranger, { functionName: "withdraw", args: [] }))).toBe(
        "NothingToClaim",
      );
      const { taskId } = await createTask("Oracle", 8n * USDC);
      await submit(taskId);
      await resolve(chain.attester, taskId, true);
      await escrow.send(solver, { functionName: "withdraw", args: [] });
      expect(await revertOf(escrow.send(solver, { functionName: "withdraw", args: [] }))).toBe(
        "NothingToClaim",
      );
      const pushAgain = escrow.send(stranger, {
        functionName: "withdrawFor",
        args: [solver.account.address],
      });
      expect(await revertOf(pushAgain)).toBe("NothingToClaim");
    });
  });
});
