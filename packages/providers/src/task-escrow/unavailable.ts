import { type TaskEscrowContracts, TaskEscrowError, type TaskEscrowPort } from "./port.ts";

const notConfigured = () =>
  new TaskEscrowError(
    "not_configured",
    "The task escrow is not configured on this deployment's chain: set TASK_ESCROW_ADDRESS, TASK_OPERATOR_PRIVATE_KEY, TASK_ATTESTER_PRIVATE_KEY, TASK_EVALUATOR_PRIVATE_KEY and TASK_ORACLE_ADDRESS",
  );

const refuse = async (): Promise<never> => {
  throw notConfigured();
};

/**
 * A deployment with BASE_RPC_URL but none of the task escrow settings: no pool, task or payout reaches a chain;
 * every call rejects with `TaskEscrowError("not_configured")`.
 */
export class UnavailableTaskEscrow implements TaskEscrowPort {
  readonly adapter = "unavailable" as const;
  readonly chainId: number;

  constructor(chainId: number) {
    this.chainId = chainId;
  }

  contracts: () => Promise<TaskEscrowContracts> = refuse;
  registerPool = refuse;
  isPoolRegistered = refuse;
  poolBalance = refuse;
  setVerifiers = refuse;
  verifiersOf = refuse;
  depositOf = refuse;
  withdrawPool = refuse;
  createTask = refuse;
  cancelTask = refuse;
  submit = refuse;
  resolve = refuse;
  resolveWithSignatures = refuse;
  expire = refuse;
  getTask = refuse;
  claimable = refuse;
  chainTime = refuse;
}
