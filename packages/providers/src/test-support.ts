/** What tests of other packages use to drive the local chain (`@tally/providers/test-support`). */
export * from "./chain/test-support.ts";
export { deployRewardOperator } from "./reward-chain/test-support.ts";
export {
  advanceChainTime,
  deployTaskEscrowAsBase,
  depositAsMerchant,
  escrowBalances,
  signConsensusResolution,
  signOracleResolution,
} from "./task-escrow/test-support.ts";
