export {
  type DeployedRewardContracts,
  type DeployRewardContractsOptions,
  deployRewardContracts,
} from "./deploy-rewards.ts";
export {
  type DeployedTaskEscrow,
  type DeployTaskEscrowOptions,
  deployTaskEscrowContract,
} from "./deploy-task-escrow.ts";
export { mockUsdcAbi, mockUsdcBytecode } from "./generated/mock-usdc.ts";
export { tallyRewardAbi, tallyRewardBytecode } from "./generated/tally-reward.ts";
export { tallyRewardFactoryAbi, tallyRewardFactoryBytecode } from "./generated/tally-reward-factory.ts";
export { taskEscrowAbi, taskEscrowBytecode } from "./generated/task-escrow.ts";
export { rewardSalt } from "./reward-salt.ts";
export {
  resolutionTypedData,
  TASK_ESCROW_EIP712,
  TASK_ESCROW_GRACE_SECONDS,
  TASK_METHODS,
  TASK_STATUSES,
  type TaskMethod,
  type TaskResolution,
  type TaskStatus,
  taskMethodCode,
  taskStatusOf,
} from "./task-escrow.ts";

/** EIP-712 domain MockUSDC signs under: identical to Circle's USDC, so stock x402 clients need no special case. */
export const MOCK_USDC_EIP712 = { name: "USD Coin", version: "2" } as const;

export const USDC_DECIMALS = 6;

/** ERC-165 id of ERC-5192 (minimal soulbound NFTs): `locked(uint256)`. TallyReward answers true for it. */
export const ERC5192_INTERFACE_ID = "0xb45a3c0e" as const;
