import { AppError } from "@tally/core";
import { TaskEscrowError, type TaskEscrowPort } from "@tally/providers";
import { type Hex, keccak256, toBytes } from "viem";

/** The escrow keys an organization's pool by keccak256 of its id (bytes32). */
export const tenantIdOf = (organizationId: string): Hex => keccak256(toBytes(organizationId));

/** Confirmations a deposit needs: CHAIN_CONFIRMATIONS when set, else 1 on the local chain and 3 on Base. */
export const requiredConfirmations = (escrow: TaskEscrowPort, configured: number | undefined): number =>
  configured ?? (escrow.adapter === "local" ? 1 : 3);

/** Whether the escrow refused: with one of the named custom errors, or with any when none is named. */
export const isRevert = (error: unknown, ...names: string[]): error is TaskEscrowError =>
  error instanceof TaskEscrowError &&
  error.reason === "reverted" &&
  (names.length === 0 || names.includes(error.revert?.error ?? ""));

/**
 * A failed write's transaction hash when it was signed and may still be mined (the RPC failed after the
 * send): its outcome is unknown. Undefined when the escrow refused or nothing was sent.
 */
export const unknownOutcome = (error: unknown): Hex | undefined =>
  error instanceof TaskEscrowError && error.reason === "unavailable" ? error.txHash : undefined;

/**
 * The answer to an escrow failure a caller did not handle itself: 503 `service_unavailable` (retryable)
 * when the chain is unreachable or no escrow is configured, 409 `conflict` naming the contract's error
 * when it refused. Anything else is rethrown as it is.
 */
export const escrowFailure = (error: unknown, context: Record<string, unknown> = {}): unknown => {
  if (!(error instanceof TaskEscrowError)) return error;
  switch (error.reason) {
    case "unavailable":
      return new AppError("service_unavailable", "The task escrow's chain is unreachable; try again", {
        headers: { "Retry-After": "5" },
        context: { ...context, ...(error.txHash ? { txHash: error.txHash } : {}) },
        cause: error,
      });
    case "not_configured":
      return new AppError("service_unavailable", "No task escrow is configured on this deployment", {
        context,
        cause: error,
      });
    case "reverted":
      return new AppError("conflict", `The task escrow refused: ${error.revert?.error ?? "reverted"}`, {
        context: { ...context, revert: error.revert?.error ?? null },
        cause: error,
      });
  }
};

/** Runs an escrow read (or a write whose failure needs no compensation), answering failures as `escrowFailure`. */
export const callEscrow = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw escrowFailure(error);
  }
};
