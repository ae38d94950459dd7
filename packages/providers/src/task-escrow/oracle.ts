import { resolutionTypedData, type TaskResolution } from "@tally/contracts";
import { type Address, type Hex, recoverTypedDataAddress } from "viem";
import type { TaskEscrowContracts } from "./port.ts";

/**
 * Who signed `signature` over the EIP-712 `Resolution(bytes32 taskId, bool approved, uint64 timestamp)` typed
 * data (`resolutionTypedData`, domain "TallyTaskEscrow" v1, this chain and escrow), lowercase; null when it is
 * malformed or recovers nothing, as the escrow skips it. Pure: no RPC.
 */
export const recoverResolutionSigner = async (input: {
  contracts: Pick<TaskEscrowContracts, "escrowAddress">;
  chainId: number;
  resolution: TaskResolution;
  signature: Hex;
}): Promise<Address | null> => {
  const { contracts, chainId, resolution, signature } = input;
  try {
    const signer = await recoverTypedDataAddress({
      ...resolutionTypedData(contracts.escrowAddress, chainId, resolution),
      signature,
    });
    return signer.toLowerCase() as Address;
  } catch {
    return null;
  }
};

/**
 * Whether `signature` is the oracle's EIP-712 signature of the resolution: the same typed data Consensus
 * verifiers sign, recovered against `contracts.oracleAddress`. Pure: no RPC. A malformed signature is false.
 * Freshness (the 300 s tolerance) and replays are the caller's to check.
 */
export const verifyOracleResolution = async (input: {
  contracts: Pick<TaskEscrowContracts, "escrowAddress" | "oracleAddress">;
  chainId: number;
  resolution: TaskResolution;
  signature: Hex;
}): Promise<boolean> =>
  (await recoverResolutionSigner(input)) === input.contracts.oracleAddress.toLowerCase();
