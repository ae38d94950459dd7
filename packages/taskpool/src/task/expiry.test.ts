import { TASK_ESCROW_GRACE_SECONDS } from "@tally/providers";
import { advanceChainTime, signOracleResolution } from "@tally/providers/test-support";
import {
  api,
  claimTaskAs,
  expectTaskPoolConserved,
  fundedTaskPool,
  handlerDeps,
  postTask,
  registeredSolver,
  solverSubmitted,
  type TaskRecord,
  type Tenant,
  useHarness,
} from "@tally/testing";
import type { Hex } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sweepTaskPool } from "../sweep.ts";
import { EXPIRY_GRACE_MS, onDeadlineReached } from "./expire.ts";

const h = useHarness();
/** The task pool's sweep, narrowed to the tenant (the suite's PostgreSQL is shared by its files). */
const sweep = (tenant: Tenant) => sweepTaskPool(handlerDeps(h), { organizationId: tenant.organizationId });
const HASH = `0x${"5a".repeat(32)}`;
const GRACE_SECONDS = TASK_ESCROW_GRACE_SECONDS;

type TaskList = { data: TaskRecord[]; total: number };

const escrow = () => h.runtime.deps.providers.taskEscrow;
const readTask = async (tenant: Tenant, taskId: string) => {
  const read = await api<TaskRecord>(h, "GET", `/tasks/${taskId}`, { key: tenant.adminKey });
  expect(read.status, read.text).toBe(200);
  return read.body;
};
const listTasks = (tenant: Tenant, query = "") =>
  api<TaskList>(h, "GET", `/tasks${query}`, { key: tenant.adminKey });
/** The harness clock, stopped at `at` (the chain keeps its own time: `advanceChainTime`). */
const clockAt = (at: number) => vi.spyOn(h.runtime.deps.clock, "now").mockReturnValue(new Date(at));
const deadlineJob = (tenant: Tenant, taskId: string) =>
  onDeadlineReached(handlerDeps(h), { organizationId: tenant.organizationId, taskId });

/** A funded pool with one Open task of `usdc` whose deadline is a minute ahead. */
const openTask = async (usdc = 3, pool = 10) => {
  const tenant = await h.createTenant();
  await fundedTaskPool(h, tenant, pool);
  const created = await postTask(h, tenant, { amountUSDC: usdc, durationSeconds: 60 });
  expect(created.status, created.text).toBe(201);
  return { tenant, task: created.body };
};

const claimAndSubmit = async (taskId: string, submit: boolean) => {
  if (submit) return solverSubmitted(h, taskId, { submissionHash: HASH });
  const solver = await registeredSolver(h);
  const claimed = await claimTaskAs(h, solver, taskId);
  expect(claimed.status, claimed.text).toBe(200);
  return solver;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("deadlines and expiry", () => {
  it("an Open task past its deadline is refunded once by its job, even when the sweep runs too; reads show it Expired before", async () => {
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const { tenant, task } = await openTask(3, 10);
    const deadline = Date.parse(task.deadline);
    expect(
      events.mock.calls
        .filter((call) => call[1] === "task-deadline-reached")
        .map((call) => [call[2], call[3]]),
    ).toEqual([
      [{ organizationId: tenant.organizationId, taskId: task.taskId }, { startAfter: new Date(deadline) }],
    ]);
    expect(task).toMatchObject({ status: "Open", refundPending: false });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 7, escrowedUSDC: 3 });

    // The clock is past the deadline, the chain not yet: the escrow refuses, reads show it Expired.
    clockAt(deadline + 1000);
    events.mockClear();
    await deadlineJob(tenant, task.taskId);
    const again = events.mock.calls.filter((call) => call[1] === "task-deadline-reached");
    expect(again).toHaveLength(1);
    expect((again[0]![3] as { startAfter: Date }).startAfter.getTime()).toBeGreaterThan(deadline);
    expect((await escrow().getTask(task.taskId as Hex)).status).toBe("Open");
    const all = await listTasks(tenant);
    expect(all.body.data).toMatchObject([{ taskId: task.taskId, status: "Expired", refundPending: true }]);
    expect((await listTasks(tenant, "?status=Open")).body.total).toBe(0);
    expect((await listTasks(tenant, "?status=Expired")).body.total).toBe(1);
    const solverList = await api<TaskList>(h, "GET", "/solver/tasks?limit=100");
    expect(solverList.body.data.map((row) => row.taskId)).not.toContain(task.taskId);
    expect(await readTask(tenant, task.taskId)).toMatchObject({ status: "Expired", refundPending: true });
    const summary = await api(h, "GET", "/tasks/analytics/summary", { key: tenant.adminKey });
    expect(summary.body).toMatchObject({ active: 0, expired: 1, valueEscrowedAtomic: "0" });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 7, escrowedUSDC: 3 });

    // The chain passes the deadline: the job and the sweep race, the refund is recorded once.
    await advanceChainTime(h.chain.rpcUrl, 120n);
    const expire = vi.spyOn(escrow(), "expire");
    await Promise.all([deadlineJob(tenant, task.taskId), sweep(tenant)]);
    expect(expire.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect((await escrow().getTask(task.taskId as Hex)).status).toBe("Expired");
    expect(await readTask(tenant, task.taskId)).toMatchObject({
      status: "Expired",
      refundPending: false,
      refundTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 10, escrowedUSDC: 0 });
    await deadlineJob(tenant, task.taskId);
    await sweep(tenant);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 10, escrowedUSDC: 0 });
  });

  it("a claimed task past its deadline is expired by a read of it", async () => {
    const { tenant, task } = await openTask(2, 5);
    await claimAndSubmit(task.taskId, false);
    await advanceChainTime(h.chain.rpcUrl, 120n);
    clockAt(Date.parse(task.deadline) + 90_000);
    expect((await listTasks(tenant, "?status=Claimed")).body.total).toBe(0);
    expect(await readTask(tenant, task.taskId)).toMatchObject({ status: "Expired", refundPending: false });
    expect((await escrow().getTask(task.taskId as Hex)).status).toBe("Expired");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });
    const claim = await claimTaskAs(h, await registeredSolver(h), task.taskId);
    expect(claim.status, claim.text).toBe(409);
  });

  it("a submitted task stays through the grace period and expires after it", async () => {
    const { tenant, task } = await openTask(2, 5);
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    await claimAndSubmit(task.taskId, true);
    const deadline = Date.parse(task.deadline);
    const jobs = events.mock.calls.filter((call) => call[1] === "task-deadline-reached");
    expect(jobs.map((call) => call[3])).toEqual([{ startAfter: new Date(deadline + EXPIRY_GRACE_MS) }]);

    await advanceChainTime(h.chain.rpcUrl, 120n);
    clockAt(deadline + 90_000);
    await sweep(tenant);
    await deadlineJob(tenant, task.taskId);
    expect(await readTask(tenant, task.taskId)).toMatchObject({ status: "SubmittedForVerification" });
    expect((await escrow().getTask(task.taskId as Hex)).status).toBe("Submitted");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });

    await advanceChainTime(h.chain.rpcUrl, GRACE_SECONDS);
    clockAt(deadline + EXPIRY_GRACE_MS + 90_000);
    const result = await sweep(tenant);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await readTask(tenant, task.taskId)).toMatchObject({
      status: "Expired",
      refundPending: false,
      refundTxHash: expect.stringMatching(/^0x/),
    });
    expect((await escrow().getTask(task.taskId as Hex)).status).toBe("Expired");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });
  });

  it("a settled or cancelled task past its deadline is left alone", async () => {
    const { tenant, task } = await openTask(2, 6);
    await claimAndSubmit(task.taskId, true);
    const timestamp = Math.floor(h.runtime.deps.clock.now().getTime() / 1000);
    const resolverSignature = await signOracleResolution({
      contracts: await escrow().contracts(),
      chainId: escrow().chainId,
      resolution: { taskId: task.taskId as Hex, approved: true, timestamp: BigInt(timestamp) },
    });
    const settled = await api(h, "POST", `/webhooks/task-verify/${task.taskId}`, {
      body: { approved: true, resolverSignature, timestamp },
    });
    expect(settled.status, settled.text).toBe(200);
    const cancelled = (await postTask(h, tenant, { amountUSDC: 1, durationSeconds: 60 })).body;
    expect((await api(h, "DELETE", `/tasks/${cancelled.taskId}`, { key: tenant.adminKey })).status).toBe(204);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 4, escrowedUSDC: 0 });

    await advanceChainTime(h.chain.rpcUrl, GRACE_SECONDS + 120n);
    clockAt(Date.parse(cancelled.deadline) + EXPIRY_GRACE_MS + 120_000);
    const expire = vi.spyOn(escrow(), "expire");
    await deadlineJob(tenant, task.taskId);
    await deadlineJob(tenant, cancelled.taskId);
    await sweep(tenant);
    expect(expire.mock.calls.map((call) => call[0])).not.toContain(task.taskId);
    expect(expire.mock.calls.map((call) => call[0])).not.toContain(cancelled.taskId);
    expect(await readTask(tenant, task.taskId)).toMatchObject({ status: "Settled", refundPending: false });
    expect(await readTask(tenant, cancelled.taskId)).toMatchObject({
      status: "Cancelled",
      refundPending: false,
    });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 4, escrowedUSDC: 0 });
  });
});
