import { AppError } from "@tally/core";
import { type Hex, verifyMessage } from "viem";

/** How far the signed `issuedAt` may be from the server's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The registration message a solver signs with EIP-191 (`personal_sign`): three lines naming the
 * purpose, the lowercase address and `issuedAt` exactly as sent in the request.
 */
export const solverRegistrationMessage = (address: string, issuedAt: string): string =>
  `Tally solver registration\nAddress: ${address.toLowerCase()}\nIssued at: ${issuedAt}`;

/**
 * Proves control of `address`: `signature` must be its EIP-191 signature of the registration message and
 * `issuedAt` within the tolerance of `now`. Otherwise 401 `signature_required` saying what was wrong.
 * The time of the proven signature is returned.
 */
export const verifySolverSignature = async (
  { now }: { now: Date },
  address: Hex,
  input: { signedTx?: string | undefined; issuedAt?: string | undefined },
): Promise<Date> => {
  if (!input.signedTx || !input.issuedAt)
    throw new AppError(
      "signature_required",
      "Registering needs signedTx, the solver's EIP-191 signature of the registration message, and its issuedAt",
      { context: { message: solverRegistrationMessage(address, input.issuedAt ?? "<issuedAt>") } },
    );
  const issuedAt = new Date(input.issuedAt);
  const skewSeconds = Math.abs(now.getTime() - issuedAt.getTime()) / 1000;
  if (skewSeconds > SIGNATURE_TOLERANCE_SECONDS)
    throw new AppError(
      "signature_required",
      `issuedAt must be within ${SIGNATURE_TOLERANCE_SECONDS} s of the server's time`,
      { context: { reason: "stale", serverTime: now.toISOString() } },
    );
  const valid = await verifyMessage({
    address,
    message: solverRegistrationMessage(address, input.issuedAt),
    signature: input.signedTx as Hex,
  }).catch(() => false);
  if (!valid)
    throw new AppError(
      "signature_required",
      "signedTx is not solverAddress's signature of the registration message",
      {
        context: { reason: "mismatch", message: solverRegistrationMessage(address, input.issuedAt) },
      },
    );
  return issuedAt;
};
