import { resolutionTypedData, type TaskResolution } from "@tally/contracts";
import { type Hex, recoverTypedDataAddress } from "viem";
import type { TaskEscrowContracts } from "./port.ts";

/**
 * Whether `signature` is the oracle's EIP-712 signature of the resolution: the same `Resolution(bytes32 taskId,
 * bool approved, uint64 timestamp)` typed data Consensus verifiers sign (`resolutionTypedData`, domain
 * "TallyTaskEscrow" v1, this chain and escrow), recovered against `contracts.oracleAddress`. Pure: no RPC. A
 * malformed signature is false. Freshness (the 300 s tolerance) and replays are the caller's to check.
 */
export const verifyOracleResolution = async (input: {
  contracts: Pick<TaskEscrowContracts, "escrowAddress" | "oracleAddress">;
  chainId: number;
  resolution: TaskResolution;
  signature: Hex;
}): Promise<boolean> => {
  const { contracts, chainId, resolution, signature } = input;
  try {
    const signer = await recoverTypedDataAddress({
      ...resolutionTypedData(contracts.escrowAddress, chainId, resolution),
      signature,
    });
    return signer.toLowerCase() === contracts.oracleAddress.toLowerCase();
  } catch {
    return false;
  }
};
