export { TASK_ESCROW_GRACE_SECONDS } from "@tally/contracts";
export { type BaseTaskEscrowOptions, createBaseTaskEscrow } from "./base.ts";
export { createLocalTaskEscrow, LOCAL_TASK_ESCROW_KEYS, type LocalTaskEscrowOptions } from "./local.ts";
export { recoverResolutionSigner, verifyOracleResolution } from "./oracle.ts";
export {
  type DepositTransaction,
  type EscrowWrite,
  type OnChainTask,
  type PoolDeposit,
  type TaskEscrowContracts,
  TaskEscrowError,
  type TaskEscrowErrorReason,
  type TaskEscrowPort,
} from "./port.ts";
export { UnavailableTaskEscrow } from "./unavailable.ts";
