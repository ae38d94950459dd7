import { evidenceHash, judgeByTerms, LOCAL_LLM_MODEL, LOCAL_LLM_TRIGGERS } from "@tally/providers";
import {
  api,
  eventually,
  expectTaskPoolConserved,
  fundedTaskPool,
  handlerDeps,
  postTask,
  solverSubmitted,
  type TaskRecord,
  type Tenant,
  usdcAtomic,
  useHarness,
} from "@tally/testing";
import type { Address, Hex } from "viem";
import { describe, expect, it, vi } from "vitest";
import { sweepTaskPool } from "../sweep.ts";
import { AIEVAL_STALLED_MS, verifyByAi } from "./evaluate.ts";

const h = useHarness({ retryDelaySeconds: 1 });
const HASH = `0x${"a1".repeat(32)}`;

/** Nine required terms: the local model is 0.9 sure either way. */
const LONG_CRITERIA = "Translate the product page into French, keeping the pricing table and checkout button";
const GOOD_CONTENT = "French: translate product page, keeping pricing table and checkout button";
/** Four required terms: the local model is only 0.6 sure. */
const SHORT_CRITERIA = "Translate the product page into French";

const escrow = () => h.runtime.deps.providers.taskEscrow;
const llm = () => h.runtime.deps.providers.llm;

const readTask = async (tenant: Tenant, taskId: string): Promise<TaskRecord> => {
  const response = await api<TaskRecord>(h, "GET", `/tasks/${taskId}`, { key: tenant.adminKey });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

/** The task once its evaluation has an outcome: concluded, or flagged for review. */
const answered = (tenant: Tenant, taskId: string) =>
  eventually(async () => {
    const task = await readTask(tenant, taskId);
    return task.status !== "SubmittedForVerification" || task.reviewRequestedAt !== null ? task : undefined;
  });

/** An AIEval task of `usdc` (pool of 5), claimed and submitted by a fresh solver with `content`. */
const submitted = async (criteria: string, content: string, usdc = 2) => {
  const tenant = await h.createTenant();
  await fundedTaskPool(h, tenant, 5);
  const created = await postTask(h, tenant, {
    amountUSDC: usdc,
    acceptanceCriteria: criteria,
    verificationMethod: "AIEval",
  });
  expect(created.status, created.text).toBe(201);
  const taskId = created.body.taskId;
  expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 5 - usdc });
  const solver = await solverSubmitted(h, taskId, {
    submissionHash: HASH,
    metadata: { content, language: "fr" },
  });
  await expectTaskPoolConserved(h, tenant);
  return { tenant, taskId, solver };
};

describe("AIEval verification (the taskpool-aieval subscriber)", () => {
  it("content the model approves settles on its own: Settled on chain, the solver paid, money conserved; a replayed event evaluates nothing again", async () => {
    const evaluate = vi.spyOn(llm(), "evaluate");
    const { tenant, taskId, solver } = await submitted(LONG_CRITERIA, GOOD_CONTENT);
    const task = await answered(tenant, taskId);
    expect(task).toMatchObject({
      status: "Settled",
      reviewRequestedAt: null,
      resolvedBy: null,
      evaluation: { score: 100, confidence: 0.9, verdict: "approve", model: LOCAL_LLM_MODEL },
    });
    const judgement = judgeByTerms({
      acceptanceCriteria: LONG_CRITERIA,
      submission: { submissionHash: HASH, content: GOOD_CONTENT, metadata: { language: "fr" } },
      idempotencyKey: "k",
    });
    expect(task.evaluation?.evidenceHash).toBe(
      evidenceHash({ ...judgement, model: LOCAL_LLM_MODEL, evidence: JSON.stringify(judgement) }),
    );
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
    const calls = evaluate.mock.calls.filter(([request]) => request.idempotencyKey.startsWith(taskId));
    expect(calls).toHaveLength(1);
    expect(calls[0]![0].submission).toEqual({
      submissionHash: HASH,
      content: GOOD_CONTENT,
      metadata: { language: "fr" },
    });

    const resolve = vi.spyOn(escrow(), "resolve");
    await h.runtime.deps.events.publish(h.database.db, "task-verification-requested", {
      organizationId: tenant.organizationId,
      taskId,
      submissionId: HASH,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // And once more as the worker runs it, awaited.
    await verifyByAi(handlerDeps(h), { organizationId: tenant.organizationId, taskId, submissionId: HASH });
    expect(evaluate.mock.calls.filter(([request]) => request.idempotencyKey.startsWith(taskId))).toHaveLength(
      1,
    );
    expect(resolve).not.toHaveBeenCalled();
    resolve.mockRestore();
    evaluate.mockRestore();
    expect((await readTask(tenant, taskId)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
  });

  it("content the model rejects confidently opens the task again, its escrow kept", async () => {
    const { tenant, taskId, solver } = await submitted(LONG_CRITERIA, "Bonjour tout le monde");
    const task = await answered(tenant, taskId);
    expect(task).toMatchObject({
      status: "Open",
      claimedBy: null,
      submissionHash: null,
      reviewRequestedAt: null,
      evaluation: { score: 0, confidence: 0.9, verdict: "reject" },
    });
    expect(await escrow().getTask(taskId as Hex)).toMatchObject({ status: "Open", solver: null });
    expect(await escrow().claimable(solver.address as Address)).toBe(0n);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
  });

  it("a retryable model failure throws, so the bus retries it; the task waits, unflagged", async () => {
    const evaluate = vi.spyOn(llm(), "evaluate");
    const { tenant, taskId } = await submitted(
      LONG_CRITERIA,
      `${GOOD_CONTENT} ${LOCAL_LLM_TRIGGERS.unavailable}`,
    );
    const ours = () => evaluate.mock.calls.filter(([request]) => request.idempotencyKey.startsWith(taskId));
    await eventually(async () => (ours().length >= 2 ? true : undefined));
    const keys = new Set(ours().map(([request]) => request.idempotencyKey));
    evaluate.mockRestore();
    // Every attempt asked under the same key: one evaluation, however many tries.
    expect(keys.size).toBe(1);
    expect(await readTask(tenant, taskId)).toMatchObject({
      status: "SubmittedForVerification",
      reviewRequestedAt: null,
      evaluation: null,
    });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });

    // An hour on, still without an evaluation (the bus gave up on the model): the sweep hands it to an admin.
    const sweep = () => sweepTaskPool(handlerDeps(h), { organizationId: tenant.organizationId });
    expect((await sweep()).evaluationsFlagged).toBe(0);
    const later = new Date(h.runtime.deps.clock.now().getTime() + AIEVAL_STALLED_MS + 1000);
    const clock = vi.spyOn(h.runtime.deps.clock, "now").mockReturnValue(later);
    const swept = await sweep();
    clock.mockRestore();
    expect(swept.evaluationsFlagged).toBe(1);
    expect(await readTask(tenant, taskId)).toMatchObject({
      status: "SubmittedForVerification",
      reviewReason: "llm_failed: no evaluation an hour after the submission",
    });
    const pending = await api<{ data: TaskRecord[] }>(h, "GET", "/admin/tasks/pending-review", {
      key: tenant.adminKey,
    });
    expect(pending.body.data.map((task) => task.taskId)).toEqual([taskId]);
  });

  it("an invalid reply flags the task for review with the reason, nothing resolved", async () => {
    const { tenant, taskId } = await submitted(
      LONG_CRITERIA,
      `${GOOD_CONTENT} ${LOCAL_LLM_TRIGGERS.invalidReply}`,
    );
    const task = await answered(tenant, taskId);
    expect(task).toMatchObject({ status: "SubmittedForVerification", evaluation: null });
    expect(task.reviewReason).toMatch(/^llm_failed: invalid_reply: /);
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Submitted");
    const pending = await api<{ data: TaskRecord[]; total: number }>(
      h,
      "GET",
      "/admin/tasks/pending-review",
      {
        key: tenant.adminKey,
      },
    );
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(pending.body.data[0]).toMatchObject({ taskId, reviewReason: task.reviewReason });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
  });

  it("a low score waits for an admin: listed for review, then approved by the admin (Settled), or rejected (Open)", async () => {
    const first = await submitted(SHORT_CRITERIA, "translate product");
    const flagged = await answered(first.tenant, first.taskId);
    expect(flagged).toMatchObject({
      status: "SubmittedForVerification",
      evaluation: { score: 50, confidence: 0.6, verdict: "reject" },
    });
    expect(flagged.reviewReason).toMatch(/^below_threshold: /);
    expect((await escrow().getTask(first.taskId as Hex)).status).toBe("Submitted");

    // A second flagged task of the same organization, later: the list is oldest first.
    const tenant = first.tenant;
    const other = await postTask(h, tenant, {
      amountUSDC: 1,
      acceptanceCriteria: SHORT_CRITERIA,
      verificationMethod: "AIEval",
    });
    await solverSubmitted(h, other.body.taskId, { submissionHash: HASH, metadata: { content: "…" } });
    const second = await answered(tenant, other.body.taskId);
    expect(second.reviewReason).toMatch(/^low_confidence: /);

    const list = (query = "") =>
      api<{ data: TaskRecord[]; total: number; limit: number; offset: number }>(
        h,
        "GET",
        `/admin/tasks/pending-review${query}`,
        { key: tenant.adminKey },
      );
    const page = await list();
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("2");
    expect(page.body.data.map((task) => task.taskId)).toEqual([first.taskId, other.body.taskId]);
    expect((await list("?limit=1&offset=1")).body).toMatchObject({
      total: 2,
      limit: 1,
      offset: 1,
      data: [{ taskId: other.body.taskId }],
    });

    const approved = await api<TaskRecord>(h, "POST", `/admin/tasks/${first.taskId}/resolve`, {
      key: tenant.adminKey,
      body: { approved: true, adminNotes: "Good enough for the French market" },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: "Settled",
      reviewRequestedAt: null,
      adminNotes: "Good enough for the French market",
      resolvedBy: expect.any(String),
    });
    expect(await escrow().claimable(first.solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 2, escrowedUSDC: 1 });

    const rejected = await api<TaskRecord>(h, "POST", `/admin/tasks/${other.body.taskId}/resolve`, {
      key: tenant.adminKey,
      body: { approved: false },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: "Open", claimedBy: null, reviewRequestedAt: null });
    expect((await escrow().getTask(other.body.taskId as Hex)).status).toBe("Open");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 2, escrowedUSDC: 1 });
    expect((await list()).body).toMatchObject({ total: 0, data: [] });

    // Resolved already: 409 naming the state.
    const again = await api(h, "POST", `/admin/tasks/${first.taskId}/resolve`, {
      key: tenant.adminKey,
      body: { approved: false },
    });
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({ code: "invalid_state", context: { currentStatus: "Settled" } });
  });

  it("retry-verification evaluates an AIEval submission again now, under a new key, and answers it", async () => {
    const { tenant, taskId, solver } = await submitted(SHORT_CRITERIA, "translate product");
    const flagged = await answered(tenant, taskId);
    expect(flagged.reviewReason).toMatch(/^below_threshold: /);
    const evaluate = vi.spyOn(llm(), "evaluate");
    // The model answers differently this time: confident approval.
    evaluate.mockResolvedValueOnce({
      score: 88,
      confidence: 0.85,
      verdict: "approve",
      reasoning: "Mostly there",
      model: "stub",
      evidence: "{}",
    });
    const retried = await api<{ action: string; task: TaskRecord }>(
      h,
      "POST",
      `/admin/tasks/${taskId}/retry-verification`,
      { key: tenant.adminKey },
    );
    const keys = evaluate.mock.calls.map(([request]) => request.idempotencyKey);
    evaluate.mockRestore();
    expect(retried.status, retried.text).toBe(200);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${taskId}:${HASH}:\\d+:retry:\\d+$`));
    expect(retried.body).toMatchObject({
      action: "evaluated",
      task: { status: "Settled", reviewRequestedAt: null, evaluation: { score: 88, model: "stub" } },
    });
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
  });
});
