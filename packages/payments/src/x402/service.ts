import {
  EDITABLE_ORDER_STATUSES,
  findOrder,
  findOrderTenant,
  isOrderStatusIn,
  lockOrder,
  orderAmounts,
  setOrderPaymentPending,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import { AppError, centsToUsdcAtomic, type Logger } from "@tally/core";
import {
  claimedTransactions,
  type Database,
  orders,
  type Tx,
  withTenant,
  x402Authorizations,
  x402Payments,
} from "@tally/db";
import { getSettings } from "@tally/platform";
import {
  ChainError,
  FacilitatorUnavailableError,
  type X402PaymentPayload,
  type X402PaymentRequirements,
} from "@tally/providers";
import { and, eq } from "drizzle-orm";
import { cancelLiveCardIntentFirst, liveIntentOf } from "../card/service.ts";
import { verifyTransfer } from "../settlement/chain-transfer.ts";
import { holdForPayment, lockPayableOrder } from "../settlement/payable.ts";
import { markOrderPaid, markOrderPaymentFailed, type SettlementDeps } from "../settlement/service.ts";
import {
  failX402Payment,
  newX402PaymentRow,
  recordUnsettledX402Payment,
  refuseClaimedX402Payment,
  reverifyX402Payment,
  settleX402Payment,
  type X402PaymentRow,
} from "./payment-state.ts";
import { buildRequirements, decodePaymentHeader, mismatchReason, X402_NETWORK } from "./protocol.ts";

export interface X402Deps extends SettlementDeps {
  database: Database;
  logger: Logger;
}

/** Why a presented payment was refused; answered as 402 with fresh requirements so the client can pay again. */
export interface X402Refusal {
  reason: string;
  message: string;
}

export type X402Outcome =
  | { kind: "required"; requirements: X402PaymentRequirements; refusal?: X402Refusal }
  | { kind: "paid"; receipt: X402Receipt; payer: string }
  | { kind: "pending"; payment: ReturnType<typeof presentX402Payment> };

export type X402Receipt = Awaited<ReturnType<typeof receiptOf>>;

export const presentX402Payment = (row: X402PaymentRow) => ({
  id: row.id,
  orderId: row.orderId,
  status: row.status,
  txHash: row.txHash,
  network: row.network,
  asset: row.asset,
  amount: row.amount,
  payTo: row.payTo,
  payer: row.payer,
  settlementData: row.settlementData,
  createdAt: row.createdAt,
  settledAt: row.settledAt,
});

const paymentOf = async (tx: Tx, organizationId: string, orderId: string) => {
  const [row] = await tx
    .select()
    .from(x402Payments)
    .where(and(eq(x402Payments.organizationId, organizationId), eq(x402Payments.orderId, orderId)));
  return row;
};

/**
 * The receipt of the keyless pay route: the payment and the order's payment state only. Anyone who
 * knows the resource URL (the facilitator does) may ask, so the buyer and the address stay out.
 */
const receiptOf = async (tx: Tx, payment: X402PaymentRow) => {
  const order = await findOrder(tx, { organizationId: payment.organizationId, orderId: payment.orderId });
  return {
    success: true as const,
    orderId: payment.orderId,
    payment: presentX402Payment(payment),
    order: {
      id: order.id,
      status: order.status,
      payment: { method: order.paymentMethod, amountPaid: order.amountPaid, paidAt: order.paidAt },
    },
  };
};

/**
 * What the order asks for right now. A PAID order paid by x402 answers its receipt (never a second
 * charge); any other state that cannot be paid is 409; an organization without x402 enabled or
 * without a receiving address is 409 `payment_method_unavailable`.
 */
const currentState = async (
  tx: Tx,
  ref: { organizationId: string; orderId: string },
  resource: string,
  asset: `0x${string}`,
  now: Date,
): Promise<
  | { kind: "settled"; payment: X402PaymentRow }
  | { kind: "unsettled"; payment: X402PaymentRow }
  | { kind: "payable"; requirements: X402PaymentRequirements; payment: X402PaymentRow | undefined }
> => {
  // Locked before the payment is read: a concurrent claim is then either fully seen or not begun.
  await lockOrder(tx, ref);
  const payment = await paymentOf(tx, ref.organizationId, ref.orderId);
  if (payment?.status === "SETTLED") return { kind: "settled", payment };
  if (payment && payment.status !== "FAILED") return { kind: "unsettled", payment };
  const settings = await getSettings(tx, ref.organizationId);
  if (!settings.x402Enabled || !settings.x402WalletAddress)
    throw new AppError(
      "payment_method_unavailable",
      settings.x402Enabled
        ? "The organization has no x402 receiving address"
        : "x402 payments are not enabled for this organization",
    );
  const { total } = await lockPayableOrder({ tx, now }, ref, { method: "X402", isVisible: () => true });
  const requirements = buildRequirements({
    orderId: ref.orderId,
    resource,
    payTo: settings.x402WalletAddress.toLowerCase() as `0x${string}`,
    asset,
    amountAtomic: centsToUsdcAtomic(total),
  });
  return { kind: "payable", requirements, payment };
};

const paymentInProgress = (payment: X402PaymentRow) =>
  new AppError("payment_in_progress", "Another x402 payment of this order is being settled", {
    context: { status: payment.status },
    headers: { "Retry-After": "5" },
  });

const sameAuthorization = (payment: X402PaymentRow, presented: X402PaymentPayload) =>
  payment.payer === presented.payload.authorization.from &&
  payment.nonce === presented.payload.authorization.nonce;

/**
 * `POST /x402/orders/{id}/pay` (no API key). Without a payment header: the requirements (402).
 * With one: decoded and checked against the requirements (exact amount), verified by the
 * facilitator (no transaction open; an unverified attempt changes nothing), then — verified only —
 * a live card intent is cancelled (claim, call, record) and the payment claimed once: the
 * authorization in the global `x402_authorizations` registry and the order's one X402Payment row
 * (VERIFIED), with the order locked and its points and stock held; then settled outside any transaction.
 */
export const payOrderWithX402 = async (
  deps: X402Deps,
  input: { orderId: string; paymentHeader: string | undefined; resource: string },
): Promise<X402Outcome> => {
  const organizationId = await findOrderTenant(deps.database.db, input.orderId);
  const ref = { organizationId, orderId: input.orderId };
  const asset = deps.providers.chain.usdcAddress;
  const state = await withTenant(deps.database.db, organizationId, (tx) =>
    currentState(tx, ref, input.resource, asset, deps.clock.now()),
  );
  if (state.kind === "settled") return settledOutcome(deps, state.payment);
  if (state.kind === "unsettled") {
    const presented =
      input.paymentHeader === undefined ? undefined : decodePaymentHeader(input.paymentHeader);
    if (presented && !sameAuthorization(state.payment, presented)) throw paymentInProgress(state.payment);
    return { kind: "pending", payment: presentX402Payment(state.payment) };
  }
  const { requirements } = state;
  if (input.paymentHeader === undefined) return { kind: "required", requirements };
  const presented = decodePaymentHeader(input.paymentHeader);
  const reason = mismatchReason(presented, requirements);
  if (reason)
    return {
      kind: "required",
      requirements,
      refusal: { reason, message: "The payment does not match the requirements of this order" },
    };

  const refusal = await verifyWithFacilitator(deps, ref, presented, requirements);
  if (refusal) return { kind: "required", requirements, refusal };
  await cancelLiveCardIntentFirst(deps, ref, () => true);
  const claim = await withTenant(deps.database.db, organizationId, (tx) =>
    claimPayment(tx, deps, ref, presented, requirements),
  );
  if (claim.kind !== "claimed") return claim.outcome;
  return processPayment(deps, claim.payment);
};

/**
 * The facilitator's verdict on a presented payment, asked with no transaction open and before anything
 * is touched: an attempt it does not verify changes nothing (no payment row, the order's status, points,
 * stock and card intent as they were). Not verified while a card payment of the order is live: 409
 * `payment_in_progress` (the card payment goes on). Otherwise refused: a refusal (402 with its reason);
 * a facilitator that cannot be reached: 503 `service_unavailable`.
 */
const verifyWithFacilitator = async (
  deps: X402Deps,
  ref: { organizationId: string; orderId: string },
  presented: X402PaymentPayload,
  requirements: X402PaymentRequirements,
): Promise<X402Refusal | undefined> => {
  let reason: string;
  try {
    const verified = await deps.providers.x402Facilitator.verify(presented, requirements);
    if (verified.isValid) return undefined;
    reason = verified.invalidReason ?? "invalid_payment";
  } catch (error) {
    if (!(error instanceof FacilitatorUnavailableError)) throw error;
    reason = "facilitator_unavailable";
  }
  const cardLive = await withTenant(deps.database.db, ref.organizationId, (tx) => liveIntentOf(tx, ref));
  if (cardLive)
    throw new AppError("payment_in_progress", "A card payment of this order is in progress", {
      context: { method: "CARD", reason },
      headers: { "Retry-After": "5" },
    });
  if (reason === "facilitator_unavailable")
    throw new AppError("service_unavailable", "The x402 facilitator cannot be reached: nothing was charged", {
      context: { reason },
      headers: { "Retry-After": "5" },
    });
  return { reason, message: "The payment was refused" };
};

const settledOutcome = async (deps: X402Deps, payment: X402PaymentRow): Promise<X402Outcome> => {
  const receipt = await withTenant(deps.database.db, payment.organizationId, (tx) => receiptOf(tx, payment));
  return { kind: "paid", receipt, payer: payment.payer };
};

type Claim = { kind: "claimed"; payment: X402PaymentRow } | { kind: "answered"; outcome: X402Outcome };

const claimPayment = async (
  tx: Tx,
  deps: X402Deps,
  ref: { organizationId: string; orderId: string },
  presented: X402PaymentPayload,
  requirements: X402PaymentRequirements,
): Promise<Claim> => {
  const now = deps.clock.now();
  // The order lock serializes claims of one order: whoever comes second sees the first one's rows.
  const [locked] = await tx
    .select({ status: orders.status, points: orders.points })
    .from(orders)
    .where(and(eq(orders.organizationId, ref.organizationId), eq(orders.id, ref.orderId)))
    .for("update");
  const existing = await paymentOf(tx, ref.organizationId, ref.orderId);
  if (existing && existing.status !== "FAILED") {
    if (!sameAuthorization(existing, presented)) throw paymentInProgress(existing);
    if (existing.status === "SETTLED")
      return {
        kind: "answered",
        outcome: { kind: "paid", receipt: await receiptOf(tx, existing), payer: existing.payer },
      };
    return { kind: "answered", outcome: { kind: "pending", payment: presentX402Payment(existing) } };
  }
  if (!locked || !isOrderStatusIn(UNPAID_ORDER_STATUSES, locked.status))
    throw new AppError("invalid_state", `The order is ${locked?.status}: only an unpaid order can be paid`, {
      context: { status: locked?.status },
    });
  // The total may have moved since the requirements were read (a shipping quote, a discount).
  const due = centsToUsdcAtomic((await orderAmounts(tx, ref)).total).toString();
  if (due !== requirements.maxAmountRequired)
    return {
      kind: "answered",
      outcome: {
        kind: "required",
        requirements: { ...requirements, maxAmountRequired: due },
        refusal: { reason: "amount_mismatch", message: "The order total changed: pay the new amount" },
      },
    };
  const { authorization } = presented.payload;
  const fresh = await tx
    .insert(x402Authorizations)
    .values({
      asset: requirements.asset.toLowerCase(),
      authorizer: authorization.from,
      nonce: authorization.nonce,
      organizationId: ref.organizationId,
      orderId: ref.orderId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ nonce: x402Authorizations.nonce });
  if (fresh.length === 0)
    throw new AppError("already_exists", "This payment authorization has already been presented");

  const values = {
    network: X402_NETWORK,
    asset: requirements.asset.toLowerCase(),
    amount: requirements.maxAmountRequired,
    payTo: requirements.payTo.toLowerCase(),
    payer: authorization.from,
    nonce: authorization.nonce,
    paymentPayload: presented as unknown as Record<string, unknown>,
    requirements: requirements as unknown as Record<string, unknown>,
    settlementData: null,
    failureReason: null,
    txHash: null,
    attempts: 0,
  };
  const [payment] = existing
    ? [await reverifyX402Payment({ tx, now }, existing, values)]
    : await tx
        .insert(x402Payments)
        .values(
          newX402PaymentRow({
            ...values,
            organizationId: ref.organizationId,
            orderId: ref.orderId,
            createdAt: now,
            updatedAt: now,
          }),
        )
        .returning();
  await holdForPayment({ tx, now }, { ...ref, points: locked.points });
  await setOrderPaymentPending({ tx, now }, ref, { from: EDITABLE_ORDER_STATUSES });
  return { kind: "claimed", payment: payment! };
};

/**
 * Settles a claimed (verified) payment through the facilitator. Used by the
 * pay call and by the retry job. A facilitator or chain that cannot be reached leaves the payment
 * as it is for the retry job. A settlement that did not succeed is resolved from the chain before
 * anything is given back (see `resolveFailedSettlement`).
 */
export const processPayment = async (deps: X402Deps, payment: X402PaymentRow): Promise<X402Outcome> => {
  const payload = payment.paymentPayload as unknown as X402PaymentPayload;
  const requirements = payment.requirements as unknown as X402PaymentRequirements;
  const facilitator = deps.providers.x402Facilitator;
  try {
    // Past validBefore the facilitator can no longer settle it: only the chain can say what happened.
    const { validBefore } = payload.payload.authorization;
    if (BigInt(validBefore) <= BigInt(Math.floor(deps.clock.now().getTime() / 1000)))
      return await resolveFailedSettlement(deps, payment, { errorReason: "authorization_expired" });
    const settled = await facilitator.settle(payload, requirements);
    if (settled.success && settled.transaction)
      return await completePayment(deps, payment, settled.transaction, { network: settled.network });
    return await resolveFailedSettlement(deps, payment, settled);
  } catch (error) {
    const unreachable =
      error instanceof FacilitatorUnavailableError ||
      (error instanceof ChainError && error.reason === "unavailable");
    if (!unreachable) throw error;
    deps.logger.warn(
      { organizationId: payment.organizationId, orderId: payment.orderId, err: error },
      "x402 facilitator or chain unreachable: the payment stays unsettled for the retry job",
    );
    return keepUnsettled(
      deps,
      payment,
      error instanceof ChainError ? "chain_unavailable" : "facilitator_unavailable",
    );
  }
};

const keepUnsettled = async (
  deps: X402Deps,
  payment: X402PaymentRow,
  lastError: string,
): Promise<X402Outcome> => {
  const current = await withTenant(deps.database.db, payment.organizationId, (tx) =>
    recordUnsettledX402Payment({ tx, now: deps.clock.now() }, payment, { lastError }),
  );
  return { kind: "pending", payment: presentX402Payment(current ?? payment) };
};

/**
 * A settle that did not succeed. The chain decides, never the facilitator's word alone: an
 * authorization already used was settled (by us earlier, or by anyone: the payer's money reached
 * the payee either way) and completes the payment with that transaction; a canceled one fails. An
 * unused one fails unless the facilitator named a transaction (it may still be mined) and the
 * authorization is still valid: then the retry job looks again later.
 */
const resolveFailedSettlement = async (
  deps: X402Deps,
  payment: X402PaymentRow,
  settled: { errorReason?: string | undefined; transaction?: string | undefined },
): Promise<X402Outcome> => {
  const payload = payment.paymentPayload as unknown as X402PaymentPayload;
  const requirements = payment.requirements as unknown as X402PaymentRequirements;
  const { from, nonce, validBefore } = payload.payload.authorization;
  const { chain } = deps.providers;
  if (await chain.authorizationState(requirements.asset, from, nonce)) {
    const use = await chain.authorizationUse(requirements.asset, from, nonce);
    if (use.status === "used") {
      // A nonce fixes neither recipient nor amount: the transaction that used it must be this payment.
      const transaction = await chain.getTransaction(use.txHash);
      try {
        verifyTransfer(transaction, {
          token: requirements.asset.toLowerCase(),
          from,
          to: requirements.payTo.toLowerCase(),
          value: BigInt(requirements.maxAmountRequired),
          chainId: chain.chainId,
          confirmations: 1,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "payment_verification_failed")
          return failPayment(deps, payment, "authorization_used_elsewhere", requirements);
        throw error;
      }
      return completePayment(deps, payment, use.txHash, { resolvedFromChain: true });
    }
    if (use.status === "canceled") return failPayment(deps, payment, "authorization_canceled", requirements);
    // Used, but beyond the log window this node serves: a person has to look.
    return keepUnsettled(deps, payment, "authorization_used_elsewhere");
  }
  const stillValid = BigInt(validBefore) > BigInt(Math.floor(deps.clock.now().getTime() / 1000));
  if (settled.transaction && stillValid) return keepUnsettled(deps, payment, "settlement_in_flight");
  return failPayment(deps, payment, settled.errorReason ?? "settlement_failed", requirements);
};

const failPayment = async (
  deps: X402Deps,
  payment: X402PaymentRow,
  reason: string,
  requirements: X402PaymentRequirements,
): Promise<X402Outcome> => {
  await withTenant(deps.database.db, payment.organizationId, async (tx) => {
    const failed = await failX402Payment({ tx, now: deps.clock.now() }, payment, reason);
    if (failed)
      await markOrderPaymentFailed(
        { ...deps, tx },
        {
          organizationId: payment.organizationId,
          orderId: payment.orderId,
        },
      );
  });
  deps.logger.info(
    { organizationId: payment.organizationId, orderId: payment.orderId, reason },
    "x402 payment failed",
  );
  return {
    kind: "required",
    requirements,
    refusal: { reason, message: "The payment was refused or failed" },
  };
};

const completePayment = async (
  deps: X402Deps,
  payment: X402PaymentRow,
  transaction: `0x${string}`,
  settlementData: Record<string, unknown>,
): Promise<X402Outcome> => {
  const txHash = transaction.toLowerCase();
  const now = deps.clock.now();
  const ref = { organizationId: payment.organizationId, orderId: payment.orderId };
  const settled = await withTenant(deps.database.db, payment.organizationId, async (tx) => {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.organizationId, ref.organizationId), eq(orders.id, ref.orderId)))
      .for("update");
    const row = await settleX402Payment({ tx, now }, payment, { txHash, settlementData });
    if (!row) {
      // Another worker decided this attempt first (or the row now holds a newer attempt).
      const current = (await paymentOf(tx, ref.organizationId, ref.orderId))!;
      if (current.nonce !== payment.nonce || current.status !== "SETTLED")
        deps.logger.error(
          { ...ref, txHash, paymentId: payment.id },
          "x402 settlement of an attempt that was already decided: a person has to reconcile it",
        );
      return { row: current, claimConflict: false };
    }
    // One transaction pays one order anywhere: a settlement hash already claimed (an embedded-wallet
    // payment of the same transfer) cannot pay this order too.
    const claimed = await tx
      .insert(claimedTransactions)
      .values({ txHash, ...ref, method: "X402", createdAt: now })
      .onConflictDoNothing()
      .returning({ orderId: claimedTransactions.orderId });
    if (claimed.length === 0) {
      const [mine] = await tx
        .select({ orderId: claimedTransactions.orderId })
        .from(claimedTransactions)
        .where(eq(claimedTransactions.txHash, txHash));
      if (mine?.orderId !== ref.orderId) {
        const failed = await refuseClaimedX402Payment({ tx, now }, payment);
        await markOrderPaymentFailed({ ...deps, tx }, ref);
        deps.logger.warn({ ...ref, txHash }, "x402 settlement transaction already paid another order");
        return { row: failed!, claimConflict: true };
      }
    }
    const { outcome } = await markOrderPaid(
      { ...deps, tx, now },
      {
        ...ref,
        method: "X402",
        amountPaid: Number(BigInt(row.amount) / 10_000n),
        reference: txHash,
      },
    );
    if (outcome === "already_paid")
      deps.logger.error(
        { ...ref, txHash },
        "x402 settled for an order that was already paid by another method: refund by hand",
      );
    return { row, claimConflict: false };
  });
  if (settled.claimConflict)
    return {
      kind: "required",
      requirements: payment.requirements as unknown as X402PaymentRequirements,
      refusal: {
        reason: "transaction_already_claimed",
        message: "This transfer has already paid another order",
      },
    };
  if (settled.row.status !== "SETTLED")
    return { kind: "required", requirements: payment.requirements as unknown as X402PaymentRequirements };
  deps.logger.info({ ...ref, txHash }, "order paid by x402");
  return settledOutcome(deps, settled.row);
};
