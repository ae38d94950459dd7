import { findOrder, lockOrder, presentOrder, setOrderContact, setOrderPaymentPending } from "@tally/commerce";
import { AppError, type IntervalJob, type Logger, newId, startIntervalJob } from "@tally/core";
import {
  claimedCharges,
  cryptoCommercePayments,
  type Database,
  type ShippingAddress,
  withTenant,
} from "@tally/db";
import type { CryptoCommerceCharge } from "@tally/providers";
import { and, asc, gt, inArray, sql } from "drizzle-orm";
import { latestCardPaymentIntents } from "../card/order-intents.ts";
import { cancelLiveCardIntentFirst } from "../card/service.ts";
import { holdForPayment, lockPayableOrder, paymentVerificationFailed } from "../settlement/payable.ts";
import {
  markOrderPaid,
  markOrderPaymentFailed,
  markVerifiedOrderPaid,
  type SettlementDeps,
} from "../settlement/service.ts";
import {
  type CryptoChargePaymentRow,
  newCryptoChargePaymentRow,
  SETTLING_CRYPTO_CHARGE_STATUSES,
  settleCryptoChargePayment,
} from "./charge-state.ts";
import type { CryptoCommerceCheckoutBody, CryptoCommerceCheckoutResult } from "./schemas.ts";

type PaymentRow = CryptoChargePaymentRow;

export interface CryptoCommerceDeps extends SettlementDeps {
  database: Database;
  logger: Logger;
}

/** Who may pay the order: its user (user route) or nobody in particular (guest route, guest orders only). */
export type CryptoCommercePayer = { kind: "user"; userId: string } | { kind: "guest" };

const presentPayment = (row: PaymentRow) => ({
  id: row.id,
  orderId: row.orderId,
  chargeId: row.chargeId,
  amount: row.amount,
  status: row.status,
  createdAt: row.createdAt,
  completedAt: row.completedAt,
});

/**
 * The charge must exist, have been created for this order (its metadata names the organization and
 * the order), be priced in US dollars at exactly the amount due, and still be payable
 * (not expired, failed or cancelled); the amount the client submits must be the amount due too.
 */
const verifyCharge = (
  charge: CryptoCommerceCharge | undefined,
  ref: { organizationId: string; orderId: string },
  submitted: { amount: number; total: number; now: Date },
): CryptoCommerceCharge => {
  const { amount: submittedAmount, total, now } = submitted;
  if (!charge) throw paymentVerificationFailed("charge_not_found", "The provider does not know this charge");
  // A charge pays the order it was created for, in its organization: nobody else's.
  if (charge.order?.organizationId !== ref.organizationId || charge.order.orderId !== ref.orderId)
    throw paymentVerificationFailed("charge_order_mismatch", "The charge was not created for this order");
  if (charge.currency !== "usd")
    throw paymentVerificationFailed("currency_mismatch", "The charge is not priced in US dollars", {
      currency: charge.currency,
    });
  if (charge.status === "EXPIRED" || (charge.status === "NEW" && charge.expiresAt.getTime() <= now.getTime()))
    throw paymentVerificationFailed("charge_expired", "The charge has expired", {
      expiresAt: charge.expiresAt.toISOString(),
    });
  if (charge.amount !== total)
    throw paymentVerificationFailed("amount_mismatch", "The charge amount does not equal the amount due", {
      amountDue: total,
      chargeAmount: charge.amount,
    });
  if (submittedAmount !== total)
    throw paymentVerificationFailed("amount_mismatch", "The submitted amount does not equal the amount due", {
      amountDue: total,
      submittedAmount,
    });
  return charge;
};

/**
 * `PATCH …/checkout/cryptocommerce` (user and guest). The charge is read from the provider first
 * (outside the transaction: no outside I/O while holding it), then, in one tenant transaction:
 * the order is locked and checked, the charge verified against the amount due (422
 * `payment_verification_failed` with a `reason`, nothing written), claimed in the global
 * `claimed_charges` registry (409 when any order anywhere already used it), the order's points and
 * stock held (409 `insufficient_points` / `out_of_stock`), a live card intent cancelled and a
 * CryptoCommercePayment recorded. Only a charge the provider reports as paid pays the order: a
 * COMPLETED charge makes it PAID now (payment COMPLETED); a NEW or PENDING one leaves it
 * PAYMENT_PENDING with the payment PENDING, and the poll job pays it when the provider confirms or
 * fails it when the charge expires. Any failure rolls it all back.
 */
export const checkoutWithCryptoCommerce = async (
  deps: CryptoCommerceDeps,
  target: { organizationId: string; orderId: string; payer: CryptoCommercePayer },
  body: CryptoCommerceCheckoutBody,
): Promise<CryptoCommerceCheckoutResult> => {
  const { organizationId, orderId, payer } = target;
  const charge = await deps.providers.cryptoCommerce.getCharge(body.callsId);
  const ref = { organizationId, orderId };
  const isPayer = (row: { userId: string | null }) =>
    payer.kind === "user" ? row.userId === payer.userId : row.userId === null;
  await cancelLiveCardIntentFirst(deps, ref, isPayer);
  const now = deps.clock.now();
  return withTenant(deps.database.db, organizationId, async (tx) => {
    const { order, total } = await lockPayableOrder({ tx, now }, ref, {
      method: "CRYPTO_COMMERCE",
      isVisible: isPayer,
    });
    const verified = verifyCharge(charge, ref, { amount: body.amount, total, now });

    const claimed = await tx
      .insert(claimedCharges)
      .values({ chargeId: verified.id, organizationId, orderId, createdAt: now })
      .onConflictDoNothing()
      .returning({ chargeId: claimedCharges.chargeId });
    if (claimed.length === 0) throw new AppError("already_exists", "This charge has already paid an order");

    await holdForPayment({ tx, now }, { ...ref, points: order.points });

    const { customer } = body;
    const contact: { guestEmail?: string; shippingAddress?: ShippingAddress } = {};
    if (order.userId === null && order.guestEmail === null) contact.guestEmail = customer.email;
    if (order.shippingAddress === null && customer.physicalAddress) {
      const address = customer.physicalAddress;
      contact.shippingAddress = {
        ...(customer.name ? { firstName: customer.name.firstName, lastName: customer.name.familyName } : {}),
        line1: address.address1,
        line2: address.address2 ?? null,
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        countryCode: address.countryCode,
      };
    }
    const paid = verified.status === "COMPLETED";
    if (!paid) await setOrderPaymentPending({ tx, now }, ref, { set: contact });
    else if (Object.keys(contact).length > 0) await setOrderContact({ tx, now }, ref, contact);

    const [payment] = await tx
      .insert(cryptoCommercePayments)
      .values(
        newCryptoChargePaymentRow(now, paid, {
          organizationId,
          id: newId(),
          orderId,
          chargeId: verified.id,
          amount: total,
          customer: customer as Record<string, unknown>,
          createdAt: now,
        }),
      )
      .returning();
    if (paid) {
      await markVerifiedOrderPaid(
        { ...deps, tx, now },
        {
          organizationId,
          orderId,
          method: "CRYPTO_COMMERCE",
          amountPaid: total,
          reference: verified.id,
        },
      );
      deps.logger.info(
        { organizationId, orderId, chargeId: verified.id, amount: total },
        "order paid by crypto-commerce",
      );
    } else {
      deps.logger.info(
        { organizationId, orderId, chargeId: verified.id, amount: total, chargeStatus: verified.status },
        "crypto-commerce charge submitted: the order waits for the provider to confirm it",
      );
    }
    const current = await findOrder(tx, ref);
    return {
      ...(await presentOrder({ tx, payments: { latestCardPaymentIntents } }, current)),
      cryptoCommercePayment: presentPayment(payment!),
    };
  });
};

export type PollDeps = CryptoCommerceDeps;

export interface PollResult {
  checked: number;
  completed: number;
  /** Payments whose charge expired or vanished unpaid: their orders became PAYMENT_FAILED. */
  expired: number;
  /** Provider calls that failed; the next run asks again. */
  failed: number;
}

const POLL_PAGE = 100;
/** Charges are paid within the hour; a payment still PENDING after a week is left to a person. */
export const POLL_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * Settles one PENDING payment from its charge, in its tenant's transaction with the order locked: a
 * COMPLETED charge completes the payment and pays the order (`markOrderPaid`: a payment that no
 * longer matches the order becomes a payment exception); an EXPIRED or unknown charge fails the
 * payment and the order (points and stock given back). The conditional update on the payment's
 * status makes two instances polling at once settle it once.
 */
const settlePayment = async (
  deps: PollDeps,
  payment: PaymentRow,
  charge: CryptoCommerceCharge | undefined,
): Promise<"completed" | "expired" | "waiting"> => {
  const paid = charge?.status === "COMPLETED";
  if (!paid && charge && charge.status !== "EXPIRED") return "waiting";
  const ref = { organizationId: payment.organizationId, orderId: payment.orderId };
  return withTenant(deps.database.db, payment.organizationId, async (tx) => {
    await lockOrder(tx, ref);
    const now = deps.clock.now();
    const moved = await settleCryptoChargePayment({ tx, now }, payment, paid);
    if (!moved) return "waiting";
    if (paid) {
      const { outcome } = await markOrderPaid(
        { ...deps, tx, now },
        {
          ...ref,
          method: "CRYPTO_COMMERCE",
          amountPaid: charge.amount,
          currency: charge.currency,
          reference: charge.id,
        },
      );
      if (outcome === "paid")
        deps.logger.info({ ...ref, chargeId: charge.id }, "order paid by crypto-commerce");
      return "completed";
    }
    const { changed } = await markOrderPaymentFailed({ ...deps, tx }, ref);
    deps.logger.warn(
      { ...ref, chargeId: payment.chargeId, orderFailed: changed },
      "crypto-commerce charge expired or vanished unpaid: the payment failed",
    );
    return "expired";
  });
};

/**
 * The poll job (PENDING -> COMPLETED when the provider confirms, FAILED when the charge expires
 * unpaid). Walks the PENDING payments of every tenant created within POLL_WINDOW_MS, in pages (a
 * job, not a request path), asks the provider about each charge outside any transaction, and
 * settles each one in its tenant's transaction. A provider failure on one charge is logged and
 * skipped; the next run tries again.
 */
export const pollCryptoCommercePayments = async (deps: PollDeps): Promise<PollResult> => {
  const result: PollResult = { checked: 0, completed: 0, expired: 0, failed: 0 };
  const since = new Date(deps.clock.now().getTime() - POLL_WINDOW_MS);
  let cursor: { organizationId: string; id: string } | undefined;
  for (;;) {
    const page = await deps.database.db
      .select()
      .from(cryptoCommercePayments)
      .where(
        and(
          inArray(cryptoCommercePayments.status, [...SETTLING_CRYPTO_CHARGE_STATUSES]),
          gt(cryptoCommercePayments.createdAt, since),
          cursor
            ? sql`(${cryptoCommercePayments.organizationId}, ${cryptoCommercePayments.id}) > (${cursor.organizationId}, ${cursor.id})`
            : undefined,
        ),
      )
      .orderBy(asc(cryptoCommercePayments.organizationId), asc(cryptoCommercePayments.id))
      .limit(POLL_PAGE);
    for (const payment of page) {
      result.checked += 1;
      let charge: CryptoCommerceCharge | undefined;
      try {
        charge = await deps.providers.cryptoCommerce.getCharge(payment.chargeId);
      } catch (error) {
        result.failed += 1;
        deps.logger.warn({ err: error, chargeId: payment.chargeId }, "crypto-commerce poll: provider failed");
        continue;
      }
      const settled = await settlePayment(deps, payment, charge);
      if (settled !== "waiting") result[settled] += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < POLL_PAGE) break;
    cursor = { organizationId: last.organizationId, id: last.id };
  }
  return result;
};

/** Runs the poll job every `intervalMs` in a worker process (there is no cron slot for it among the spec's eight jobs). */
export const startCryptoCommercePoller = (
  deps: PollDeps,
  options: { intervalMs?: number } = {},
): IntervalJob =>
  startIntervalJob("crypto-commerce-poll", () => pollCryptoCommercePayments(deps), {
    intervalMs: options.intervalMs ?? 60_000,
    logger: deps.logger,
  });
