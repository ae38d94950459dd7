import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
} from "viem";

const findCause = (error: unknown, match: (cause: unknown) => boolean): Error | null =>
  error instanceof BaseError ? error.walk(match) : null;

/** The node could not be reached or did not answer in time: nothing is known about the call's effect. */
export const isRpcUnreachable = (error: unknown): boolean =>
  findCause(error, (cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null;

/** The call reached the EVM and failed there (a revert, or no contract code answering); its reason if so. */
export const contractFailureReason = (error: unknown): string | undefined => {
  const cause = findCause(
    error,
    (candidate) =>
      candidate instanceof ContractFunctionRevertedError ||
      candidate instanceof ContractFunctionZeroDataError ||
      candidate instanceof ExecutionRevertedError,
  );
  if (!cause) return undefined;
  if (cause instanceof ContractFunctionRevertedError && cause.reason) return cause.reason;
  return cause instanceof BaseError ? cause.shortMessage : cause.message;
};

/** The sender cannot pay for gas. */
export const isInsufficientFunds = (error: unknown): boolean =>
  findCause(error, (cause) => cause instanceof InsufficientFundsError) !== null;

/** A short, key-free description for logs and error messages. */
export const describeRpcError = (error: unknown): string =>
  error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
