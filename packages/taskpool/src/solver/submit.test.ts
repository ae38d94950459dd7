import { TaskEscrowError } from "@tally/providers";
import {
  api,
  claimTaskAs,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  postTask,
  registeredSolver,
  submitTaskAs,
  type TaskRecord,
  type TestSolver,
  useHarness,
} from "@tally/testing";
import type { Hex } from "viem";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();

const claim = (taskId: string, solver: TestSolver) => claimTaskAs(h, solver, taskId);
const submit = (
  taskId: string,
  solver: TestSolver,
  submissionHash: string,
  metadata?: Record<string, unknown>,
) => submitTaskAs(h, solver, taskId, { submissionHash, ...(metadata ? { metadata } : {}) });

const HASH = `0x${"5a".repeat(32)}`;

describe("POST /solver/tasks/{taskId}/submit", () => {
  it("relays the claimant's submission on chain, then records it and requests verification", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 2, verificationMethod: "AIEval" })).body;
    const solver = await registeredSolver(h);
    const other = await registeredSolver(h);
    expectError(await submit(task.taskId, solver, HASH), 409, "invalid_state");
    expect((await claim(task.taskId, solver)).status).toBe(200);
    const foreign = await submit(task.taskId, other, HASH);
    expectError(foreign, 403, "forbidden");
    expect(foreign.body).toMatchObject({ context: { reason: "not_claimant" } });
    expectError(await submit(task.taskId, solver, "0x1234"), 422, "validation_failed");
    // The claim's signature does not stand for a submission.
    const unsigned = await api(h, "POST", `/solver/tasks/${task.taskId}/submit`, {
      body: { solverAddress: solver.address, submissionHash: HASH },
    });
    expectError(unsigned, 401, "signature_required");

    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const submitted = await submit(task.taskId, solver, HASH.toUpperCase().replace("0X", "0x"), {
      url: "https://example.com/work",
    });
    const requested = events.mock.calls.filter((call) => call[1] === "task-verification-requested");
    events.mockRestore();
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({
      status: "SubmittedForVerification",
      claimedBy: solver.address,
      submissionHash: HASH,
      submitTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(requested.map((call) => call[2])).toEqual([
      { organizationId: tenant.organizationId, taskId: task.taskId, submissionId: HASH },
    ]);
    const onChain = await h.runtime.deps.providers.taskEscrow.getTask(task.taskId as Hex);
    expect(onChain).toMatchObject({ status: "Submitted", deliverable: HASH });
    expect(onChain.solver?.toLowerCase()).toBe(solver.address);
    expectError(await submit(task.taskId, solver, HASH), 409, "invalid_state");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
  });

  it("a chain failure leaves the task Claimed: 503 or 409 naming the refusal, and an unknown outcome is settled by submitting again", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const solver = await registeredSolver(h);
    expect((await claim(task.taskId, solver)).status).toBe(200);
    const escrow = h.runtime.deps.providers.taskEscrow;
    const send = vi.spyOn(escrow, "submit");
    send.mockRejectedValueOnce(new TaskEscrowError("unavailable", "the RPC is down"));
    const unsent = await submit(task.taskId, solver, HASH);
    expectError(unsent, 503, "service_unavailable");
    const read = () => api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect((await read()).body).toMatchObject({ status: "Claimed", submissionHash: null });
    send.mockRejectedValueOnce(
      new TaskEscrowError("reverted", "refused", { revert: { error: "ZeroAddress", args: [] } }),
    );
    const refused = await submit(task.taskId, solver, HASH);
    expectError(refused, 409, "conflict");
    expect(refused.body).toMatchObject({ context: { revert: "ZeroAddress" } });
    expect((await read()).body).toMatchObject({ status: "Claimed", submissionHash: null });

    // Signed, then the RPC failed: the submission stays pending; submitting again settles it (here: resent).
    send.mockRejectedValueOnce(
      new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: `0x${"cd".repeat(32)}` }),
    );
    const unknown = await submit(task.taskId, solver, HASH);
    send.mockRestore();
    expectError(unknown, 503, "service_unavailable");
    expect(unknown.body).toMatchObject({ context: { submissionPending: true } });
    expect((await read()).body).toMatchObject({ status: "Claimed", submissionHash: HASH });
    const retried = await submit(task.taskId, solver, HASH);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ status: "SubmittedForVerification", submissionHash: HASH });
  });
});
