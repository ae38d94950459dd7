import { zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockUsdcAbi, taskEscrowAbi } from "./index.ts";
import type { Wallet } from "./testing/local-anvil.ts";
import { randomAddress, revertOf } from "./testing/reward-chain.ts";
import {
  escrowEventsOf,
  randomId,
  startTaskEscrowChain,
  type TaskEscrowChain,
  type TaskEscrowDriver,
  USDC,
} from "./testing/task-escrow-chain.ts";

describe("TaskEscrow roles and pools", () => {
  let chain: TaskEscrowChain;
  let escrow: TaskEscrowDriver;
  let merchant: Wallet;
  let stranger: Wallet;
  beforeAll(async () => {
    chain = await startTaskEscrowChain();
    [merchant, stranger] = await Promise.all([chain.newWallet(), chain.newWallet()]);
  });
  afterAll(() => chain?.stop());
  beforeEach(async () => {
    escrow = await chain.deploy();
  });

  const read = <const F extends "operator" | "attester" | "evaluator" | "owner" | "token" | "GRACE">(
    functionName: F,
  ) => chain.publicClient.readContract({ address: escrow.escrow, abi: taskEscrowAbi, functionName });
  const registeredPool = async () => {
    const tenantId = randomId();
    await escrow.send(chain.operator, { functionName: "registerPool", args: [tenantId] });
    return tenantId;
  };

  it("holds the token and the role holders it was deployed with, and waits a day of grace", async () => {
    expect(await read("token")).toBe(escrow.usdc);
    expect(await read("owner")).toBe(chain.owner.account.address);
    expect(await read("operator")).toBe(chain.operator.account.address);
    expect(await read("attester")).toBe(chain.attester.account.address);
    expect(await read("evaluator")).toBe(chain.evaluator.account.address);
    expect(await read("GRACE")).toBe(86_400n);
  });

  it("lets only the owner rotate the operator, attester and evaluator, never to the zero address", async () => {
    const next = randomAddress();
    for (const functionName of ["setOperator", "setAttester", "setEvaluator"] as const) {
      for (const wallet of [chain.operator, stranger]) {
        expect(await revertOf(escrow.send(wallet, { functionName, args: [next] }))).toBe(
          "OwnableUnauthorizedAccount",
        );
      }
      expect(await revertOf(escrow.send(chain.owner, { functionName, args: [zeroAddress] }))).toBe(
        "ZeroAddress",
      );
    }
    const receipt = await escrow.send(chain.owner, {
      functionName: "setOperator",
      args: [stranger.account.address],
    });
    expect(escrowEventsOf(receipt)).toEqual([
      {
        eventName: "OperatorChanged",
        args: { previous: chain.operator.account.address, next: stranger.account.address },
      },
    ]);
    await escrow.send(chain.owner, { functionName: "setAttester", args: [next] });
    await escrow.send(chain.owner, { functionName: "setEvaluator", args: [next] });
    expect([await read("operator"), await read("attester"), await read("evaluator")]).toEqual([
      stranger.account.address,
      next,
      next,
    ]);

    // The previous operator is nobody now; the new one registers pools.
    const tenantId = randomId();
    expect(
      await revertOf(escrow.send(chain.operator, { functionName: "registerPool", args: [tenantId] })),
    ).toBe("NotOperator");
    await escrow.send(stranger, { functionName: "registerPool", args: [tenantId] });
  });

  it("hands ownership over in two steps (Ownable2Step)", async () => {
    await escrow.send(chain.owner, { functionName: "transferOwnership", args: [stranger.account.address] });
    expect(await read("owner")).toBe(chain.owner.account.address);
    await escrow.send(stranger, { functionName: "acceptOwnership", args: [] });
    expect(await read("owner")).toBe(stranger.account.address);
  });

  it("registers a pool once: a second registration succeeds and changes nothing", async () => {
    const tenantId = randomId();
    expect(await revertOf(escrow.send(stranger, { functionName: "registerPool", args: [tenantId] }))).toBe(
      "NotOperator",
    );
    const first = await escrow.send(chain.operator, { functionName: "registerPool", args: [tenantId] });
    expect(escrowEventsOf(first)).toEqual([{ eventName: "PoolRegistered", args: { tenantId } }]);
    await escrow.deposit(merchant, tenantId, 5n * USDC);

    const again = await escrow.send(chain.operator, { functionName: "registerPool", args: [tenantId] });
    expect(escrowEventsOf(again)).toEqual([]);
    expect(await escrow.poolBalance(tenantId)).toBe(5n * USDC);
    expect(
      await chain.publicClient.readContract({
        address: escrow.escrow,
        abi: taskEscrowAbi,
        functionName: "poolRegistered",
        args: [tenantId],
      }),
    ).toBe(true);
  });

  it("sets an M-of-N verifier set of a registered pool and replaces it whole", async () => {
    const [a, b, c] = Array.from({ length: 3 }, () => randomAddress());
    const verifiersOf = (tenantId: `0x${string}`) =>
      chain.publicClient.readContract({
        address: escrow.escrow,
        abi: taskEscrowAbi,
        functionName: "verifiersOf",
        args: [tenantId],
      });
    const setVerifiers = (
      wallet: Wallet,
      tenantId: `0x${string}`,
      verifiers: `0x${string}`[],
      threshold: number,
    ) => escrow.send(wallet, { functionName: "setVerifiers", args: [tenantId, verifiers, threshold] });

    expect(await revertOf(setVerifiers(chain.operator, randomId(), [a!], 1))).toBe("PoolNotRegistered");
    const tenantId = await registeredPool();
    expect(await revertOf(setVerifiers(stranger, tenantId, [a!], 1))).toBe("NotOperator");
    expect(await revertOf(setVerifiers(chain.operator, tenantId, [a!, b!], 0))).toBe("InvalidVerifierSet");
    expect(await revertOf(setVerifiers(chain.operator, tenantId, [a!, b!], 3))).toBe("InvalidVerifierSet");
    expect(await revertOf(setVerifiers(chain.operator, tenantId, [], 0))).toBe("InvalidVerifierSet");
    expect(await revertOf(setVerifiers(chain.operator, tenantId, [a!, b!, a!], 2))).toBe("InvalidVerifier");
    expect(await revertOf(setVerifiers(chain.operator, tenantId, [a!, zeroAddress], 1))).toBe(
      "InvalidVerifier",
    );

    const receipt = await setVerifiers(chain.operator, tenantId, [a!, b!, c!], 2);
    expect(escrowEventsOf(receipt)).toEqual([
      { eventName: "VerifiersSet", args: { tenantId, verifiers: [a, b, c], threshold: 2 } },
    ]);
    expect(await verifiersOf(tenantId)).toEqual([[a, b, c], 2]);

    // Replacing: a verifier of the old set may be listed again (no stale "duplicate").
    await setVerifiers(chain.operator, tenantId, [c!, a!], 1);
    expect(await verifiersOf(tenantId)).toEqual([[c, a], 1]);
  });

  it("credits a deposit to the registered tenant's pool, pulled from the merchant after approve", async () => {
    const tenantId = await registeredPool();
    const receipt = await escrow.deposit(merchant, tenantId, 12n * USDC);
    expect(escrowEventsOf(receipt)).toEqual([
      { eventName: "PoolDeposited", args: { tenantId, from: merchant.account.address, amount: 12n * USDC } },
    ]);
    expect(await escrow.poolBalance(tenantId)).toBe(12n * USDC);
    expect(await escrow.usdcBalance(escrow.escrow)).toBe(12n * USDC);
    expect(await escrow.usdcBalance(merchant.account.address)).toBe(0n);
    expect(await escrow.totals()).toEqual({ pooled: 12n * USDC, escrowed: 0n, claimable: 0n });
  });

  it("refuses a deposit to an unregistered pool, of nothing, or beyond the allowance", async () => {
    const deposit = (tenantId: `0x${string}`, amount: bigint) =>
      escrow.send(merchant, { functionName: "deposit", args: [tenantId, amount] });
    expect(await revertOf(deposit(randomId(), USDC))).toBe("PoolNotRegistered");
    const tenantId = await registeredPool();
    expect(await revertOf(deposit(tenantId, 0n))).toBe("ZeroAmount");
    expect(await revertOf(deposit(tenantId, USDC))).toBe("ERC20InsufficientAllowance");
  });

  it("credits a plain ERC-20 transfer to no pool and counts it in no total", async () => {
    const tenantId = await registeredPool();
    await escrow.deposit(merchant, tenantId, 3n * USDC);
    await chain.confirm(
      await chain.deployer.writeContract({
        address: escrow.usdc,
        abi: mockUsdcAbi,
        functionName: "mint",
        args: [escrow.escrow, 7n * USDC],
      }),
    );
    expect(await escrow.usdcBalance(escrow.escrow)).toBe(10n * USDC);
    expect(await escrow.poolBalance(tenantId)).toBe(3n * USDC);
    expect(await escrow.totals()).toEqual({ pooled: 3n * USDC, escrowed: 0n, claimable: 0n });
    // ...and it cannot be withdrawn through the pool either.
    const withdrawTooMuch = escrow.send(chain.operator, {
      functionName: "withdrawPool",
      args: [tenantId, randomAddress(), 4n * USDC],
    });
    expect(await revertOf(withdrawTooMuch)).toBe("InsufficientPool");
  });

  it("pays the operator's pool withdrawal from the unescrowed balance only", async () => {
    const tenantId = await registeredPool();
    await escrow.deposit(merchant, tenantId, 10n * USDC);
    const deadline = (await chain.now()) + 3_600n;
    await escrow.send(chain.operator, {
      functionName: "createTask",
      args: [randomId(), tenantId, 6n * USDC, deadline, 0],
    });
    const to = randomAddress();
    const withdrawPool = (wallet: Wallet, amount: bigint, recipient = to) =>
      escrow.send(wallet, { functionName: "withdrawPool", args: [tenantId, recipient, amount] });

    expect(await revertOf(withdrawPool(stranger, USDC))).toBe("NotOperator");
    expect(await revertOf(withdrawPool(chain.operator, 5n * USDC))).toBe("InsufficientPool");
    expect(await revertOf(withdrawPool(chain.operator, 0n))).toBe("ZeroAmount");
    expect(await revertOf(withdrawPool(chain.operator, USDC, zeroAddress))).toBe("ZeroAddress");
    const unregistered = escrow.send(chain.operator, {
      functionName: "withdrawPool",
      args: [randomId(), to, USDC],
    });
    expect(await revertOf(unregistered)).toBe("PoolNotRegistered");

    const receipt = await withdrawPool(chain.operator, 4n * USDC);
    expect(escrowEventsOf(receipt)).toEqual([
      { eventName: "PoolWithdrawn", args: { tenantId, to, amount: 4n * USDC } },
    ]);
    expect(await escrow.usdcBalance(to)).toBe(4n * USDC);
    expect(await escrow.poolBalance(tenantId)).toBe(0n);
    expect(await escrow.usdcBalance(escrow.escrow)).toBe(6n * USDC);
    expect(await escrow.totals()).toEqual({ pooled: 0n, escrowed: 6n * USDC, claimable: 0n });
  });

  it("keeps tenants' pools apart", async () => {
    const [first, second] = [await registeredPool(), await registeredPool()];
    await escrow.deposit(merchant, first, 2n * USDC);
    await escrow.deposit(merchant, second, 9n * USDC);
    const drainFirst = escrow.send(chain.operator, {
      functionName: "withdrawPool",
      args: [first, randomAddress(), 3n * USDC],
    });
    expect(await revertOf(drainFirst)).toBe("InsufficientPool");
    expect([await escrow.poolBalance(first), await escrow.poolBalance(second)]).toEqual([
      2n * USDC,
      9n * USDC,
    ]);
    // Verifier keys stay off-chain signers: a fresh account needs no ETH to be listed.
    const verifier = privateKeyToAccount(generatePrivateKey()).address;
    await escrow.send(chain.operator, { functionName: "setVerifiers", args: [first, [verifier], 1] });
  });
});
