import { AppError } from "@tally/core";
import { describe, expect, it } from "vitest";
import { type ChainProvidersConfig, createChainProviders } from "./chain-providers.ts";
import { recordingLogger } from "./email/test-support.ts";

/** Which reward chain the settings select. No connection is made: every adapter reaches its RPC lazily. */
const onBase: ChainProvidersConfig = {
  baseRpcUrl: "https://base.invalid",
  x402FacilitatorUrl: "https://facilitator.invalid",
  walletEncryptionKey: "a-wallet-encryption-key-of-32-characters",
  refuseLocal: false,
  logger: recordingLogger(),
};
const rewards = {
  operatorPrivateKey: `0x${"11".repeat(32)}`,
  factoryAddress: "0x00000000000000000000000000000000000000f1",
  implementationAddress: "0x00000000000000000000000000000000000000f2",
} as const;

describe("the reward chain a deployment runs", () => {
  it("is Base's with BASE_RPC_URL and the three reward settings, on a live deployment too", () => {
    expect(createChainProviders({ ...onBase, rewards }).rewardChain.adapter).toBe("base");
    expect(createChainProviders({ ...onBase, refuseLocal: true, rewards }).rewardChain.adapter).toBe("base");
  });

  it("is unavailable with BASE_RPC_URL and none of them: each call answers 503", async () => {
    const { rewardChain } = createChainProviders({ ...onBase, rewards: {} });
    expect(rewardChain.adapter).toBe("unavailable");
    const error = await rewardChain.contracts().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
  });

  it("refuses the boot with some of them, naming the missing ones", () => {
    expect(() =>
      createChainProviders({ ...onBase, rewards: { operatorPrivateKey: rewards.operatorPrivateKey } }),
    ).toThrow(
      "REWARD_FACTORY_ADDRESS, REWARD_IMPLEMENTATION_ADDRESS required with REWARD_OPERATOR_PRIVATE_KEY",
    );
  });

  it("refuses reward settings without BASE_RPC_URL (the local chain deploys its own contracts)", () => {
    expect(() =>
      createChainProviders({
        refuseLocal: false,
        logger: recordingLogger(),
        localChain: {
          rpcUrl: "http://127.0.0.1:1",
          usdcAddress: "0x00000000000000000000000000000000000000e1",
          facilitatorAccount: {
            address: "0x00000000000000000000000000000000000000e2",
            privateKey: `0x${"22".repeat(32)}`,
          },
        },
        rewards: { factoryAddress: rewards.factoryAddress },
      }),
    ).toThrow("REWARD_FACTORY_ADDRESS apply with BASE_RPC_URL only");
  });
});
