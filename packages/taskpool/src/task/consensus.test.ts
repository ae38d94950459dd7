import { TaskEscrowError } from "@tally/providers";
import { signConsensusResolution } from "@tally/providers/test-support";
import {
  api,
  claimTaskAs,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  postTask,
  readTaskPool,
  registeredSolver,
  registerTaskPool,
  solverSubmitted,
  type TaskPoolsRecord,
  type TaskRecord,
  type Tenant,
  usdcAtomic,
  useHarness,
} from "@tally/testing";
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();
const HASH = `0x${"5a".repeat(32)}`;

const escrow = () => h.runtime.deps.providers.taskEscrow;
const nowSeconds = () => Math.floor(h.runtime.deps.clock.now().getTime() / 1000);
const addressOf = (key: Hex) => privateKeyToAccount(key).address.toLowerCase();

const putVerifiers = (tenant: Tenant, body: object, key = tenant.adminKey) =>
  api<TaskPoolsRecord>(h, "PUT", "/tasks/pools/verifiers", { key, body });

const verify = (tenant: Tenant, taskId: string, body: object, key = tenant.adminKey) =>
  api<TaskRecord>(h, "POST", `/tasks/${taskId}/verify`, { key, body });

const readTask = (tenant: Tenant, taskId: string) =>
  api<TaskRecord>(h, "GET", `/tasks/${taskId}`, { key: tenant.adminKey });

/** A time the escrow takes for a verdict on a task just submitted: not before its block, not ahead of the next. */
const signingTime = async () => Math.max(Number(await escrow().chainTime()), nowSeconds());

/** The body of POST /tasks/{taskId}/verify: the verdict signed by each of `keys`. */
const signedVerdict = async (taskId: string, approved: boolean, keys: Hex[], timestamp?: number) => {
  const at = timestamp ?? (await signingTime());
  const signatures = await signConsensusResolution({
    contracts: await escrow().contracts(),
    chainId: escrow().chainId,
    resolution: { taskId: taskId as Hex, approved, timestamp: BigInt(at) },
    verifierPrivateKeys: keys,
  });
  return { approved, timestamp: at, signatures };
};

/** A funded pool of `pool` USDC with a 2-of-3 verifier set; the verifiers' keys. */
const consensusPool = async (pool = 5) => {
  const tenant = await h.createTenant();
  await fundedTaskPool(h, tenant, pool);
  const keys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()];
  const set = await putVerifiers(tenant, { verifiers: keys.map(addressOf), threshold: 2 });
  expect(set.status, set.text).toBe(200);
  return { tenant, keys };
};

/** A Consensus task of `usdc` on `tenant`'s pool, claimed and submitted by a fresh solver. */
const submittedTask = async (tenant: Tenant, usdc = 2) => {
  const created = await postTask(h, tenant, { amountUSDC: usdc, verificationMethod: "Consensus" });
  expect(created.status, created.text).toBe(201);
  await expectTaskPoolConserved(h, tenant);
  const { taskId } = created.body;
  const solver = await solverSubmitted(h, taskId, { submissionHash: HASH });
  await expectTaskPoolConserved(h, tenant);
  return { taskId, solver };
};

describe("PUT /tasks/pools/verifiers", () => {
  it("sets the escrow's verifier set and mirrors it; a Consensus task waits for one", async () => {
    const tenant = await h.createTenant();
    const keys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()];
    const verifiers = keys.map(addressOf);
    expectError(await putVerifiers(tenant, { verifiers, threshold: 2 }), 409, "conflict");
    await fundedTaskPool(h, tenant, 4);

    const noSet = await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "Consensus" });
    expectError(noSet, 409, "conflict");
    expect(noSet.body).toMatchObject({ context: { reason: "no_verifiers" } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 4, escrowedUSDC: 0 });

    const checksummed = keys.map((key) => privateKeyToAccount(key).address);
    const set = await putVerifiers(tenant, { verifiers: checksummed, threshold: 2 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ verifiers, verifierThreshold: 2, balanceUSDC: 4 });
    const pool = await readTaskPool(h, tenant);
    expect(pool).toEqual(set.body);
    expect(await escrow().verifiersOf(pool.tenantId as Hex)).toEqual({ verifiers, threshold: 2 });

    const replaced = await putVerifiers(tenant, { verifiers: [verifiers[2]], threshold: 1 });
    expect(replaced.body).toMatchObject({ verifiers: [verifiers[2]], verifierThreshold: 1 });
    expect(await escrow().verifiersOf(pool.tenantId as Hex)).toEqual({
      verifiers: [verifiers[2]],
      threshold: 1,
    });
    const created = await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "Consensus" });
    expect(created.status, created.text).toBe(201);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 1 });
  });

  it("refuses an invalid set (422), a MEMBER key (403), and leaves the set as it was", async () => {
    const tenant = await h.createTenant();
    const pool = await registerTaskPool(h, tenant);
    const [a, b] = [addressOf(generatePrivateKey()), addressOf(generatePrivateKey())];
    const invalid = async (body: object, field: string) => {
      const refused = await putVerifiers(tenant, body);
      expectError(refused, 422, "validation_failed");
      const { details } = refused.body as unknown as { details: { field: string }[] };
      expect(details.map((detail) => detail.field)).toContain(field);
    };
    await invalid({ verifiers: [a, b.toUpperCase().replace("0X", "0x"), b], threshold: 1 }, "verifiers");
    await invalid({ verifiers: [a, b], threshold: 3 }, "threshold");
    await invalid({ verifiers: [a], threshold: 0 }, "threshold");
    await invalid({ verifiers: [], threshold: 1 }, "verifiers");
    await invalid({ verifiers: [`0x${"0".repeat(40)}`], threshold: 1 }, "verifiers.0");
    await invalid({ verifiers: Array.from({ length: 257 }, () => a), threshold: 1 }, "verifiers");
    expectError(
      await putVerifiers(tenant, { verifiers: [a], threshold: 1 }, tenant.memberKey),
      403,
      "role_required",
    );
    expect(await readTaskPool(h, tenant)).toMatchObject({ verifiers: [], verifierThreshold: 0 });
    expect(await escrow().verifiersOf(pool.tenantId as Hex)).toEqual({ verifiers: [], threshold: 0 });
  });
  it("answers 503 when the chain is unreachable, with the mirror unchanged", async () => {
    const tenant = await h.createTenant();
    await registerTaskPool(h, tenant);
    const setVerifiers = vi
      .spyOn(escrow(), "setVerifiers")
      .mockRejectedValueOnce(new TaskEscrowError("unavailable", "the RPC is down"));
    const down = await putVerifiers(tenant, { verifiers: [addressOf(generatePrivateKey())], threshold: 1 });
    setVerifiers.mockRestore();
    expectError(down, 503, "service_unavailable");
    expect(await readTaskPool(h, tenant)).toMatchObject({ verifiers: [], verifierThreshold: 0 });
  });
});

describe("POST /tasks/{taskId}/verify", () => {
  it("settles a Consensus task with 2 of 3 verifiers' signatures; fewer, or outsiders, are refused without a chain call", async () => {
    const { tenant, keys } = await consensusPool();
    const { taskId, solver } = await submittedTask(tenant);
    const resolve = vi.spyOn(escrow(), "resolveWithSignatures");

    const one = await verify(tenant, taskId, await signedVerdict(taskId, true, [keys[0]!]));
    expectError(one, 422, "validation_failed");
    expect(one.body).toMatchObject({
      details: [{ field: "signatures" }],
      context: { reason: "below_threshold", validSigners: 1, threshold: 2 },
    });
    // An outsider's signature and a verifier's second one count for nothing.
    const outsider = generatePrivateKey();
    const padded = await verify(
      tenant,
      taskId,
      await signedVerdict(taskId, true, [keys[0]!, outsider, keys[0]!]),
    );
    expectError(padded, 422, "validation_failed");
    expect(padded.body).toMatchObject({
      context: { validSigners: 1, threshold: 2, signers: [addressOf(keys[0]!)] },
    });
    expect(resolve).not.toHaveBeenCalled();
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Submitted");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });

    const body = await signedVerdict(taskId, true, [outsider, keys[2]!, keys[1]!]);
    const settled = await verify(tenant, taskId, body);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ taskId, status: "Settled", claimedBy: solver.address });
    // Only the counted signatures are sent.
    expect(resolve.mock.calls).toEqual([[taskId, true, BigInt(body.timestamp), body.signatures.slice(1)]]);
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Settled");
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });

    const replay = await verify(tenant, taskId, body);
    const calls = resolve.mock.calls.length;
    resolve.mockRestore();
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toEqual(settled.body);
    expect(calls).toBe(1);
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(2));
    // Another verdict on a settled task: 409 naming its state.
    const late = await verify(tenant, taskId, await signedVerdict(taskId, false, keys));
    expectError(late, 409, "invalid_state");
    expect(late.body).toMatchObject({ context: { currentStatus: "Settled" } });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 0 });
  });

  it("a rejection by consensus opens the task again; replayed, it does nothing", async () => {
    const { tenant, keys } = await consensusPool();
    const { taskId, solver } = await submittedTask(tenant);
    const body = await signedVerdict(taskId, false, [keys[0]!, keys[2]!]);
    const rejected = await verify(tenant, taskId, body);
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: "Open", claimedBy: null, submissionHash: null });
    expect(await escrow().getTask(taskId as Hex)).toMatchObject({ status: "Open", solver: null });
    expect(await escrow().claimable(solver.address as Address)).toBe(0n);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });

    const resolve = vi.spyOn(escrow(), "resolveWithSignatures");
    const replay = await verify(tenant, taskId, body);
    const calls = resolve.mock.calls.length;
    resolve.mockRestore();
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toMatchObject({ status: "Open" });
    expect(calls).toBe(0);
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });

    // Open again: another solver claims it.
    const again = await registeredSolver(h);
    const claimed = await claimTaskAs(h, again, taskId);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({ status: "Claimed", claimedBy: again.address });
    await expectTaskPoolConserved(h, tenant);
  });

  it("refuses a stale or future timestamp, another tenant, a MEMBER key, another method and another state", async () => {
    const { tenant, keys } = await consensusPool();
    const { taskId } = await submittedTask(tenant, 1);
    const resolve = vi.spyOn(escrow(), "resolveWithSignatures");

    const stale = await verify(tenant, taskId, await signedVerdict(taskId, true, keys, nowSeconds() - 3600));
    expectError(stale, 422, "validation_failed");
    expect(stale.body).toMatchObject({
      details: [{ field: "timestamp" }],
      context: { reason: "timestamp_before_submission" },
    });
    const future = await verify(tenant, taskId, await signedVerdict(taskId, true, keys, nowSeconds() + 600));
    expectError(future, 422, "validation_failed");
    expect(future.body).toMatchObject({ context: { reason: "timestamp_in_future" } });
    const body = await signedVerdict(taskId, true, keys);
    expectError(await verify(tenant, taskId, { ...body, signatures: ["0x1234"] }), 422, "validation_failed");
    expectError(await verify(tenant, taskId, { ...body, signatures: [] }), 422, "validation_failed");

    const other = await h.createTenant();
    await fundedTaskPool(h, other, 1);
    expectError(await verify(other, taskId, body), 404, "not_found");
    expectError(await verify(tenant, taskId, body, tenant.memberKey), 403, "role_required");

    const oracleTask = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const oracle = await verify(
      tenant,
      oracleTask.taskId,
      await signedVerdict(oracleTask.taskId, true, keys),
    );
    expectError(oracle, 409, "conflict");
    expect(oracle.body).toMatchObject({ context: { reason: "not_consensus", verificationMethod: "Oracle" } });
    expect((oracle.body as unknown as { error: string }).error).toContain("/webhooks/task-verify/{taskId}");
    const aiTask = (await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "AIEval" })).body;
    const aiEval = await verify(tenant, aiTask.taskId, await signedVerdict(aiTask.taskId, true, keys));
    expectError(aiEval, 409, "conflict");
    expect(aiEval.body).toMatchObject({ context: { verificationMethod: "AIEval" } });

    const open = (await postTask(h, tenant, { amountUSDC: 1, verificationMethod: "Consensus" })).body;
    const notSubmitted = await verify(tenant, open.taskId, await signedVerdict(open.taskId, true, keys));
    expectError(notSubmitted, 409, "invalid_state");
    expect(notSubmitted.body).toMatchObject({ context: { currentStatus: "Open" } });

    const calls = resolve.mock.calls.length;
    resolve.mockRestore();
    expect(calls).toBe(0);
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 1, escrowedUSDC: 4 });
  });
  it("the escrow's set is what counts: a verdict it refuses is 409 naming its error and changes nothing", async () => {
    const { tenant, keys } = await consensusPool();
    const { taskId } = await submittedTask(tenant);
    const pool = await readTaskPool(h, tenant);
    // The set changed on chain behind the mirror's back: only the third verifier remains.
    await escrow().setVerifiers(pool.tenantId as Hex, [addressOf(keys[2]!) as Address], 1);
    const body = await signedVerdict(taskId, true, [keys[0]!, keys[1]!]);
    const refused = await verify(tenant, taskId, body);
    expectError(refused, 409, "conflict");
    expect(refused.body).toMatchObject({ context: { revert: "BelowThreshold" } });
    expect((await readTask(tenant, taskId)).body.status).toBe("SubmittedForVerification");
    expect((await escrow().getTask(taskId as Hex)).status).toBe("Submitted");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
    // The mirror still asks for two signatures until the set is PUT again; then the claim, cleared by the
    // refusal, lets the third verifier's verdict conclude it at once.
    const short = await verify(tenant, taskId, await signedVerdict(taskId, false, [keys[2]!]));
    expectError(short, 422, "validation_failed");
    await putVerifiers(tenant, { verifiers: [addressOf(keys[2]!)], threshold: 1 });
    const rejected = await verify(tenant, taskId, await signedVerdict(taskId, false, [keys[2]!]));
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.status).toBe("Open");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3, escrowedUSDC: 2 });
  });
  it("three concurrent identical verdicts settle once", async () => {
    const { tenant, keys } = await consensusPool();
    const { taskId, solver } = await submittedTask(tenant, 3);
    const resolve = vi.spyOn(escrow(), "resolveWithSignatures");
    const body = await signedVerdict(taskId, true, keys);
    const answers = await Promise.all([1, 2, 3].map(() => verify(tenant, taskId, body)));
    const sent = resolve.mock.calls.length;
    resolve.mockRestore();
    expect(sent).toBe(1);
    for (const answer of answers)
      expect(
        (answer.status === 200 && answer.body.status === "Settled") ||
          (answer.status === 409 && (answer.body as { code?: string }).code === "conflict"),
        answer.text,
      ).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await escrow().claimable(solver.address as Address)).toBe(usdcAtomic(3));
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 2, escrowedUSDC: 0 });
  });
});
