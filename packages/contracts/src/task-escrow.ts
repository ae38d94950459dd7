import type { Address, Hex } from "viem";

/** EIP-712 domain name and version TaskEscrow verifies Consensus resolutions under (plus chain id and address). */
export const TASK_ESCROW_EIP712 = { name: "TallyTaskEscrow", version: "1" } as const;

/** Verification methods in the contract's order: a task's `method` is the index. */
export const TASK_METHODS = ["Oracle", "Consensus", "AIEval"] as const;
export type TaskMethod = (typeof TASK_METHODS)[number];

/** Task statuses in the contract's order: `getTask(id).status` is the index; None is a task id never created. */
export const TASK_STATUSES = ["None", "Open", "Submitted", "Settled", "Expired", "Cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Seconds past its deadline a submitted task waits for its resolution before anyone may expire it. */
export const TASK_ESCROW_GRACE_SECONDS = 86_400n;

export const taskMethodCode = (method: TaskMethod): number => TASK_METHODS.indexOf(method);

export const taskStatusOf = (code: number): TaskStatus => {
  const status = TASK_STATUSES[code];
  if (status === undefined) throw new Error(`unknown task status code ${code}`);
  return status;
};

export interface TaskResolution {
  taskId: Hex;
  approved: boolean;
  /** Unix seconds the verifier signed at: not before the submission, not after the block that resolves it. */
  timestamp: bigint;
}

/** What a Consensus verifier signs (`account.signTypedData(resolutionTypedData(...))`). */
export const resolutionTypedData = (escrow: Address, chainId: number, resolution: TaskResolution) =>
  ({
    domain: { ...TASK_ESCROW_EIP712, chainId, verifyingContract: escrow },
    types: {
      Resolution: [
        { name: "taskId", type: "bytes32" },
        { name: "approved", type: "bool" },
        { name: "timestamp", type: "uint64" },
      ],
    },
    primaryType: "Resolution",
    message: resolution,
  }) as const;
