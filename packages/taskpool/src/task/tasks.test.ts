import { TaskEscrowError } from "@tally/providers";
import { advanceChainTime } from "@tally/providers/test-support";
import {
  api,
  createCreator,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  postTask,
  publishedCampaign,
  readTaskPool,
  registerTaskPool,
  type TaskRecord,
  useHarness,
} from "@tally/testing";
import type { Hex } from "viem";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();

type TaskList = { data: TaskRecord[]; total: number; limit: number; offset: number };

describe("POST /tasks and DELETE /tasks/{taskId}", () => {
  it("escrows the amount on chain, opens the task, and refunds it on cancel: money conserved at each step", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    await fundedTaskPool(h, tenant, 20);
    await expectTaskPoolConserved(h, tenant);
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const created = await postTask(h, tenant, { amountUSDC: 7.25, verificationMethod: "AIEval" });
    const published = events.mock.calls.filter((call) => call[1] === "task-created").map((call) => call[2]);
    events.mockRestore();
    expect(created.status, created.text).toBe(201);
    const task = created.body;
    expect(task).toMatchObject({
      status: "Open",
      amountUSDC: 7.25,
      amountAtomic: "7250000",
      verificationMethod: "AIEval",
      merchantAddress: "0x000000000000000000000000000000000000dead",
      claimedBy: null,
      campaignId: null,
      createTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(task.taskId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(published).toEqual([{ organizationId: tenant.organizationId, taskId: task.taskId }]);
    const escrow = h.runtime.deps.providers.taskEscrow;
    const onChain = await escrow.getTask(task.taskId as Hex);
    expect(onChain).toMatchObject({ status: "Open", amount: 7_250_000n, method: "AIEval" });
    expect(Number(onChain.deadline) * 1000).toBe(Date.parse(task.deadline));
    const chainNow = await escrow.chainTime();
    expect(onChain.deadline - chainNow).toBeGreaterThan(3500n);
    expect(onChain.deadline - chainNow).toBeLessThanOrEqual(3600n);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({
      balanceUSDC: 12.75,
      escrowedUSDC: 7.25,
    });

    const read = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId.toUpperCase().replace("0X", "0x")}`, {
      key: tenant.adminKey,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(task);

    const cancelled = await api(h, "DELETE", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(cancelled.status, cancelled.text).toBe(204);
    expect((await escrow.getTask(task.taskId as Hex)).status).toBe("Cancelled");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 20, escrowedUSDC: 0 });
    const after = await api<TaskRecord>(h, "GET", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(after.body).toMatchObject({ status: "Cancelled", refundTxHash: expect.stringMatching(/^0x/) });
    const again = await api(h, "DELETE", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expectError(again, 409, "invalid_state");
    expect(again.body).toMatchObject({ context: { currentStatus: "Cancelled", allowedFrom: ["Open"] } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 20 });
  });

  it("refuses a task the pool cannot cover with 409 and writes nothing; no pool is 409 too", async () => {
    const tenant = await h.createTenant();
    expectError(await postTask(h, tenant, { amountUSDC: 1 }), 409, "conflict");
    await fundedTaskPool(h, tenant, 3);
    const createTask = vi.spyOn(h.runtime.deps.providers.taskEscrow, "createTask");
    const short = await postTask(h, tenant, { amountUSDC: 3.000001 });
    expect(createTask).not.toHaveBeenCalled();
    createTask.mockRestore();
    expectError(short, 409, "insufficient_funds");
    expect(short.body).toMatchObject({ context: { availableAtomic: "3000000", requiredAtomic: "3000001" } });
    const listed = await api<TaskList>(h, "GET", "/tasks", { key: tenant.adminKey });
    expect(listed.body).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
    expect(listed.headers.get("x-total-count")).toBe("0");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
  });

  it("never overdraws the pool under concurrent creates", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 10);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => postTask(h, tenant, { amountUSDC: 3 })),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses, attempts.map((attempt) => attempt.text).join("\n")).toEqual([
      201, 201, 201, 409, 409, 409,
    ]);
    for (const refused of attempts.filter((attempt) => attempt.status === 409))
      expectError(refused, 409, "insufficient_funds");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 1, escrowedUSDC: 9 });
  });

  it("validates the input: 7 decimals, a bad method, unknown fields and a foreign campaign", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const tooPrecise = await postTask(h, tenant, { amountUSDC: 1.1234567 });
    expectError(tooPrecise, 422, "validation_failed");
    expect(tooPrecise.body).toMatchObject({ details: [{ field: "amountUSDC" }] });
    expectError(
      await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "Vibes" }),
      422,
      "validation_failed",
    );
    expectError(await postTask(h, tenant, { amountUSDC: 1, status: "Settled" }), 422, "validation_failed");
    expectError(await postTask(h, tenant, { amountUSDC: 1, durationSeconds: 10 }), 422, "validation_failed");
    const other = await h.createTenant();
    const foreign = await publishedCampaign(h, other, await createCreator(h, other));
    expectError(await postTask(h, tenant, { amountUSDC: 1, campaignId: foreign.id }), 404, "not_found");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });
  });
});

describe("GET /tasks, /tasks/{taskId}, /tasks/analytics/summary", () => {
  it("lists newest first with status and campaignId filters, summarizes, and hides other tenants' tasks", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const campaign = await publishedCampaign(h, tenant, creator);
    await fundedTaskPool(h, tenant, 10);
    const first = (
      await postTask(h, tenant, { amountUSDC: 1, campaignId: campaign.id, durationSeconds: 600 })
    ).body;
    const second = (await postTask(h, tenant, { amountUSDC: 2 })).body;
    const third = (await postTask(h, tenant, { amountUSDC: 3, campaignId: campaign.id })).body;
    expect(first.campaignId).toBe(campaign.id);
    expect((await api(h, "DELETE", `/tasks/${second.taskId}`, { key: tenant.adminKey })).status).toBe(204);

    const list = (query: string) => api<TaskList>(h, "GET", `/tasks${query}`, { key: tenant.adminKey });
    const all = await list("");
    expect(all.body.data.map((task) => task.taskId)).toEqual([third.taskId, second.taskId, first.taskId]);
    expect(all.body.total).toBe(3);
    const page = await list("?limit=1&offset=1");
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ taskId: second.taskId }] });
    const open = await list("?status=Open");
    expect(open.body.data.map((task) => task.taskId)).toEqual([third.taskId, first.taskId]);
    const ofCampaign = await list(`?campaignId=${campaign.id}&status=Open`);
    expect(ofCampaign.body.total).toBe(2);
    expectError(await list("?status=Done"), 422, "validation_failed");

    const summary = await api(h, "GET", "/tasks/analytics/summary", { key: tenant.adminKey });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body).toEqual({
      totalCreated: 3,
      active: 2,
      completed: 0,
      expired: 0,
      cancelled: 1,
      valueEscrowedUSDC: 4,
      valueEscrowedAtomic: "4000000",
    });
    expect(await readTaskPool(h, tenant)).toMatchObject({ balanceUSDC: 6, escrowedUSDC: 4 });

    const other = await h.createTenant();
    await registerTaskPool(h, other);
    expectError(await api(h, "GET", `/tasks/${first.taskId}`, { key: other.adminKey }), 404, "not_found");
    expectError(await api(h, "DELETE", `/tasks/${first.taskId}`, { key: other.adminKey }), 404, "not_found");
    expect((await api<TaskList>(h, "GET", "/tasks", { key: other.adminKey })).body.total).toBe(0);
    expectError(
      await api(h, "GET", `/tasks/${first.taskId}`, { key: tenant.memberKey }),
      403,
      "role_required",
    );
    expectError(await api(h, "GET", "/tasks/not-a-task", { key: tenant.adminKey }), 422, "validation_failed");
    await expectTaskPoolConserved(h, tenant);
  });
});

describe("when the escrow fails", () => {
  it("a refused or unsent create leaves nothing; an unknown outcome stays Creating until the chain settles it", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    const escrow = h.runtime.deps.providers.taskEscrow;
    const createTask = vi.spyOn(escrow, "createTask");
    createTask.mockRejectedValueOnce(
      new TaskEscrowError("reverted", "refused", { revert: { error: "TaskExists", args: [] } }),
    );
    const refused = await postTask(h, tenant, { amountUSDC: 2 });
    expectError(refused, 409, "conflict");
    expect(refused.body).toMatchObject({ context: { revert: "TaskExists" } });
    createTask.mockRejectedValueOnce(new TaskEscrowError("unavailable", "the RPC is down"));
    const unsent = await postTask(h, tenant, { amountUSDC: 2 });
    expectError(unsent, 503, "service_unavailable");
    expect((await api<TaskList>(h, "GET", "/tasks", { key: tenant.adminKey })).body.total).toBe(0);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });

    createTask.mockRejectedValueOnce(
      new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: `0x${"cd".repeat(32)}` }),
    );
    const unknown = await postTask(h, tenant, { amountUSDC: 2, durationSeconds: 120 });
    createTask.mockRestore();
    expectError(unknown, 503, "service_unavailable");
    const context = (unknown.body as { context?: { taskId?: string; status?: string } }).context;
    expect(context).toMatchObject({ status: "Creating" });
    const pending = await api<TaskRecord>(h, "GET", `/tasks/${context!.taskId}`, { key: tenant.adminKey });
    expect(pending.body).toMatchObject({ status: "Creating", amountUSDC: 2 });
    // Not a task yet: the default list leaves it out; asked for by status, it is listed.
    expect((await api<TaskList>(h, "GET", "/tasks", { key: tenant.adminKey })).body.total).toBe(0);
    const creating = await api<TaskList>(h, "GET", "/tasks?status=Creating", { key: tenant.adminKey });
    expect(creating.body).toMatchObject({
      total: 1,
      data: [{ taskId: context!.taskId, status: "Creating" }],
    });
    expect(await readTaskPool(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
    await advanceChainTime(h.chain.rpcUrl, 600n);
    const gone = await api(h, "GET", `/tasks/${context!.taskId}`, { key: tenant.adminKey });
    expectError(gone, 404, "not_found");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5, escrowedUSDC: 0 });
  });

  it("a cancel whose refund could not be sent stays Cancelled, and DELETE again finishes it", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 4);
    const task = (await postTask(h, tenant, { amountUSDC: 4 })).body;
    const escrow = h.runtime.deps.providers.taskEscrow;
    const cancel = vi
      .spyOn(escrow, "cancelTask")
      .mockRejectedValueOnce(new TaskEscrowError("unavailable", "down"));
    const failed = await api(h, "DELETE", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    cancel.mockRestore();
    expectError(failed, 503, "service_unavailable");
    expect(failed.body).toMatchObject({ context: { status: "Cancelled", refundPending: true } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 0, escrowedUSDC: 4 });
    const retried = await api(h, "DELETE", `/tasks/${task.taskId}`, { key: tenant.adminKey });
    expect(retried.status, retried.text).toBe(204);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 4, escrowedUSDC: 0 });
  });
});
