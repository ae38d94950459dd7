import { startLocalChain } from "../chain/local-chain.ts";
import { recordingLogger } from "../email/test-support.ts";
import { describeRewardChainContract } from "./contract-suite.ts";
import { createLocalRewardChain } from "./local.ts";

describeRewardChainContract("local", async () => {
  const logger = recordingLogger();
  const chain = await startLocalChain({ logger });
  const options = { rpcUrl: chain.rpcUrl, chainId: chain.chainId, logger };
  return {
    first: createLocalRewardChain(options),
    second: createLocalRewardChain(options),
    stop: () => chain.stop(),
  };
});
