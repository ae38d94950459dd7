import { type Address, type Hex, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tallyRewardAbi } from "./index.ts";
import { rewardSalt } from "./reward-salt.ts";
import type { Wallet } from "./testing/local-anvil.ts";
import {
  type RewardChain,
  type RewardParams,
  randomAddress,
  revertOf,
  startRewardChain,
} from "./testing/reward-chain.ts";

const BATCH_SIZE = 100;

describe("TallyReward minting", () => {
  let chain: RewardChain;
  beforeAll(async () => {
    chain = await startRewardChain();
  });
  afterAll(() => chain?.stop());

  const programme = (name: string, params: Partial<RewardParams> = {}) =>
    chain.deployReward(rewardSalt("org-minting", name), params);

  const read = <const F extends "totalSupply" | "maxSupply">(reward: Address, functionName: F) =>
    chain.publicClient.readContract({ address: reward, abi: tallyRewardAbi, functionName });
  const mintedTokenOf = (reward: Address, wallet: Address) =>
    chain.publicClient.readContract({
      address: reward,
      abi: tallyRewardAbi,
      functionName: "mintedTokenOf",
      args: [wallet],
    });
  const ownerOf = (reward: Address, tokenId: bigint) =>
    chain.publicClient.readContract({
      address: reward,
      abi: tallyRewardAbi,
      functionName: "ownerOf",
      args: [tokenId],
    });

  /** Sends as the platform (the minter) and returns the token ids the transaction minted, in log order. */
  const mintedIds = async (hash: Hex) => {
    const logs = parseEventLogs({
      abi: tallyRewardAbi,
      eventName: "Transfer",
      logs: (await chain.confirm(hash)).logs,
    });
    return logs.map((log) => log.args.tokenId);
  };
  const mint = async (reward: Address, to: Address) =>
    mintedIds(
      await chain.platform.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "mint",
        args: [to],
      }),
    );
  const batchMint = async (reward: Address, recipients: Address[]) =>
    mintedIds(
      await chain.platform.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "batchMint",
        args: [recipients],
      }),
    );
  const simulateMint = (reward: Address, to: Address, account: Wallet["account"] = chain.platform.account) =>
    chain.publicClient.simulateContract({
      account,
      address: reward,
      abi: tallyRewardAbi,
      functionName: "mint",
      args: [to],
    });
  const simulateBatch = (
    reward: Address,
    recipients: Address[],
    account: Wallet["account"] = chain.platform.account,
  ) =>
    chain.publicClient.simulateContract({
      account,
      address: reward,
      abi: tallyRewardAbi,
      functionName: "batchMint",
      args: [recipients],
    });

  it("mints token ids from 1 and records each wallet's token", async () => {
    const reward = await programme("ids");
    const [first, second] = [randomAddress(), randomAddress()];
    expect(await mint(reward, first)).toEqual([1n]);
    expect(await mint(reward, second)).toEqual([2n]);
    expect([await ownerOf(reward, 1n), await ownerOf(reward, 2n)]).toEqual([first, second]);
    expect([await mintedTokenOf(reward, first), await mintedTokenOf(reward, randomAddress())]).toEqual([
      1n,
      0n,
    ]);
    expect(await read(reward, "totalSupply")).toBe(2n);
  });

  it("lets only holders of MINTER_ROLE mint", async () => {
    const reward = await programme("minter-only");
    const stranger = await chain.newWallet();
    const wallet = randomAddress();
    expect(await revertOf(simulateMint(reward, wallet, stranger.account))).toBe(
      "AccessControlUnauthorizedAccount",
    );
    expect(await revertOf(simulateBatch(reward, [wallet], stranger.account))).toBe(
      "AccessControlUnauthorizedAccount",
    );
    expect(await read(reward, "totalSupply")).toBe(0n);
  });

  it("mints one token per wallet, ever: a second mint reverts, even after the first was transferred away", async () => {
    const reward = await programme("one-per-wallet", { transferable: true });
    const holder = await chain.newWallet();
    const elsewhere = randomAddress();
    const [tokenId] = await mint(reward, holder.account.address);
    expect(await revertOf(simulateMint(reward, holder.account.address))).toBe("AlreadyMinted");

    await chain.confirm(
      await holder.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "transferFrom",
        args: [holder.account.address, elsewhere, tokenId!],
      }),
    );
    expect(await ownerOf(reward, tokenId!)).toBe(elsewhere);
    // balanceOf is now 0, but the wallet was minted one: mint still refuses and a batch still skips it.
    expect(await revertOf(simulateMint(reward, holder.account.address))).toBe("AlreadyMinted");
    expect(await batchMint(reward, [holder.account.address])).toEqual([]);
    expect(await read(reward, "totalSupply")).toBe(1n);
  });

  it("skips wallets already minted in a batch, so a replayed batch mints nothing", async () => {
    const reward = await programme("batch-skip");
    const wallets = [randomAddress(), randomAddress(), randomAddress()];
    expect(await batchMint(reward, wallets)).toEqual([1n, 2n, 3n]);

    expect((await simulateBatch(reward, wallets)).result).toBe(0n);
    expect(await batchMint(reward, wallets)).toEqual([]);

    const [newcomer, repeated] = [randomAddress(), randomAddress()];
    const mixed = [wallets[0]!, newcomer, repeated, repeated, wallets[2]!];
    expect((await simulateBatch(reward, mixed)).result).toBe(2n);
    expect(await batchMint(reward, mixed)).toEqual([4n, 5n]);
    expect([await ownerOf(reward, 4n), await ownerOf(reward, 5n)]).toEqual([newcomer, repeated]);
    expect(await read(reward, "totalSupply")).toBe(5n);
  });

  it("enforces maxSupply on mint and batchMint; wallets a batch skips do not count against it", async () => {
    const reward = await programme("capped", { maxSupply: 3n });
    const early = [randomAddress(), randomAddress()];
    await batchMint(reward, early);

    const tooMany = [randomAddress(), randomAddress()];
    expect(await revertOf(simulateBatch(reward, tooMany))).toBe("MaxSupplyReached");
    const last = randomAddress();
    expect(await batchMint(reward, [...early, last])).toEqual([3n]);
    expect(await read(reward, "totalSupply")).toBe(3n);

    expect(await revertOf(simulateMint(reward, randomAddress()))).toBe("MaxSupplyReached");
    // Full, yet a replay of everything already minted still goes through (and mints nothing).
    expect(await batchMint(reward, [...early, last])).toEqual([]);
  });

  it(`prints the gas of mint and of a batchMint of ${BATCH_SIZE} wallets (fresh and replayed)`, async () => {
    const reward = await programme("gas");
    const gasOf = async (hash: Hex) => (await chain.confirm(hash)).gasUsed;
    const single = await gasOf(
      await chain.platform.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "mint",
        args: [randomAddress()],
      }),
    );
    const wallets = Array.from({ length: BATCH_SIZE }, randomAddress);
    const sendBatch = () =>
      chain.platform.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "batchMint",
        args: [wallets],
      });
    const fresh = await gasOf(await sendBatch());
    const replayed = await gasOf(await sendBatch());
    const { gasLimit } = await chain.publicClient.getBlock();
    const perWallet = fresh / BigInt(BATCH_SIZE);

    console.log(
      `[contracts gas] mint(to) ${single}; batchMint(${BATCH_SIZE} new wallets) ${fresh} (${perWallet}/wallet); ` +
        `same batch replayed ${replayed}; block gas limit ${gasLimit} fits ~${gasLimit / perWallet} wallets per batch`,
    );
    expect(await read(reward, "totalSupply")).toBe(BigInt(BATCH_SIZE + 1));
    // Sizing facts the mint queue relies on: a batch of 100 is far under one block, a replay is cheap.
    expect(fresh).toBeLessThan(gasLimit / 2n);
    expect(replayed).toBeLessThan(fresh / 5n);
  });
});
