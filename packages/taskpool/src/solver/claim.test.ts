import {
  api,
  claimTaskAs,
  expectError,
  fundedTaskPool,
  handlerDeps,
  postTask,
  registeredSolver,
  type TaskRecord,
  type TestSolver,
  useHarness,
} from "@tally/testing";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";
import { CLAIM_LEASE_MS, endClaimLease } from "./claim.ts";

const h = useHarness();

type TaskList = { data: TaskRecord[]; total: number };

const claim = (taskId: string, solver: TestSolver) => claimTaskAs(h, solver, taskId);

describe("POST /solver/tasks/{taskId}/claim", () => {
  it("of 10 concurrent claims exactly one wins; the rest are 409 naming the state", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 2 })).body;
    const solvers = await Promise.all(Array.from({ length: 10 }, () => registeredSolver(h)));
    const answers = await Promise.all(solvers.map((solver) => claim(task.taskId, solver)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won, answers.map((answer) => answer.text).join("\n")).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.status !== 200)) {
      expectError(lost, 409, "invalid_state");
      expect(lost.body).toMatchObject({ context: { currentStatus: "Claimed", allowedFrom: ["Open"] } });
    }
    const winner = won[0]!.body;
    expect(winner).toMatchObject({ status: "Claimed", taskId: task.taskId });
    expect(solvers.map((solver) => solver.address)).toContain(winner.claimedBy);
    const lease = Date.parse(winner.claimExpiresAt!) - Date.parse(winner.updatedAt);
    expect(lease).toBe(CLAIM_LEASE_MS);
    const read = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(read.body).toMatchObject({ status: "Claimed", claimedBy: winner.claimedBy });
    const performance = await api(h, "GET", `/solver/performance/${winner.claimedBy}`);
    expect(performance.body).toMatchObject({
      totalTasksClaimed: 1,
      totalTasksCompleted: 0,
      reputationScore: 0,
    });
    const open = await api<TaskList>(h, "GET", "/solver/tasks?limit=100");
    expect(open.body.data.map((row) => row.taskId)).not.toContain(task.taskId);
  });

  it("refuses an unregistered solver, an unknown task and a task past its deadline; the lease is min(30 min, deadline)", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const short = (await postTask(h, tenant, { amountUSDC: 1, durationSeconds: 600 })).body;
    const account = privateKeyToAccount(generatePrivateKey());
    const stranger = { address: account.address.toLowerCase(), account };
    const refused = await claim(short.taskId, stranger);
    expectError(refused, 403, "forbidden");
    expect(refused.body).toMatchObject({ context: { reason: "solver_not_registered" } });
    const solver = await registeredSolver(h);
    expectError(await claim(`0x${"ab".repeat(32)}`, solver), 404, "not_found");
    const clock = vi
      .spyOn(h.runtime.deps.clock, "now")
      .mockReturnValue(new Date(Date.parse(short.deadline) + 1000));
    const late = await claim(short.taskId, solver);
    clock.mockRestore();
    expectError(late, 409, "invalid_state");
    const claimed = await claim(short.taskId, solver);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.claimExpiresAt).toBe(short.deadline);
  });

  it("a lease that ran out makes the task Open again: lazily on read and claim, and by its job", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const first = await registeredSolver(h);
    const second = await registeredSolver(h);
    const claimed = (await claim(task.taskId, first)).body;
    expectError(await claim(task.taskId, second), 409, "invalid_state");
    const afterLease = new Date(Date.parse(claimed.claimExpiresAt!) + 1000);
    const clock = vi.spyOn(h.runtime.deps.clock, "now").mockReturnValue(afterLease);
    // Lazily on read: the solver list releases it.
    const listed = await api<TaskList>(h, "GET", "/solver/tasks?limit=100");
    expect(listed.body.data.find((row) => row.taskId === task.taskId)).toMatchObject({
      status: "Open",
      claimedBy: null,
      claimExpiresAt: null,
    });
    // Lazily on claim: another solver takes it once the first lease ran out.
    const publish = vi.spyOn(h.runtime.deps.events, "publish");
    const reclaimed = await claim(task.taskId, second);
    const jobs = publish.mock.calls.filter((call) => call[1] === "task-claim-lease-ended");
    publish.mockRestore();
    expect(reclaimed.status, reclaimed.text).toBe(200);
    expect(reclaimed.body.claimedBy).toBe(second.address);
    // By the job published with the claim, to run at the lease's end.
    expect(jobs.map((call) => [call[2], call[3]])).toEqual([
      [
        { organizationId: tenant.organizationId, taskId: task.taskId },
        { startAfter: new Date(reclaimed.body.claimExpiresAt!) },
      ],
    ]);
    clock.mockReturnValue(new Date(Date.parse(reclaimed.body.claimExpiresAt!) - 1000));
    await endClaimLease(handlerDeps(h), { organizationId: tenant.organizationId, taskId: task.taskId });
    const early = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(early.body).toMatchObject({ status: "Claimed", claimedBy: second.address });
    clock.mockReturnValue(new Date(Date.parse(reclaimed.body.claimExpiresAt!) + 1000));
    await endClaimLease(handlerDeps(h), { organizationId: tenant.organizationId, taskId: task.taskId });
    clock.mockRestore();
    const read = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(read.body).toMatchObject({ status: "Open", claimedBy: null });
  });

  it("needs the solver's signature of the claim: unsigned, signed by another key, for another task or stale is 401", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const other = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const solver = await registeredSolver(h);
    const impostor = await registeredSolver(h);
    const attempt = (body: Record<string, unknown>) =>
      api<TaskRecord>(h, "POST", `/solver/tasks/${task.taskId}/claim`, {
        body: { solverAddress: solver.address, ...body },
      });
    const issuedAt = h.runtime.deps.clock.now().toISOString();
    const message = (taskId: string, at = issuedAt) =>
      `Tally task claim\nAddress: ${solver.address}\nTask: ${taskId}\nIssued at: ${at}`;

    const unsigned = await attempt({});
    expectError(unsigned, 401, "signature_required");
    expect(unsigned.body).toMatchObject({
      context: { reason: "missing", message: message(task.taskId, "<issuedAt>") },
    });
    const foreign = await attempt({
      issuedAt,
      signedTx: await impostor.account.signMessage({ message: message(task.taskId) }),
    });
    expect(foreign.body).toMatchObject({ code: "signature_required", context: { reason: "mismatch" } });
    const elsewhere = await attempt({
      issuedAt,
      signedTx: await solver.account.signMessage({ message: message(other.taskId) }),
    });
    expect(elsewhere.body).toMatchObject({ code: "signature_required", context: { reason: "mismatch" } });
    const staleAt = new Date(Date.parse(issuedAt) - 301_000).toISOString();
    const stale = await attempt({
      issuedAt: staleAt,
      signedTx: await solver.account.signMessage({ message: message(task.taskId, staleAt) }),
    });
    expect(stale.body).toMatchObject({ code: "signature_required", context: { reason: "stale" } });
    const read = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(read.body).toMatchObject({ status: "Open", claimedBy: null });

    const signed = await attempt({
      issuedAt,
      signedTx: await solver.account.signMessage({ message: message(task.taskId) }),
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body).toMatchObject({ status: "Claimed", claimedBy: solver.address });
  });
});
