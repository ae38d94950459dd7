import { findOrder, presentOrder, setOrderContact } from "@tally/commerce";
import { AppError, centsToUsdcAtomic, type Logger, newId } from "@tally/core";
import { claimedTransactions, cryptoPaymentIntents, type Database, wallets, withTenant } from "@tally/db";
import { getSettings } from "@tally/platform";
import { type ChainPort, callChain } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import { latestCardPaymentIntents } from "../card/order-intents.ts";
import { cancelLiveCardIntentFirst } from "../card/service.ts";
import { recordConfirmedWalletPayment } from "../server-wallets/chain-service.ts";
import { verifyTransfer } from "../settlement/chain-transfer.ts";
import { holdForPayment, lockPayableOrder, paymentVerificationFailed } from "../settlement/payable.ts";
import { markVerifiedOrderPaid, type SettlementDeps } from "../settlement/service.ts";
import { newConfirmedIntentRow } from "./intent-state.ts";
import type { EmbeddedWalletCheckoutInput, EmbeddedWalletCheckoutResult } from "./schemas.ts";

export interface EmbeddedWalletDeps extends SettlementDeps {
  database: Database;
  logger: Logger;
  /** Confirmations a transfer needs (CHAIN_CONFIRMATIONS; unset = 1 locally, 3 on Base). */
  confirmations?: number | undefined;
}

const requiredConfirmations = (chain: ChainPort, configured: number | undefined): number =>
  configured ?? (chain.adapter === "local" ? 1 : 3);

/**
 * `PATCH /user/{id}/order/{orderId}/checkout/embedded-wallet`. The transaction is read from the
 * chain first (no outside I/O inside the transaction), then, in one tenant transaction: the order
 * is locked and checked, the wallet must be the user's, the amounts and the transfer verified, the
 * hash claimed in the global registry (409 when any order anywhere used it), points and stock
 * held, a live card intent cancelled, a CryptoPaymentIntent CONFIRMED and a wallet transaction
 * recorded, and the order marked PAID (the receipt event only when an e-mail is given).
 */
export const checkoutWithEmbeddedWallet = async (
  deps: EmbeddedWalletDeps,
  target: { organizationId: string; userId: string },
  input: EmbeddedWalletCheckoutInput,
): Promise<EmbeddedWalletCheckoutResult> => {
  const { organizationId, userId } = target;
  const { orderId } = input;
  const { chain } = deps.providers;
  // Used already anywhere: 409 before anything else is judged (the claim below is the real guard).
  const [used] = await deps.database.db
    .select({ txHash: claimedTransactions.txHash })
    .from(claimedTransactions)
    .where(eq(claimedTransactions.txHash, input.txHash));
  if (used) throw new AppError("already_exists", "This transaction has already paid an order");
  const transaction = await callChain(() => chain.getTransaction(input.txHash));
  const ref = { organizationId, orderId };
  const isPayer = (row: { userId: string | null }) => row.userId === userId;
  await cancelLiveCardIntentFirst(deps, ref, isPayer);
  const now = deps.clock.now();
  return withTenant(deps.database.db, organizationId, async (tx) => {
    const { order, total } = await lockPayableOrder({ tx, now }, ref, {
      method: "EMBEDDED_WALLET",
      isVisible: isPayer,
    });
    const [wallet] = await tx
      .select({ address: wallets.address })
      .from(wallets)
      .where(
        and(
          eq(wallets.organizationId, organizationId),
          eq(wallets.userId, userId),
          eq(wallets.address, input.walletAddress),
        ),
      );
    if (!wallet)
      throw paymentVerificationFailed("wallet_not_owned", "walletAddress is not one of this user's wallets");
    const settings = await getSettings(tx, organizationId);
    if (!settings.x402WalletAddress)
      throw new AppError(
        "payment_method_unavailable",
        "The organization has no receiving address (x402WalletAddress) for USDC payments",
      );
    const due = centsToUsdcAtomic(total);
    if (input.amount !== due)
      throw paymentVerificationFailed("amount_mismatch", "amount does not equal the amount due", {
        amountDue: due.toString(),
        submittedAmount: input.amount.toString(),
      });
    const blockNumber = verifyTransfer(transaction, {
      token: chain.usdcAddress.toLowerCase(),
      from: wallet.address,
      to: settings.x402WalletAddress.toLowerCase(),
      value: due,
      chainId: chain.chainId,
      confirmations: requiredConfirmations(chain, deps.confirmations),
    });

    const claimed = await tx
      .insert(claimedTransactions)
      .values({ txHash: input.txHash, organizationId, orderId, method: "EMBEDDED_WALLET", createdAt: now })
      .onConflictDoNothing()
      .returning({ txHash: claimedTransactions.txHash });
    if (claimed.length === 0)
      throw new AppError("already_exists", "This transaction has already paid an order");

    await holdForPayment({ tx, now }, { ...ref, points: order.points });
    if (input.shippingAddress)
      await setOrderContact({ tx, now }, ref, { shippingAddress: input.shippingAddress });
    const [intent] = await tx
      .insert(cryptoPaymentIntents)
      .values(
        newConfirmedIntentRow({
          organizationId,
          id: newId(),
          orderId,
          txHash: input.txHash,
          walletAddress: wallet.address,
          amount: due.toString(),
          chainId: chain.chainId,
          blockNumber: blockNumber.toString(),
          createdAt: now,
        }),
      )
      .returning();
    await recordConfirmedWalletPayment(
      { tx, now },
      {
        organizationId,
        walletAddress: wallet.address,
        userId,
        txHash: input.txHash,
        toAddress: settings.x402WalletAddress.toLowerCase(),
        tokenAddress: chain.usdcAddress.toLowerCase(),
        amount: due,
        chainId: chain.chainId,
      },
    );
    await markVerifiedOrderPaid(
      { ...deps, tx, now },
      {
        organizationId,
        orderId,
        method: "EMBEDDED_WALLET",
        amountPaid: total,
        reference: input.txHash,
        sendConfirmation: input.email !== undefined,
      },
    );
    deps.logger.info(
      { organizationId, orderId, txHash: input.txHash, amount: due.toString() },
      "order paid by embedded wallet",
    );
    const { organizationId: _tenant, ...cryptoPaymentIntent } = intent!;
    const paid = await findOrder(tx, ref);
    return {
      ...(await presentOrder({ tx, payments: { latestCardPaymentIntents } }, paid)),
      cryptoPaymentIntent,
    };
  });
};
