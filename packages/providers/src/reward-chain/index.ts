export { type BaseRewardChainOptions, createBaseRewardChain } from "./base.ts";
export { createLocalRewardChain, LOCAL_REWARD_OPERATOR, type LocalRewardChainOptions } from "./local.ts";
export type {
  DeployedContractState,
  MintReceipt,
  RewardChainPort,
  RewardContractParams,
  RewardContracts,
  RewardProgrammeKey,
} from "./port.ts";
export { UnavailableRewardChain } from "./unavailable.ts";
