import type { ChainTransaction } from "@tally/providers";
import { paymentVerificationFailed } from "./payable.ts";

export interface ExpectedTransfer {
  token: string;
  from: string;
  to: string;
  value: bigint;
  chainId: number;
  confirmations: number;
}

/**
 * The transaction must be mined, successful, on our chain, confirmed enough, and hold a USDC
 * `Transfer` of exactly the amount due from the paying wallet to the receiving address. Each
 * failure names its reason (422 `payment_verification_failed`).
 */
export const verifyTransfer = (transaction: ChainTransaction, expected: ExpectedTransfer): bigint => {
  switch (transaction.status) {
    case "not_found":
      throw paymentVerificationFailed("tx_not_found", "The chain does not know this transaction");
    case "pending":
      throw paymentVerificationFailed(
        "tx_pending",
        "The transaction is not mined yet; submit it once confirmed",
      );
    case "reverted":
      throw paymentVerificationFailed("tx_reverted", "The transaction reverted");
  }
  if (transaction.chainId !== expected.chainId)
    throw paymentVerificationFailed("wrong_chain", "The transaction is not on Base", {
      chainId: transaction.chainId,
    });
  if (transaction.confirmations < expected.confirmations)
    throw paymentVerificationFailed(
      "insufficient_confirmations",
      "The transaction needs more confirmations",
      {
        confirmations: transaction.confirmations,
        required: expected.confirmations,
      },
    );
  const usdc = transaction.transfers.filter((transfer) => transfer.token.toLowerCase() === expected.token);
  if (usdc.length === 0) throw paymentVerificationFailed("wrong_token", "The transaction moves no USDC");
  const toReceiver = usdc.filter((transfer) => transfer.to.toLowerCase() === expected.to);
  if (toReceiver.length === 0)
    throw paymentVerificationFailed(
      "wrong_recipient",
      "The USDC transfer does not go to the organization's receiving address",
    );
  const fromWallet = toReceiver.filter((transfer) => transfer.from.toLowerCase() === expected.from);
  if (fromWallet.length === 0)
    throw paymentVerificationFailed("wrong_sender", "The USDC transfer does not come from walletAddress");
  if (!fromWallet.some((transfer) => transfer.value === expected.value))
    throw paymentVerificationFailed("amount_mismatch", "The USDC transfer does not equal the amount due", {
      amountDue: expected.value.toString(),
      transferred: fromWallet.map((transfer) => transfer.value.toString()),
    });
  return transaction.blockNumber;
};
