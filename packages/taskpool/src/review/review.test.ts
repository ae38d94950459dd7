import { TaskEscrowError } from "@tally/providers";
import {
  api,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  postTask,
  solverSubmitted,
  type TaskRecord,
  type Tenant,
  usdcAtomic,
  useHarness,
} from "@tally/testing";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();
const HASH = `0x${"b2".repeat(32)}`;

const escrow = () => h.runtime.deps.providers.taskEscrow;

/** A task of `method` (1 USDC, pool of 3), claimed and submitted by a fresh solver. */
const submitted = async (method: "Oracle" | "Consensus", tenant?: Tenant) => {
  const owner = tenant ?? (await pooledTenant());
  const created = await postTask(h, owner, { amountUSDC: 1, verificationMethod: method });
  expect(created.status, created.text).toBe(201);
  const taskId = created.body.taskId;
  const solver = await solverSubmitted(h, taskId, { submissionHash: HASH });
  return { tenant: owner, taskId, solver };
};

/** A tenant with a pool of 3 USDC and a verifier set of one, so it can create Consensus tasks. */
const pooledTenant = async (): Promise<Tenant> => {
  const tenant = await h.createTenant();
  await fundedTaskPool(h, tenant, 3);
  const verifiers = [privateKeyToAccount(generatePrivateKey()).address];
  const set = await api(h, "PUT", "/tasks/pools/verifiers", {
    key: tenant.adminKey,
    body: { verifiers, threshold: 1 },
  });
  expect(set.status, set.text).toBe(200);
  return tenant;
};

const resolve = (tenant: Tenant, taskId: string, body: object, key = tenant.adminKey) =>
  api<TaskRecord>(h, "POST", `/admin/tasks/${taskId}/resolve`, { key, body });

const retry = (tenant: Tenant, taskId: string, key = tenant.adminKey) =>
  api<{ action: string; task: TaskRecord }>(h, "POST", `/admin/tasks/${taskId}/retry-verification`, { key });

describe("admin review: /admin/tasks/*", () => {
  it("an admin resolves a submitted Oracle task on chain: Settled, the solver paid, notes and key recorded", async () => {
    const { tenant, taskId, solver } = await submitted("Oracle");
    const settled = await resolve(tenant, taskId, { approved: true, adminNotes: "Checked by hand" });
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({
      status: "Settled",
      adminNotes: "Checked by hand",
      resolvedBy: expect.any(String),
    });
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(1));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 2, escrowedUSDC: 0 });
  });

  it("refuses a Consensus task, a task not submitted, another tenant's task and a MEMBER key", async () => {
    const tenant = await pooledTenant();
    const open = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const notSubmitted = await resolve(tenant, open.taskId, { approved: true });
    expectError(notSubmitted, 409, "invalid_state");
    expect(notSubmitted.body).toMatchObject({ context: { currentStatus: "Open" } });
    const notRetried = await retry(tenant, open.taskId);
    expectError(notRetried, 409, "invalid_state");
    expect(notRetried.body).toMatchObject({ context: { currentStatus: "Open" } });

    const consensus = await submitted("Consensus", tenant);
    const refused = await resolve(tenant, consensus.taskId, { approved: true });
    expectError(refused, 409, "invalid_state");
    expect(refused.text).toContain("/verify");
    expect(refused.body).toMatchObject({ context: { verificationMethod: "Consensus" } });
    expect((await escrow().getTask(consensus.taskId as Hex)).status).toBe("Submitted");

    const oracle = await submitted("Oracle", tenant);
    const stranger = await h.createTenant();
    expectError(await resolve(stranger, oracle.taskId, { approved: true }), 404, "not_found");
    expectError(await retry(stranger, oracle.taskId), 404, "not_found");
    expectError(
      await resolve(tenant, oracle.taskId, { approved: true }, tenant.memberKey),
      403,
      "role_required",
    );
    expectError(await retry(tenant, oracle.taskId, tenant.memberKey), 403, "role_required");
    expectError(
      await api(h, "GET", "/admin/tasks/pending-review", { key: tenant.memberKey }),
      403,
      "role_required",
    );
    expect((await escrow().getTask(oracle.taskId as Hex)).status).toBe("Submitted");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 0, escrowedUSDC: 3 });
  });

  it("retry-verification publishes an Oracle or Consensus task's request again, and reconciles a resolution whose outcome was unknown", async () => {
    const { tenant, taskId, solver } = await submitted("Oracle");
    const publish = vi.spyOn(h.runtime.deps.events, "publish");
    const republished = await retry(tenant, taskId);
    const requests = publish.mock.calls.filter(([, event]) => event === "task-verification-requested");
    publish.mockRestore();
    expect(republished.status, republished.text).toBe(200);
    expect(republished.body).toMatchObject({
      action: "republished",
      task: { taskId, status: "SubmittedForVerification" },
    });
    expect(requests.map(([, , payload]) => payload)).toEqual([
      { organizationId: tenant.organizationId, taskId, submissionId: HASH },
    ]);

    const consensus = await submitted("Consensus", tenant);
    expect((await retry(tenant, consensus.taskId)).body).toMatchObject({ action: "republished" });

    // The admin's approval is mined, then the RPC fails: the outcome is unknown (503).
    const send = vi.spyOn(escrow(), "resolve");
    send.mockImplementationOnce(async (id, approved) => {
      send.mockRestore();
      const write = await escrow().resolve(id, approved);
      throw new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: write.txHash });
    });
    const unknown = await resolve(tenant, taskId, { approved: true });
    expectError(unknown, 503, "service_unavailable");
    expect(unknown.body).toMatchObject({ context: { resolutionPending: true } });
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");

    const resend = vi.spyOn(escrow(), "resolve");
    const reconciled = await retry(tenant, taskId);
    expect(resend).not.toHaveBeenCalled();
    resend.mockRestore();
    expect(reconciled.status, reconciled.text).toBe(200);
    expect(reconciled.body).toMatchObject({ action: "reconciled", task: { status: "Settled" } });
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(1));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 1, escrowedUSDC: 1 });
  });
});
