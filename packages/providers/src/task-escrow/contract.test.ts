import { randomBytes } from "node:crypto";
import { mockUsdcAbi, taskEscrowAbi, taskEscrowBytecode } from "@tally/contracts";
import { type Address, createWalletClient, type Hex, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalChain, startLocalChain } from "../chain/local-chain.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import { localClients } from "../chain/test-support.ts";
import { recordingLogger } from "../email/test-support.ts";
import { createBaseTaskEscrow } from "./base.ts";
import { createLocalTaskEscrow } from "./local.ts";
import { TaskEscrowError, type TaskEscrowPort } from "./port.ts";
import {
  advanceChainTime,
  deployTaskEscrowAsBase,
  depositAsMerchant,
  escrowBalances,
  signConsensusResolution,
} from "./test-support.ts";

const USDC = 1_000_000n;
const DAY = 86_400n;
const randomId = (): Hex => toHex(randomBytes(32));

/** Two processes of one deployment: each its own adapter (and send queues), the same keys. */
interface EscrowUnderTest {
  chain: LocalChain;
  first: TaskEscrowPort;
  second: TaskEscrowPort;
  stop(): Promise<void>;
}

const rejection = async (call: Promise<unknown>): Promise<TaskEscrowError> => {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TaskEscrowError);
  return error as TaskEscrowError;
};

/** What every task escrow adapter does, run against the local one and the Base one on anvil. */
const describeTaskEscrowContract = (adapter: string, start: () => Promise<EscrowUnderTest>) => {
  describe(`the ${adapter} task escrow adapter`, () => {
    let setup: EscrowUnderTest;
    beforeAll(async () => {
      setup = await start();
    });
    afterAll(() => setup?.stop());

    /** A registered pool holding `amount`, deposited by a fresh merchant wallet. */
    const fundedPool = async (amount: bigint) => {
      const { chain, first } = setup;
      const tenantId = randomId();
      await first.registerPool(tenantId);
      const merchantPrivateKey = generatePrivateKey();
      const txHash = await depositAsMerchant(chain, {
        ...(await first.contracts()),
        merchantPrivateKey,
        tenantId,
        amount,
      });
      return { tenantId, txHash, merchant: privateKeyToAccount(merchantPrivateKey).address.toLowerCase() };
    };
    const deadlineIn = async (seconds: bigint) => (await setup.first.chainTime()) + seconds;
    /** Money is conserved: the escrow's token balance is its pools + escrow + claimable. */
    const expectConserved = async () => {
      const { pooled, escrowed, claimable, balance } = await escrowBalances(
        setup.chain.rpcUrl,
        await setup.first.contracts(),
      );
      expect(pooled + escrowed + claimable).toBe(balance);
    };
    const senderOf = async (txHash: Hex) =>
      (
        await localClients(setup.chain.rpcUrl).publicClient.getTransaction({ hash: txHash })
      ).from.toLowerCase();

    it("finds one escrow however many processes ask at once, on the chain's USDC, addresses lowercase", async () => {
      const { first, second, chain } = setup;
      const [a, b] = await Promise.all([first.contracts(), second.contracts()]);
      expect(a).toEqual(b);
      expect(a.tokenAddress).toBe(chain.usdcAddress);
      for (const value of Object.values(a)) expect(value).toBe(value.toLowerCase());
      expect(new Set(Object.values(a)).size).toBe(6);
      expect(first.chainId).toBe(8453);
    });

    it("registers a pool once: a second registration, from either process, resolves null", async () => {
      const { first, second } = setup;
      const tenantId = randomId();
      expect(await first.isPoolRegistered(tenantId)).toBe(false);
      const written = await first.registerPool(tenantId);
      expect(written?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await second.registerPool(tenantId)).toBeNull();
      expect(await second.isPoolRegistered(tenantId)).toBe(true);

      // Two processes at once: one registration is mined with the event; the other resolves null, or with
      // the same transaction when both signed identical bytes (same key, nonce, call and fees).
      const racing = randomId();
      const outcomes = await Promise.all([first.registerPool(racing), second.registerPool(racing)]);
      const registrations = new Set(outcomes.flatMap((outcome) => (outcome ? [outcome.txHash] : [])));
      expect(registrations.size).toBe(1);
    });

    it("reads a merchant's deposit from its hash (PoolDeposited of this escrow only) and credits the pool", async () => {
      const { first, second, chain } = setup;
      const { tenantId, txHash, merchant } = await fundedPool(25n * USDC);
      const deposit = await second.depositOf(txHash);
      expect(deposit).toMatchObject({ status: "success", from: merchant, confirmations: 1 });
      if (deposit.status !== "success") throw new Error("unreachable");
      expect(deposit.deposits).toEqual([
        { tenantId, from: merchant, amount: 25n * USDC, logIndex: expect.any(Number) },
      ]);
      expect(await first.poolBalance(tenantId)).toBe(25n * USDC);
      expect(await first.depositOf(randomId())).toEqual({ status: "not_found" });

      // Another TaskEscrow's PoolDeposited (same event, same token) is not a deposit into ours.
      const decoyOwner = generatePrivateKey();
      const { testClient, publicClient } = localClients(chain.rpcUrl);
      await testClient.setBalance({
        address: privateKeyToAccount(decoyOwner).address,
        value: parseEther("1"),
      });
      const wallet = createWalletClient({
        chain: rpcChain({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: "test" }),
        transport: rpcTransport(chain.rpcUrl),
        account: privateKeyToAccount(decoyOwner),
      });
      const owner = wallet.account.address;
      const deployed = await publicClient.waitForTransactionReceipt({
        hash: await wallet.deployContract({
          abi: taskEscrowAbi,
          bytecode: taskEscrowBytecode,
          args: [chain.usdcAddress, owner, owner, owner, owner],
        }),
      });
      const decoy = deployed.contractAddress!.toLowerCase() as Address;
      await publicClient.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: decoy,
          abi: taskEscrowAbi,
          functionName: "registerPool",
          args: [tenantId],
        }),
      });
      const decoyDeposit = await depositAsMerchant(chain, {
        escrowAddress: decoy,
        tokenAddress: chain.usdcAddress,
        merchantPrivateKey: generatePrivateKey(),
        tenantId,
        amount: USDC,
      });
      expect(await first.depositOf(decoyDeposit)).toMatchObject({ status: "success", deposits: [] });
    });

    it("refuses a task the pool cannot pay for (InsufficientPool, decoded), and cancels an open one", async () => {
      const { first } = setup;
      const { tenantId } = await fundedPool(10n * USDC);
      const task = { tenantId, deadline: await deadlineIn(10n * DAY), method: "Oracle" as const };

      const refused = await rejection(first.createTask({ ...task, taskId: randomId(), amount: 11n * USDC }));
      expect(refused.reason).toBe("reverted");
      expect(refused.revert).toEqual({ error: "InsufficientPool", args: [tenantId, 10n * USDC, 11n * USDC] });

      const taskId = randomId();
      const created = await first.createTask({ ...task, taskId, amount: 4n * USDC });
      expect(await senderOf(created.txHash)).toBe((await first.contracts()).operatorAddress);
      expect(await first.poolBalance(tenantId)).toBe(6n * USDC);
      expect(await first.getTask(taskId)).toEqual({
        status: "Open",
        tenantId,
        amount: 4n * USDC,
        deadline: task.deadline,
        method: "Oracle",
        solver: null,
        deliverable: null,
        submittedAt: 0n,
      });
      const duplicate = await rejection(first.createTask({ ...task, taskId, amount: USDC }));
      expect(duplicate.revert).toEqual({ error: "TaskExists", args: [taskId, 1] });

      await first.cancelTask(taskId);
      expect((await first.getTask(taskId)).status).toBe("Cancelled");
      expect(await first.poolBalance(tenantId)).toBe(10n * USDC);
      expect((await rejection(first.cancelTask(taskId))).revert?.error).toBe("TaskNotOpen");
      expect((await first.getTask(randomId())).status).toBe("None");
      await expectConserved();
    });

    it("settles an Oracle task through the attester and an AIEval task through the evaluator", async () => {
      const { first, second } = setup;
      const contracts = await first.contracts();
      const { tenantId } = await fundedPool(10n * USDC);
      const deadline = await deadlineIn(10n * DAY);
      const solver = privateKeyToAccount(generatePrivateKey()).address;
      const deliverable = randomId();

      const oracleTask = randomId();
      await first.createTask({ taskId: oracleTask, tenantId, amount: 3n * USDC, deadline, method: "Oracle" });
      await second.submit(oracleTask, solver, deliverable);
      expect(await first.getTask(oracleTask)).toMatchObject({
        status: "Submitted",
        solver: solver.toLowerCase(),
        deliverable,
      });
      const approved = await second.resolve(oracleTask, true);
      expect(await senderOf(approved.txHash)).toBe(contracts.attesterAddress);
      expect((await first.getTask(oracleTask)).status).toBe("Settled");
      expect(await first.claimable(solver)).toBe(3n * USDC);
      // A resolution is final.
      expect((await rejection(first.resolve(oracleTask, true))).revert?.error).toBe("TaskNotSubmitted");

      const aiTask = randomId();
      await first.createTask({ taskId: aiTask, tenantId, amount: 2n * USDC, deadline, method: "AIEval" });
      await first.submit(aiTask, solver, deliverable);
      const rejected = await first.resolve(aiTask, false);
      expect(await senderOf(rejected.txHash)).toBe(contracts.evaluatorAddress);
      // Rejected before the deadline: open again for another submission.
      expect(await first.getTask(aiTask)).toMatchObject({ status: "Open", solver: null, deliverable: null });
      await first.submit(aiTask, solver, deliverable);
      await first.resolve(aiTask, true);
      expect((await first.getTask(aiTask)).status).toBe("Settled");
      expect(await first.claimable(solver)).toBe(5n * USDC);
      expect(await first.poolBalance(tenantId)).toBe(5n * USDC);
      await expectConserved();
    });

    it("settles a Consensus task with M of N verifier signatures, and refuses fewer", async () => {
      const { first } = setup;
      const contracts = await first.contracts();
      const { tenantId } = await fundedPool(5n * USDC);
      const verifierKeys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()];
      const verifiers = verifierKeys.map((key) => privateKeyToAccount(key).address.toLowerCase() as Address);
      await first.setVerifiers(tenantId, verifiers, 2);
      expect(await first.verifiersOf(tenantId)).toEqual({ verifiers, threshold: 2 });

      const taskId = randomId();
      const deadline = await deadlineIn(10n * DAY);
      await first.createTask({ taskId, tenantId, amount: 5n * USDC, deadline, method: "Consensus" });
      const solver = privateKeyToAccount(generatePrivateKey()).address;
      await first.submit(taskId, solver, randomId());
      // resolve() is for Oracle and AIEval: the contract names why.
      expect((await rejection(first.resolve(taskId, true))).revert?.error).toBe("NotResolver");

      const resolution = { taskId, approved: true, timestamp: await first.chainTime() };
      const signatures = await signConsensusResolution({
        contracts,
        chainId: first.chainId,
        resolution,
        verifierPrivateKeys: verifierKeys,
      });
      const below = await rejection(
        first.resolveWithSignatures(taskId, true, resolution.timestamp, signatures.slice(0, 1)),
      );
      expect(below.revert).toEqual({ error: "BelowThreshold", args: [taskId, 1n, 2] });
      await first.resolveWithSignatures(taskId, true, resolution.timestamp, signatures.slice(1));
      expect((await first.getTask(taskId)).status).toBe("Settled");
      expect(await first.claimable(solver)).toBe(5n * USDC);
      await expectConserved();
    });

    it("pays a pool out from its unescrowed balance only", async () => {
      const { first, chain } = setup;
      const { tenantId } = await fundedPool(10n * USDC);
      await first.createTask({
        taskId: randomId(),
        tenantId,
        amount: 6n * USDC,
        deadline: await deadlineIn(10n * DAY),
        method: "AIEval",
      });
      const to = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
      const refused = await rejection(first.withdrawPool(tenantId, to, 5n * USDC));
      expect(refused.revert).toEqual({ error: "InsufficientPool", args: [tenantId, 4n * USDC, 5n * USDC] });
      await first.withdrawPool(tenantId, to, 4n * USDC);
      expect(await first.poolBalance(tenantId)).toBe(0n);
      const paid = await localClients(chain.rpcUrl).publicClient.readContract({
        address: chain.usdcAddress,
        abi: mockUsdcAbi,
        functionName: "balanceOf",
        args: [to],
      });
      expect(paid).toBe(4n * USDC);
      await expectConserved();
    });

    it("sends five tasks of one key at once, and from two processes at once: all mined, distinct nonces", async () => {
      const { first, second, chain } = setup;
      const { tenantId } = await fundedPool(10n * USDC);
      const deadline = await deadlineIn(10n * DAY);
      const taskIds = Array.from({ length: 8 }, randomId);
      const writes = await Promise.all(
        taskIds.map((taskId, index) =>
          (index < 5 || index % 2 === 0 ? first : second).createTask({
            taskId,
            tenantId,
            amount: USDC,
            deadline,
            method: "Oracle",
          }),
        ),
      );
      const { publicClient } = localClients(chain.rpcUrl);
      const nonces = await Promise.all(
        writes.map(async ({ txHash }) => (await publicClient.getTransaction({ hash: txHash })).nonce),
      );
      expect(new Set(nonces).size).toBe(8);
      for (const taskId of taskIds) expect((await first.getTask(taskId)).status).toBe("Open");
      expect(await first.poolBalance(tenantId)).toBe(2n * USDC);
    });

    // Moves the chain's clock: the last test of the suite.
    it("expires an open task at its deadline and a submitted one at deadline + grace, refunding the pool", async () => {
      const { first, chain } = setup;
      const { tenantId } = await fundedPool(4n * USDC);
      const deadline = await deadlineIn(300n);
      const open = randomId();
      const submitted = randomId();
      await first.createTask({ taskId: open, tenantId, amount: USDC, deadline, method: "Oracle" });
      await first.createTask({ taskId: submitted, tenantId, amount: 2n * USDC, deadline, method: "AIEval" });
      await first.submit(submitted, privateKeyToAccount(generatePrivateKey()).address, randomId());

      const early = await rejection(first.expire(open));
      expect(early.revert).toEqual({ error: "TaskNotExpirable", args: [open, 1, deadline] });
      await advanceChainTime(chain.rpcUrl, 600n);
      await first.expire(open);
      expect((await first.getTask(open)).status).toBe("Expired");
      expect((await rejection(first.expire(submitted))).revert?.error).toBe("TaskNotExpirable");

      await advanceChainTime(chain.rpcUrl, DAY);
      await first.expire(submitted);
      expect((await first.getTask(submitted)).status).toBe("Expired");
      expect(await first.poolBalance(tenantId)).toBe(4n * USDC);
      await expectConserved();
    });
  });
};

describeTaskEscrowContract("local", async () => {
  const logger = recordingLogger();
  const chain = await startLocalChain({ logger });
  const options = { rpcUrl: chain.rpcUrl, chainId: chain.chainId, usdcAddress: chain.usdcAddress, logger };
  return {
    chain,
    first: createLocalTaskEscrow(options),
    second: createLocalTaskEscrow(options),
    stop: () => chain.stop(),
  };
});

describeTaskEscrowContract("Base (on anvil)", async () => {
  const logger = recordingLogger();
  const chain = await startLocalChain({ logger });
  const options = await deployTaskEscrowAsBase(chain, logger);
  return {
    chain,
    first: createBaseTaskEscrow(options),
    second: createBaseTaskEscrow(options),
    stop: () => chain.stop(),
  };
});
