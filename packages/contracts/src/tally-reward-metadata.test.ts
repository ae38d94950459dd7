import { type Address, type Hex, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERC5192_INTERFACE_ID, tallyRewardAbi } from "./index.ts";
import { rewardSalt } from "./reward-salt.ts";
import type { Wallet } from "./testing/local-anvil.ts";
import {
  type RewardChain,
  type RewardParams,
  randomAddress,
  revertOf,
  startRewardChain,
} from "./testing/reward-chain.ts";

describe("TallyReward soulbound mode and metadata", () => {
  let chain: RewardChain;
  beforeAll(async () => {
    chain = await startRewardChain();
  });
  afterAll(() => chain?.stop());

  const programme = (name: string, params: Partial<RewardParams> = {}) =>
    chain.deployReward(rewardSalt("org-metadata", name), params);
  const mintTo = async (reward: Address, to: Address) =>
    chain.confirm(
      await chain.platform.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "mint",
        args: [to],
      }),
    );
  const locked = (reward: Address, tokenId: bigint) =>
    chain.publicClient.readContract({
      address: reward,
      abi: tallyRewardAbi,
      functionName: "locked",
      args: [tokenId],
    });
  const tokenURI = (reward: Address, tokenId: bigint) =>
    chain.publicClient.readContract({
      address: reward,
      abi: tallyRewardAbi,
      functionName: "tokenURI",
      args: [tokenId],
    });
  const transfer = (holder: Wallet, reward: Address, to: Address, tokenId: bigint) =>
    chain.publicClient.simulateContract({
      account: holder.account,
      address: reward,
      abi: tallyRewardAbi,
      functionName: "transferFrom",
      args: [holder.account.address, to, tokenId],
    });

  it("locks every token of a non-transferable programme (ERC-5192): Locked at mint, transfers revert", async () => {
    const reward = await programme("soulbound", { transferable: false });
    const holder = await chain.newWallet();
    const { logs } = await mintTo(reward, holder.account.address);
    expect(parseEventLogs({ abi: tallyRewardAbi, eventName: "Transfer", logs })).toHaveLength(1);
    expect(parseEventLogs({ abi: tallyRewardAbi, eventName: "Locked", logs }).map((log) => log.args)).toEqual(
      [{ tokenId: 1n }],
    );
    expect(await locked(reward, 1n)).toBe(true);

    expect(await revertOf(transfer(holder, reward, randomAddress(), 1n))).toBe("SoulboundToken");
    const safeTransfer = chain.publicClient.simulateContract({
      account: holder.account,
      address: reward,
      abi: tallyRewardAbi,
      functionName: "safeTransferFrom",
      args: [holder.account.address, randomAddress(), 1n],
    });
    expect(await revertOf(safeTransfer)).toBe("SoulboundToken");
    // Approval does not open a way around it: the approved operator cannot move the token either.
    const operator = await chain.newWallet();
    await chain.confirm(
      await holder.writeContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "setApprovalForAll",
        args: [operator.account.address, true],
      }),
    );
    const byOperator = chain.publicClient.simulateContract({
      account: operator.account,
      address: reward,
      abi: tallyRewardAbi,
      functionName: "transferFrom",
      args: [holder.account.address, operator.account.address, 1n],
    });
    expect(await revertOf(byOperator)).toBe("SoulboundToken");
    expect(await revertOf(locked(reward, 2n))).toBe("ERC721NonexistentToken");
  });

  it("moves tokens of a transferable programme freely, unlocked and without Locked events", async () => {
    const reward = await programme("transferable", { transferable: true });
    const holder = await chain.newWallet();
    const { logs } = await mintTo(reward, holder.account.address);
    expect(parseEventLogs({ abi: tallyRewardAbi, eventName: "Locked", logs })).toEqual([]);
    expect(await locked(reward, 1n)).toBe(false);

    const receiver = randomAddress();
    await chain.confirm(await holder.writeContract((await transfer(holder, reward, receiver, 1n)).request));
    expect(
      await chain.publicClient.readContract({
        address: reward,
        abi: tallyRewardAbi,
        functionName: "ownerOf",
        args: [1n],
      }),
    ).toBe(receiver);
  });

  it("answers ERC-165 for ERC-721, its metadata, ERC-5192, ERC-4906 and AccessControl", async () => {
    for (const transferable of [true, false]) {
      const reward = await programme(`interfaces-${transferable}`, { transferable });
      const supports = (id: Hex) =>
        chain.publicClient.readContract({
          address: reward,
          abi: tallyRewardAbi,
          functionName: "supportsInterface",
          args: [id],
        });
      const ids: Hex[] = [
        ERC5192_INTERFACE_ID,
        "0x80ac58cd",
        "0x5b5e139f",
        "0x49064906",
        "0x7965db0b",
        "0x01ffc9a7",
      ];
      expect(await Promise.all(ids.map(supports))).toEqual(ids.map(() => true));
      expect(await supports("0xffffffff")).toBe(false);
    }
  });

  it("serves tokenURI from a base URI ending in '/' per token, else one URI for all tokens", async () => {
    const perToken = await programme("uri-per-token", { baseURI: "https://api.tally.test/nft/reward-7/" });
    await mintTo(perToken, randomAddress());
    await mintTo(perToken, randomAddress());
    expect([await tokenURI(perToken, 1n), await tokenURI(perToken, 2n)]).toEqual([
      "https://api.tally.test/nft/reward-7/1",
      "https://api.tally.test/nft/reward-7/2",
    ]);
    expect(await revertOf(tokenURI(perToken, 3n))).toBe("ERC721NonexistentToken");

    const ipfs = "ipfs://bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku";
    const shared = await programme("uri-shared", { baseURI: ipfs });
    await mintTo(shared, randomAddress());
    await mintTo(shared, randomAddress());
    expect([await tokenURI(shared, 1n), await tokenURI(shared, 2n)]).toEqual([ipfs, ipfs]);
  });

  it("lets only the admin change the base URI and the contract URI, announcing both (ERC-4906, ERC-7572)", async () => {
    const reward = await programme("uri-admin", {
      contractURI: "https://api.tally.test/nft/reward-8/contract",
    });
    const read = (functionName: "contractURI" | "name") =>
      chain.publicClient.readContract({ address: reward, abi: tallyRewardAbi, functionName });
    expect(await read("contractURI")).toBe("https://api.tally.test/nft/reward-8/contract");
    await mintTo(reward, randomAddress());
    await mintTo(reward, randomAddress());

    const pinned = "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
    const stranger = await chain.newWallet();
    const setBaseURI = (account: Wallet["account"]) =>
      chain.publicClient.simulateContract({
        account,
        address: reward,
        abi: tallyRewardAbi,
        functionName: "setBaseURI",
        args: [pinned],
      });
    expect(await revertOf(setBaseURI(stranger.account))).toBe("AccessControlUnauthorizedAccount");
    const baseReceipt = await chain.confirm(
      await chain.platform.writeContract((await setBaseURI(chain.platform.account)).request),
    );
    const updates = parseEventLogs({
      abi: tallyRewardAbi,
      eventName: "BatchMetadataUpdate",
      logs: baseReceipt.logs,
    });
    expect(updates.map((log) => log.args)).toEqual([{ _fromTokenId: 1n, _toTokenId: 2n }]);
    expect(await tokenURI(reward, 2n)).toBe(pinned);

    const setContractURI = (account: Wallet["account"]) =>
      chain.publicClient.simulateContract({
        account,
        address: reward,
        abi: tallyRewardAbi,
        functionName: "setContractURI",
        args: [`${pinned}/contract`],
      });
    expect(await revertOf(setContractURI(stranger.account))).toBe("AccessControlUnauthorizedAccount");
    const contractReceipt = await chain.confirm(
      await chain.platform.writeContract((await setContractURI(chain.platform.account)).request),
    );
    expect(
      parseEventLogs({ abi: tallyRewardAbi, eventName: "ContractURIUpdated", logs: contractReceipt.logs }),
    ).toHaveLength(1);
    expect(await read("contractURI")).toBe(`${pinned}/contract`);
  });

  it("keeps each clone's own name, symbol and settings (storage per clone, not per implementation)", async () => {
    const gold = await programme("gold", {
      name: "Gold",
      symbol: "GLD",
      maxSupply: 10n,
      transferable: false,
    });
    const silver = await programme("silver", {
      name: "Silver",
      symbol: "SLV",
      maxSupply: 0n,
      transferable: true,
    });
    const facts = async (reward: Address) =>
      Promise.all(
        (["name", "symbol", "maxSupply", "transferable"] as const).map((functionName) =>
          chain.publicClient.readContract({ address: reward, abi: tallyRewardAbi, functionName }),
        ),
      );
    expect(await facts(gold)).toEqual(["Gold", "GLD", 10n, false]);
    expect(await facts(silver)).toEqual(["Silver", "SLV", 0n, true]);
  });
});
