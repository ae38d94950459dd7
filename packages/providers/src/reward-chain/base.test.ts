import { AppError } from "@tally/core";
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localClients } from "../chain/test-support.ts";
import { createBaseRewardChain } from "./base.ts";
import type { RewardContractParams } from "./port.ts";
import { type ChainAsBase, startChainAsBase } from "./test-support.ts";

/** The behaviours every adapter shares run in contract.test.ts; these are Base's own: configuration and gas. */

const params: RewardContractParams = {
  name: "Silver",
  symbol: "SLV",
  baseURI: "https://api.example.com/nft-reward/s/metadata/",
  contractURI: "https://api.example.com/nft-reward/s/metadata/contract",
  maxSupply: 0n,
  transferable: true,
};

describe("the Base reward chain", () => {
  let setup: ChainAsBase;
  beforeAll(async () => {
    setup = await startChainAsBase();
  });
  afterAll(() => setup?.chain.stop());

  const serviceUnavailable = async (call: Promise<unknown>, message: RegExp) => {
    const error = await call.then(
      () => {
        throw new Error("the call succeeded");
      },
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toMatch(message);
    return error as AppError;
  };

  it("answers 503 and logs it (never tops up) when the operator cannot pay for gas; works once funded", async () => {
    const { adapterOptions, logger, fund } = setup;
    const { operatorPrivateKey } = adapterOptions;
    const chain = createBaseRewardChain(adapterOptions);
    const programme = { organizationId: "org-broke", rewardId: "reward-broke" };
    const logged = logger.lines.length;

    await serviceUnavailable(chain.deploy(programme, params), /reward operator cannot pay for gas/);
    const warning = logger.lines.slice(logged).find((line) => /cannot pay for gas/.test(line.msg ?? ""));
    const operator = privateKeyToAccount(operatorPrivateKey).address.toLowerCase();
    expect(warning?.obj).toMatchObject({ adapter: "base", operator });
    // The key itself is never written to the log.
    expect(JSON.stringify(logger.lines)).not.toContain(operatorPrivateKey.slice(2));
    const { publicClient } = localClients(adapterOptions.rpcUrl);
    expect(await publicClient.getBalance({ address: operator as Address })).toBe(0n);
    expect(await chain.hasCode(await chain.predictAddress(programme))).toBe(false);

    // The same adapter deploys once the operator has gas: nothing was left half-done.
    await fund(operatorPrivateKey);
    const { address } = await chain.deploy(programme, params);
    expect(address).toBe(await chain.predictAddress(programme));
  });

  it("answers 503 when the factory address has no code, is not the factory of that implementation, or is not the operator's", async () => {
    const { adapterOptions, deployed, logger } = setup;
    const noCode = createBaseRewardChain({
      ...adapterOptions,
      factoryAddress: "0x00000000000000000000000000000000000000f1",
    });
    await serviceUnavailable(noCode.contracts(), /reward contracts are misconfigured/);
    await serviceUnavailable(noCode.predictAddress({ organizationId: "o", rewardId: "r" }), /misconfigured/);
    expect(logger.lines.at(-1)?.msg).toContain(
      "REWARD_FACTORY_ADDRESS 0x00000000000000000000000000000000000000f1 has no code",
    );

    const otherImplementation = createBaseRewardChain({
      ...adapterOptions,
      implementationAddress: "0x00000000000000000000000000000000000000f2",
    });
    await serviceUnavailable(otherImplementation.contracts(), /misconfigured/);
    expect(logger.lines.at(-1)?.msg).toContain(`the factory clones ${deployed.implementationAddress}`);

    const otherOperator = createBaseRewardChain({
      ...adapterOptions,
      operatorPrivateKey: generatePrivateKey(),
    });
    await serviceUnavailable(otherOperator.contracts(), /misconfigured/);
    expect(logger.lines.at(-1)?.msg).toContain(`the factory is owned by ${deployed.owner}`);
  });

  it("answers 503 with Retry-After while its RPC cannot be reached", async () => {
    const { adapterOptions } = setup;
    const unreachable = createBaseRewardChain({ ...adapterOptions, rpcUrl: "http://127.0.0.1:9/" });
    const error = await serviceUnavailable(unreachable.contracts(), /RPC is unreachable/);
    expect(error.headers).toEqual({ "Retry-After": "5" });
    await serviceUnavailable(unreachable.ownersOf(adapterOptions.factoryAddress, [1n]), /RPC is unreachable/);
  });

  it("uses the configured factory and implementation once they check out", async () => {
    const { adapterOptions, deployed } = setup;
    const chain = createBaseRewardChain(adapterOptions);
    expect(chain.adapter).toBe("base");
    expect(await chain.contracts()).toEqual({
      implementationAddress: deployed.implementationAddress,
      factoryAddress: deployed.factoryAddress,
    });
  });
});
