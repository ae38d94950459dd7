import { AppError } from "@tally/core";
import { type Hex, verifyMessage } from "viem";

/** How far the signed `issuedAt` may be from the server's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** What a solver's signature authorizes: each has its own first line, so one cannot stand for another. */
export type SolverAction =
  | { kind: "registration" }
  | { kind: "claim"; taskId: string }
  | { kind: "submission"; taskId: string; submissionHash: string };

const TITLES: Record<SolverAction["kind"], string> = {
  registration: "Tally solver registration",
  claim: "Tally task claim",
  submission: "Tally task submission",
};

/**
 * The message a solver signs with EIP-191 (`personal_sign`): the action's title, the lowercase address,
 * the task and the submission hash where the action has them (lowercase), and `issuedAt` exactly as sent.
 */
export const solverMessage = (address: string, issuedAt: string, action: SolverAction): string =>
  [
    TITLES[action.kind],
    `Address: ${address.toLowerCase()}`,
    ...("taskId" in action ? [`Task: ${action.taskId.toLowerCase()}`] : []),
    ...("submissionHash" in action ? [`Submission: ${action.submissionHash.toLowerCase()}`] : []),
    `Issued at: ${issuedAt}`,
  ].join("\n");

/** The registration message (docs/task-pool.md "Solvers"). */
export const solverRegistrationMessage = (address: string, issuedAt: string): string =>
  solverMessage(address, issuedAt, { kind: "registration" });

/**
 * Proves that `address` authorized `action` now: `signedTx` must be its EIP-191 signature of the action's
 * message and `issuedAt` within the tolerance of `now`. Otherwise 401 `signature_required` saying what was
 * wrong, with the message to sign. The time of the proven signature is returned.
 */
export const verifySolverSignature = async (
  { now }: { now: Date },
  address: Hex,
  input: { signedTx?: string | undefined; issuedAt?: string | undefined; action: SolverAction },
): Promise<Date> => {
  const message = solverMessage(address, input.issuedAt ?? "<issuedAt>", input.action);
  if (!input.signedTx || !input.issuedAt)
    throw new AppError(
      "signature_required",
      `This ${input.action.kind} needs signedTx, the solver's EIP-191 signature of the ${input.action.kind} message, and its issuedAt`,
      { context: { reason: "missing", message } },
    );
  const issuedAt = new Date(input.issuedAt);
  const skewSeconds = Math.abs(now.getTime() - issuedAt.getTime()) / 1000;
  if (skewSeconds > SIGNATURE_TOLERANCE_SECONDS)
    throw new AppError(
      "signature_required",
      `issuedAt must be within ${SIGNATURE_TOLERANCE_SECONDS} s of the server's time`,
      { context: { reason: "stale", serverTime: now.toISOString() } },
    );
  const valid = await verifyMessage({ address, message, signature: input.signedTx as Hex }).catch(
    () => false,
  );
  if (!valid)
    throw new AppError(
      "signature_required",
      `signedTx is not solverAddress's signature of the ${input.action.kind} message`,
      { context: { reason: "mismatch", message } },
    );
  return issuedAt;
};
