import { TaskEscrowError } from "@tally/providers";
import { advanceChainTime, signOracleResolution } from "@tally/providers/test-support";
import {
  api,
  claimTaskAs,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  postTask,
  registeredSolver,
  solverSubmitted,
  type TaskRecord,
  type Tenant,
  usdcAtomic,
  useHarness,
} from "@tally/testing";
import type { Address, Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();
const HASH = `0x${"5a".repeat(32)}`;

interface VerifyResult {
  received: true;
  duplicate: boolean;
  task: TaskRecord;
}

const escrow = () => h.runtime.deps.providers.taskEscrow;
const nowSeconds = () => Math.floor(h.runtime.deps.clock.now().getTime() / 1000);

/** The oracle's callback body for a verdict, signed by the local oracle key unless another is given. */
const signedCallback = async (
  taskId: string,
  approved: boolean,
  options: { timestamp?: number; privateKey?: Hex; signedApproved?: boolean } = {},
) => {
  const timestamp = options.timestamp ?? nowSeconds();
  const resolverSignature = await signOracleResolution({
    contracts: await escrow().contracts(),
    chainId: escrow().chainId,
    resolution: {
      taskId: taskId as Hex,
      approved: options.signedApproved ?? approved,
      timestamp: BigInt(timestamp),
    },
    ...(options.privateKey ? { privateKey: options.privateKey } : {}),
  });
  return { approved, resolverSignature, timestamp };
};

const callback = (taskId: string, body: object) =>
  api<VerifyResult>(h, "POST", `/webhooks/task-verify/${taskId}`, { body });

const readTask = (tenant: Tenant, taskId: string) =>
  api<TaskRecord>(h, "GET", `/tasks/${taskId}`, { key: tenant.adminKey });

/** An Oracle task of `usdc` on a pool of `pool`, claimed and submitted by a fresh solver. */
const submittedTask = async (options: { usdc?: number; pool?: number; durationSeconds?: number } = {}) => {
  const tenant = await h.createTenant();
  await fundedTaskPool(h, tenant, options.pool ?? 5);
  const created = await postTask(h, tenant, {
    amountUSDC: options.usdc ?? 2,
    ...(options.durationSeconds ? { durationSeconds: options.durationSeconds } : {}),
  });
  expect(created.status, created.text).toBe(201);
  const task = created.body;
  expect(task.verificationMethod).toBe("Oracle");
  const solver = await solverSubmitted(h, task.taskId, { submissionHash: HASH });
  return { tenant, taskId: task.taskId, solver };
};

describe("POST /webhooks/task-verify/{taskId}", () => {
  it("an approved callback settles the task: Settled on chain, the solver's claimable credited, money conserved; a replay does nothing", async () => {
    const { tenant, taskId, solver } = await submittedTask();
    const body = { ...(await signedCallback(taskId, true)), resolutionMetadata: { confidence: 0.97 } };
    const settled = await callback(taskId, body);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({
      received: true,
      duplicate: false,
      task: { taskId, status: "Settled" },
    });
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });

    const replay = await callback(taskId, body);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toMatchObject({ duplicate: true, task: { status: "Settled" } });
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    // Another signed verdict on a settled task: 409 naming its state.
    const late = await callback(taskId, await signedCallback(taskId, false, { timestamp: nowSeconds() - 1 }));
    expectError(late, 409, "invalid_state");
    expect(late.body).toMatchObject({ context: { currentStatus: "Settled" } });
    expect((await readTask(tenant, taskId)).body.status).toBe("Settled");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
  });

  it("a rejection with time left opens the task again, claimable by a solver", async () => {
    const { tenant, taskId, solver } = await submittedTask();
    const rejected = await callback(taskId, await signedCallback(taskId, false));
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.task).toMatchObject({ status: "Open", claimedBy: null, submissionHash: null });
    expect(await escrow().getTask(taskId as Hex)).toMatchObject({ status: "Open", solver: null });
    expect(await escrow().claimable(solver.address as Address)).toBe(0n);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
    const again = await registeredSolver(h);
    const claimed = await claimTaskAs(h, again, taskId);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({ status: "Claimed", claimedBy: again.address });
  });

  it("a rejection past the deadline expires the task and refunds the pool", async () => {
    const { tenant, taskId } = await submittedTask({ durationSeconds: 60 });
    await advanceChainTime(h.chain.rpcUrl, 120n);
    const rejected = await callback(taskId, await signedCallback(taskId, false));
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.task).toMatchObject({
      status: "Expired",
      refundTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Expired");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });
  });

  it("refuses a wrong or stale signature, an unknown task, another method and another state", async () => {
    const { tenant, taskId } = await submittedTask();
    const foreign = await callback(
      taskId,
      await signedCallback(taskId, true, { privateKey: generatePrivateKey() }),
    );
    expectError(foreign, 401, "signature_required");
    expect(foreign.body).toMatchObject({ context: { reason: "mismatch" } });
    // The oracle signed a rejection; the body says approved.
    expectError(
      await callback(taskId, await signedCallback(taskId, true, { signedApproved: false })),
      401,
      "signature_required",
    );
    const stale = await callback(
      taskId,
      await signedCallback(taskId, true, { timestamp: nowSeconds() - 301 }),
    );
    expectError(stale, 401, "signature_required");
    expect(stale.body).toMatchObject({ context: { reason: "stale" } });
    expectError(
      await callback(taskId, { approved: true, timestamp: nowSeconds() }),
      422,
      "validation_failed",
    );
    const unknown = `0x${"ab".repeat(32)}`;
    expectError(await callback(unknown, await signedCallback(unknown, true)), 404, "not_found");
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");

    const aiEval = (await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "AIEval" })).body;
    const other = await callback(aiEval.taskId, await signedCallback(aiEval.taskId, true));
    expectError(other, 409, "invalid_state");
    expect(other.body).toMatchObject({ context: { verificationMethod: "AIEval" } });
    const open = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const notSubmitted = await callback(open.taskId, await signedCallback(open.taskId, true));
    expectError(notSubmitted, 409, "invalid_state");
    expect(notSubmitted.body).toMatchObject({ context: { currentStatus: "Open" } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 1, escrowedUSDC: 4 });
  });

  it("five concurrent identical callbacks settle once", async () => {
    const { tenant, taskId, solver } = await submittedTask({ usdc: 3 });
    const resolve = vi.spyOn(escrow(), "resolve");
    const body = await signedCallback(taskId, true);
    const answers = await Promise.all(Array.from({ length: 5 }, () => callback(taskId, body)));
    const sent = resolve.mock.calls.length;
    resolve.mockRestore();
    expect(sent).toBe(1);
    const concluded = answers.filter((answer) => answer.status === 200 && !answer.body.duplicate);
    expect(concluded).toHaveLength(1);
    for (const answer of answers)
      if (answer !== concluded[0])
        expect(
          (answer.status === 200 && answer.body.duplicate) ||
            (answer.status === 409 && (answer.body as { code?: string }).code === "conflict"),
          answer.text,
        ).toBe(true);
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(3));
    const replay = await callback(taskId, body);
    expect(replay.body).toMatchObject({ duplicate: true, task: { status: "Settled" } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 2, escrowedUSDC: 0 });
  });

  it("a refusal by the escrow answers 409 naming it and clears the claim, so the next delivery resolves at once", async () => {
    const { tenant, taskId } = await submittedTask();
    const resolve = vi.spyOn(escrow(), "resolve");
    resolve.mockRejectedValueOnce(
      new TaskEscrowError("reverted", "refused", { revert: { error: "ResolutionWindowClosed", args: [] } }),
    );
    const body = await signedCallback(taskId, false);
    const refused = await callback(taskId, body);
    expectError(refused, 409, "conflict");
    expect(refused.body).toMatchObject({ context: { revert: "ResolutionWindowClosed" } });
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    const rejected = await callback(taskId, body);
    resolve.mockRestore();
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ duplicate: false, task: { status: "Open" } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
  });

  it("a chain failure answers 503 and leaves the task submitted; an unknown outcome is read back on the next delivery", async () => {
    const { tenant, taskId, solver } = await submittedTask();
    const resolve = vi.spyOn(escrow(), "resolve");
    resolve.mockRejectedValueOnce(new TaskEscrowError("unavailable", "the RPC is down"));
    const body = await signedCallback(taskId, true);
    expectError(await callback(taskId, body), 503, "service_unavailable");
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Submitted");

    // Mined, then the RPC failed: the next delivery finds it settled on chain and records it.
    resolve.mockImplementationOnce(async (id, approved) => {
      resolve.mockRestore();
      const write = await escrow().resolve(id, approved);
      throw new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: write.txHash });
    });
    const unknown = await callback(taskId, body);
    expectError(unknown, 503, "service_unavailable");
    expect(unknown.body).toMatchObject({ context: { resolutionPending: true } });
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");

    const resend = vi.spyOn(escrow(), "resolve");
    const settled = await callback(taskId, body);
    expect(resend).not.toHaveBeenCalled();
    resend.mockRestore();
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ duplicate: false, task: { status: "Settled" } });
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
  });
});
