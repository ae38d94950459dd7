import { randomBytes } from "node:crypto";
import { type Hex, type LocalAccount, parseEventLogs, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolutionTypedData, TASK_ESCROW_GRACE_SECONDS, taskEscrowAbi } from "./index.ts";
import type { Wallet } from "./testing/local-anvil.ts";
import { revertOf } from "./testing/reward-chain.ts";
import {
  randomId,
  startTaskEscrowChain,
  type TaskEscrowChain,
  type TaskEscrowDriver,
  USDC,
} from "./testing/task-escrow-chain.ts";

const HOUR = 3_600n;
const CONSENSUS = 1;

const newVerifier = () => privateKeyToAccount(generatePrivateKey());

describe("TaskEscrow Consensus resolution (2 of 3 verifiers)", () => {
  let chain: TaskEscrowChain;
  let escrow: TaskEscrowDriver;
  let merchant: Wallet;
  let relayer: Wallet;
  let solver: Wallet;
  let tenantId: Hex;
  const verifiers = Array.from({ length: 3 }, newVerifier);
  const [alice, bob, carol] = verifiers as [LocalAccount, LocalAccount, LocalAccount];
  beforeAll(async () => {
    chain = await startTaskEscrowChain();
    [merchant, relayer, solver] = await Promise.all([
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
    await escrow.send(chain.operator, {
      functionName: "setVerifiers",
      args: [tenantId, verifiers.map((verifier) => verifier.address), 2],
    });
    await escrow.deposit(merchant, tenantId, 100n * USDC);
  });

  /** A Consensus task, submitted by `solver`; resolves with signatures stamped at the chain's current time. */
  const submittedTask = async (amount = 10n * USDC, deadlineIn = HOUR) => {
    const taskId = randomId();
    await escrow.send(chain.operator, {
      functionName: "createTask",
      args: [taskId, tenantId, amount, (await chain.now()) + deadlineIn, CONSENSUS],
    });
    await escrow.send(chain.operator, {
      functionName: "submit",
      args: [taskId, solver.account.address, randomId()],
    });
    return taskId;
  };
  const sign = (signers: LocalAccount[], taskId: Hex, approved: boolean, timestamp: bigint) =>
    Promise.all(signers.map((signer) => escrow.signResolution(signer, { taskId, approved, timestamp })));
  const resolveWith = (taskId: Hex, approved: boolean, timestamp: bigint, signatures: Hex[]) =>
    escrow.send(relayer, {
      functionName: "resolveWithSignatures",
      args: [taskId, approved, timestamp, signatures],
    });
  const signedResolve = async (signers: LocalAccount[], taskId: Hex, approved: boolean) => {
    const timestamp = await chain.now();
    return resolveWith(taskId, approved, timestamp, await sign(signers, taskId, approved, timestamp));
  };
  const status = async (taskId: Hex) => (await escrow.getTask(taskId)).status;

  it("settles on two verifiers' approvals relayed by anyone; the solver withdraws the amount", async () => {
    const taskId = await submittedTask(25n * USDC);
    const receipt = await signedResolve([carol, alice], taskId, true);
    const events = parseEventLogs({ abi: taskEscrowAbi, logs: receipt.logs });
    expect(events.map(({ eventName, args }) => ({ eventName, args }))).toEqual([
      { eventName: "TaskSettled", args: { taskId, solver: solver.account.address, amount: 25n * USDC } },
    ]);
    expect(await status(taskId)).toBe("Settled");
    await escrow.send(solver, { functionName: "withdraw", args: [] });
    expect(await escrow.usdcBalance(solver.account.address)).toBe(25n * USDC);
    expect(await escrow.totals()).toEqual({ pooled: 75n * USDC, escrowed: 0n, claimable: 0n });
  });

  it("counts all three signatures in any order", async () => {
    const taskId = await submittedTask();
    await signedResolve([carol, bob, alice], taskId, true);
    expect(await status(taskId)).toBe("Settled");
  });

  it("reopens on a rejection before the deadline and expires with a refund on one after it", async () => {
    const early = await submittedTask(10n * USDC);
    await signedResolve([alice, bob], early, false);
    expect(await escrow.getTask(early)).toMatchObject({ status: "Open", submittedAt: 0n });

    const late = await submittedTask(10n * USDC, 120n);
    await chain.increaseTime(120n);
    await signedResolve([alice, bob], late, false);
    expect(await status(late)).toBe("Expired");
    expect(await escrow.totals()).toEqual({ pooled: 90n * USDC, escrowed: 10n * USDC, claimable: 0n });
  });

  it("refuses one signature short of the threshold", async () => {
    const taskId = await submittedTask();
    expect(await revertOf(signedResolve([alice], taskId, true))).toBe("BelowThreshold");
    expect(await revertOf(signedResolve([], taskId, true))).toBe("BelowThreshold");
    expect(await status(taskId)).toBe("Submitted");
  });

  it("counts a repeated signer once", async () => {
    const taskId = await submittedTask();
    const timestamp = await chain.now();
    const [signature] = await sign([alice], taskId, true, timestamp);
    expect(await revertOf(resolveWith(taskId, true, timestamp, [signature!, signature!]))).toBe(
      "BelowThreshold",
    );
  });

  it("does not count a signer outside the pool's verifier set", async () => {
    const taskId = await submittedTask();
    expect(await revertOf(signedResolve([alice, newVerifier()], taskId, true))).toBe("BelowThreshold");
  });

  it("skips signatures that do not recover to a verifier of this message, domain and contract", async () => {
    const taskId = await submittedTask();
    const timestamp = await chain.now();
    const [valid] = await sign([alice], taskId, true, timestamp);
    const chainId = await chain.publicClient.getChainId();
    const forged = [
      // Over the opposite outcome, another task, another time, another contract, another chain.
      (await sign([bob], taskId, false, timestamp))[0]!,
      (await sign([bob], randomId(), true, timestamp))[0]!,
      (await sign([bob], taskId, true, timestamp - 1n))[0]!,
      await bob.signTypedData(
        resolutionTypedData(escrow.usdc, chainId, { taskId, approved: true, timestamp }),
      ),
      await bob.signTypedData(resolutionTypedData(escrow.escrow, 1, { taskId, approved: true, timestamp })),
      // Not a signature at all: wrong length, and 65 random bytes.
      toHex(randomBytes(64)),
      toHex(randomBytes(65)),
    ];
    expect(await revertOf(resolveWith(taskId, true, timestamp, [valid!, ...forged]))).toBe("BelowThreshold");
    expect(await status(taskId)).toBe("Submitted");
  });

  it("accepts signatures stamped between the submission and the resolving block only", async () => {
    const taskId = await submittedTask();
    const { submittedAt } = await escrow.getTask(taskId);
    const tooEarly = submittedAt - 1n;
    expect(
      await revertOf(resolveWith(taskId, true, tooEarly, await sign([alice, bob], taskId, true, tooEarly))),
    ).toBe("ResolutionTimestampOutOfRange");
    const future = (await chain.now()) + HOUR;
    expect(
      await revertOf(resolveWith(taskId, true, future, await sign([alice, bob], taskId, true, future))),
    ).toBe("ResolutionTimestampOutOfRange");
  });

  it("cannot replay a rejection's signatures against the next submission", async () => {
    const taskId = await submittedTask();
    const rejectedAt = await chain.now();
    const rejection = await sign([alice, bob], taskId, false, rejectedAt);
    await resolveWith(taskId, false, rejectedAt, rejection);
    await escrow.send(chain.operator, {
      functionName: "submit",
      args: [taskId, solver.account.address, randomId()],
    });

    expect(await revertOf(resolveWith(taskId, false, rejectedAt, rejection))).toBe(
      "ResolutionTimestampOutOfRange",
    );
    // Fresh signatures must be stamped after the rejection, even within the same second.
    await chain.increaseTime(1n);
    await signedResolve([alice, bob], taskId, true);
    expect(await status(taskId)).toBe("Settled");
  });

  it("is final: a second resolution reverts, whatever it says", async () => {
    const taskId = await submittedTask();
    await signedResolve([alice, bob], taskId, true);
    expect(await revertOf(signedResolve([alice, bob], taskId, true))).toBe("TaskNotSubmitted");
    expect(await revertOf(signedResolve([alice, bob, carol], taskId, false))).toBe("TaskNotSubmitted");
  });

  it("is resolved with signatures only: neither the attester nor the evaluator decides it", async () => {
    const taskId = await submittedTask();
    for (const wallet of [chain.attester, chain.evaluator]) {
      const resolve = escrow.send(wallet, { functionName: "resolve", args: [taskId, true] });
      expect(await revertOf(resolve)).toBe("NotResolver");
    }
  });

  it("refuses signatures on an Open task and after the resolution window closed", async () => {
    const taskId = randomId();
    await escrow.send(chain.operator, {
      functionName: "createTask",
      args: [taskId, tenantId, USDC, (await chain.now()) + HOUR, CONSENSUS],
    });
    expect(await revertOf(signedResolve([alice, bob], taskId, true))).toBe("TaskNotSubmitted");

    const late = await submittedTask(USDC, 60n);
    await chain.increaseTime(60n + TASK_ESCROW_GRACE_SECONDS);
    expect(await revertOf(signedResolve([alice, bob], late, true))).toBe("ResolutionWindowClosed");
  });

  it("counts the verifier set in force when the resolution arrives", async () => {
    const taskId = await submittedTask();
    const dave = newVerifier();
    await escrow.send(chain.operator, {
      functionName: "setVerifiers",
      args: [tenantId, [carol.address, dave.address], 2],
    });
    expect(await revertOf(signedResolve([alice, bob, carol], taskId, true))).toBe("BelowThreshold");
    await signedResolve([dave, carol], taskId, true);
    expect(await status(taskId)).toBe("Settled");
  });
});
