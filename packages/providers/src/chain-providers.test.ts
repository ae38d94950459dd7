import { AppError } from "@tally/core";
import { describe, expect, it } from "vitest";
import { type ChainProvidersConfig, createChainProviders } from "./chain-providers.ts";
import { recordingLogger } from "./email/test-support.ts";
import { TaskEscrowError } from "./task-escrow/port.ts";

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

const taskEscrow = {
  escrowAddress: "0x00000000000000000000000000000000000000f3",
  operatorPrivateKey: `0x${"33".repeat(32)}`,
  attesterPrivateKey: `0x${"44".repeat(32)}`,
  evaluatorPrivateKey: `0x${"55".repeat(32)}`,
  oracleAddress: "0x00000000000000000000000000000000000000f4",
} as const;
const onLocalChain: ChainProvidersConfig = {
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
};

describe("the task escrow a deployment runs", () => {
  it("is the local one on the local chain, and Base's with BASE_RPC_URL and the five task settings", () => {
    expect(createChainProviders(onLocalChain).taskEscrow.adapter).toBe("local");
    expect(createChainProviders({ ...onBase, taskEscrow }).taskEscrow.adapter).toBe("base");
    expect(createChainProviders({ ...onBase, refuseLocal: true, taskEscrow }).taskEscrow.adapter).toBe(
      "base",
    );
  });

  it("is unavailable with BASE_RPC_URL and none of them: every call rejects not_configured", async () => {
    const { taskEscrow: port } = createChainProviders({ ...onBase, taskEscrow: {} });
    expect(port.adapter).toBe("unavailable");
    expect(port.chainId).toBe(8453);
    for (const call of [port.contracts(), port.registerPool(`0x${"01".repeat(32)}`), port.chainTime()]) {
      const error = await call.catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(TaskEscrowError);
      expect((error as TaskEscrowError).reason).toBe("not_configured");
    }
  });

  it("refuses the boot with some of them, naming the missing ones", () => {
    expect(() =>
      createChainProviders({
        ...onBase,
        taskEscrow: { escrowAddress: taskEscrow.escrowAddress, oracleAddress: taskEscrow.oracleAddress },
      }),
    ).toThrow(
      "TASK_OPERATOR_PRIVATE_KEY, TASK_ATTESTER_PRIVATE_KEY, TASK_EVALUATOR_PRIVATE_KEY required with TASK_ESCROW_ADDRESS, TASK_ORACLE_ADDRESS",
    );
  });

  it("refuses task settings without BASE_RPC_URL (the local chain deploys its own escrow)", () => {
    expect(() =>
      createChainProviders({
        ...onLocalChain,
        taskEscrow: { attesterPrivateKey: taskEscrow.attesterPrivateKey },
      }),
    ).toThrow("TASK_ATTESTER_PRIVATE_KEY apply with BASE_RPC_URL only");
  });
});
