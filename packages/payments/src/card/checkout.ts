import {
  amountsForPayment,
  amountsOf,
  assertAcceptsPaymentMethod,
  isOrderStatusIn,
  lockOrder,
  type OrderKey,
  type OrderRef,
  reserveStock,
  setOrderPaymentPending,
  setOrderPoints,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import { AppError, newId } from "@tally/core";
import {
  cardPaymentIntents,
  type Database,
  orderItems,
  payerCustomers,
  type Tx,
  users,
  withTenant,
} from "@tally/db";
import { reserveOrderPoints } from "@tally/points";
import { type CardPaymentIntent, CardProcessorError, type CardProcessorPort } from "@tally/providers";
import { and, count, eq } from "drizzle-orm";
import {
  markOrderPaymentFailed,
  markVerifiedOrderPaid,
  type SettlementContext,
  type SettlementDeps,
} from "../settlement/service.ts";
import { assertNoPaymentSettling } from "../settlement/settling.ts";
import { followIntent, type IntentRow, newIntentRow } from "./intent-state.ts";
import { CARD_CURRENCY, cancelAtProcessor, liveIntentOf, processorFailed, resizeKey } from "./service.ts";

/**
 * The card checkout opens its own tenant transactions: the processor is called between them, never
 * while the order row is locked (see docs/decisions.md "Card checkout outside the transaction").
 */
export interface CheckoutDeps extends SettlementDeps {
  database: Pick<Database, "db">;
}

/** The order and, in `of`, whose it must be (`{ userId }`; null for a guest's): another's order is 404. */
export interface CheckoutInput extends OrderKey {
  /** Points the checkout applies; omitted = 0 (spec: `points`, default 0). */
  points?: number | undefined;
}

export interface CheckoutResult {
  /** The processor's intent id (null when the order was settled with points alone). */
  paymentIntentId: string | null;
  /** Alias of `paymentIntentId`, the spec's field name. */
  intentId: string | null;
  clientSecret: string | null;
  /** The intent's processor status, or `succeeded` when points covered everything. */
  status: string;
  /** Cents to pay by card. */
  amount: number;
  orderStatus: "PAYMENT_PENDING" | "PAID";
  /** Whether the call created a new intent (rule 1: first checkout, or points changed). */
  created: boolean;
}

/** What the processor must do for a claimed checkout. */
export interface CheckoutClaim {
  organizationId: string;
  orderId: string;
  points: number;
  total: number;
  /** Intent rows the order had when claimed: part of the idempotency key, so a retry after a failure gets a new intent. */
  generation: number;
  /** The live intent when claimed (to update, to replace, or to cancel before points settle the order). */
  live: IntentRow | undefined;
  action: "update" | "replace" | "create" | "settle-points";
  /** The processor idempotency key of the intent to create: the same claim always asks with the same key. */
  key: string;
  customer: { userId: string; processorCustomerId: string | null; email: string | null } | undefined;
}

/** What the processor did for a claim (recorded in the next transaction). */
export interface ProcessorOutcome {
  /** The claim's live intent is cancelled at the processor. */
  canceledLive: boolean;
  /** The live intent's amount now follows the total (status as the processor answered). */
  updated?: CardPaymentIntent | undefined;
  created?: CardPaymentIntent | undefined;
  customerId?: string | undefined;
  error?: AppError | undefined;
}

const present = (intent: Pick<IntentRow, "processorIntentId" | "clientSecret" | "status" | "amount">) => ({
  paymentIntentId: intent.processorIntentId,
  intentId: intent.processorIntentId,
  clientSecret: intent.clientSecret,
  status: intent.status,
  amount: intent.amount,
});

const pointsResult: CheckoutResult = {
  paymentIntentId: null,
  intentId: null,
  clientSecret: null,
  status: "succeeded",
  amount: 0,
  orderStatus: "PAID",
  created: false,
};

const itemCount = async (tx: Tx, ref: OrderRef): Promise<number> => {
  const [items] = await tx
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, ref.organizationId), eq(orderItems.orderId, ref.orderId)));
  return items?.n ?? 0;
};

const intentCount = async (tx: Tx, ref: OrderRef): Promise<number> => {
  const [made] = await tx
    .select({ n: count() })
    .from(cardPaymentIntents)
    .where(
      and(
        eq(cardPaymentIntents.organizationId, ref.organizationId),
        eq(cardPaymentIntents.orderId, ref.orderId),
      ),
    );
  return made?.n ?? 0;
};

const customerOf = async (
  tx: Tx,
  organizationId: string,
  userId: string | null,
): Promise<CheckoutClaim["customer"]> => {
  if (!userId) return undefined;
  // One statement: the payer's processor customer if there is one, else the e-mail to create it with.
  const [found] = await tx
    .select({ processorCustomerId: payerCustomers.processorCustomerId, email: users.email })
    .from(users)
    .leftJoin(
      payerCustomers,
      and(eq(payerCustomers.organizationId, users.organizationId), eq(payerCustomers.userId, users.id)),
    )
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (found?.processorCustomerId)
    return { userId, processorCustomerId: found.processorCustomerId, email: null };
  return { userId, processorCustomerId: null, email: found?.email ?? null };
};

/**
 * Step 1, one tenant transaction with the order row locked: the order's points become `points`
 * (0 when omitted), points are reserved, stock is held, the order becomes PAYMENT_PENDING, and what
 * the processor must do is decided. Answers at once when no processor call is needed (the live
 * intent already fits, or points pay everything and there is no intent to cancel).
 */
export const claimCardCheckout = async (
  context: SettlementContext,
  input: CheckoutInput,
): Promise<{ kind: "done"; result: CheckoutResult } | { kind: "claimed"; claim: CheckoutClaim }> => {
  const { tx } = context;
  const { organizationId, orderId } = input;
  const ref = { organizationId, orderId };
  const now = context.clock.now();
  const order = await lockOrder(tx, { ...ref, of: input.of });
  // Independent reads, sent together (one round trip on PostgreSQL); a settling payment refuses first.
  const [, items] = await Promise.all([assertNoPaymentSettling(tx, ref), itemCount(tx, ref)]);
  // A repeat checkout while PAYMENT_PENDING reuses or replaces the live intent.
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}; checkout needs OPEN or PAYMENT_FAILED`,
      {
        context: { status: order.status },
      },
    );
  if (items === 0) throw new AppError("invalid_state", "The order has no items");
  const points = input.points ?? 0;
  if (points > 0) assertAcceptsPaymentMethod(order, "POINTS");
  // The locked row, as the steps below need it: with the checkout's points.
  const current =
    points === order.points ? order : ((await setOrderPoints({ tx, now }, ref, points)) ?? order);
  // Replaces any earlier hold of the order's points (one set through the points route included).
  // Points finalized for the order are spent for good (spec): a checkout must keep applying them.
  await reserveOrderPoints({ tx, now }, current, { refuseBelowFinalized: true });
  await reserveStock({ tx, now }, current);
  const { total } = await amountsForPayment({ tx, now }, current);
  // Thrown in the claim's transaction: nothing it wrote stays.
  if (total > 0) assertAcceptsPaymentMethod(order, "CARD");
  // Independent reads, sent together; the count and the customer serve only a processor call.
  const [live, generation, customer] = await Promise.all([
    liveIntentOf(tx, ref),
    intentCount(tx, ref),
    total > 0 ? customerOf(tx, organizationId, order.userId) : undefined,
  ]);

  if (total === 0 && !live) {
    await markVerifiedOrderPaid(
      { ...context, now },
      {
        organizationId,
        orderId,
        method: "POINTS",
        amountPaid: 0,
        reference: `points:${orderId}`,
      },
    );
    return { kind: "done", result: pointsResult };
  }
  if (total > 0 && live && live.points === points && live.amount === total) {
    await setOrderPaymentPending({ tx, now }, ref);
    return { kind: "done", result: { ...present(live), orderStatus: "PAYMENT_PENDING", created: false } };
  }
  if (total > 0) await setOrderPaymentPending({ tx, now }, ref);
  const action: CheckoutClaim["action"] =
    total === 0 ? "settle-points" : !live ? "create" : live.points === points ? "update" : "replace";
  return {
    kind: "claimed",
    claim: {
      organizationId,
      orderId,
      points,
      total,
      generation,
      live,
      action,
      key: `checkout:${organizationId}:${orderId}:${generation}:${total}:${points}`,
      customer: action === "settle-points" ? undefined : customer,
    },
  };
};

const createIntent = async (
  processor: CardProcessorPort,
  claim: CheckoutClaim,
  outcome: ProcessorOutcome,
): Promise<void> => {
  const { organizationId, orderId, customer } = claim;
  if (customer && !customer.processorCustomerId) {
    try {
      const made = await processor.createCustomer(
        {
          ...(customer.email ? { email: customer.email } : {}),
          metadata: { organizationId, userId: customer.userId },
        },
        `customer:${organizationId}:${customer.userId}`,
      );
      outcome.customerId = made.id;
    } catch (error) {
      throw processorFailed("create the customer", error);
    }
  }
  try {
    outcome.created = await processor.createPaymentIntent(
      {
        amount: claim.total,
        currency: CARD_CURRENCY,
        metadata: { organizationId, orderId, ...(customer ? { userId: customer.userId } : {}) },
        customerId: customer?.processorCustomerId ?? outcome.customerId,
      },
      claim.key,
    );
  } catch (error) {
    throw processorFailed("create the payment intent", error);
  }
};

/**
 * Step 2, no transaction open: the processor calls of a claim. Every call is safe to repeat: the
 * intent and the customer are created with deterministic idempotency keys (the processor answers a
 * repeated key with the object the first call made), and a cancel of a cancelled intent counts as
 * done. A refusal is kept in the outcome so that what did happen is still recorded.
 */
export const callProcessorForClaim = async (
  processor: CardProcessorPort,
  claim: CheckoutClaim,
): Promise<ProcessorOutcome> => {
  const outcome: ProcessorOutcome = { canceledLive: false };
  try {
    let action = claim.action;
    if (action === "update" && claim.live) {
      try {
        outcome.updated = await processor.updatePaymentIntentAmount(
          claim.live.processorIntentId,
          claim.total,
          resizeKey(claim.live, claim.total),
        );
      } catch (error) {
        if (!(error instanceof CardProcessorError)) throw processorFailed("update the payment intent", error);
        // The intent can no longer change (cancelled out of band, processing...): replace it.
        action = "replace";
      }
    }
    if ((action === "replace" || action === "settle-points") && claim.live) {
      await cancelAtProcessor(processor, claim.live);
      outcome.canceledLive = true;
    }
    if (action === "replace" || action === "create") await createIntent(processor, claim, outcome);
  } catch (error) {
    outcome.error = processorFailed("take the card payment", error);
  }
  return outcome;
};

type Recorded =
  | { kind: "done"; result: CheckoutResult }
  | { kind: "stale" }
  | { kind: "failed"; error: AppError };

/**
 * Step 3, another tenant transaction with the order row locked: records what the processor did,
 * provided the order is still as claimed (same points, total and intents). A concurrent checkout of
 * the same claim asked with the same key, so the intent it recorded is this one: it is answered as
 * is. Anything else changed the order meanwhile: `stale` (the caller starts over).
 */
export const recordCardCheckout = async (
  context: SettlementContext,
  { claim, outcome }: { claim: CheckoutClaim; outcome: ProcessorOutcome },
): Promise<Recorded> => {
  const { tx } = context;
  const ref = { organizationId: claim.organizationId, orderId: claim.orderId };
  const now = context.clock.now();
  const order = await lockOrder(tx, ref);
  // Independent reads, sent together (one round trip on PostgreSQL).
  const [live, { total }, intents] = await Promise.all([
    liveIntentOf(tx, ref),
    amountsOf(tx, order),
    intentCount(tx, ref),
  ]);
  const mine = outcome.created ?? outcome.updated;
  if (live && mine && live.processorIntentId === mine.id && live.amount === claim.total)
    return { kind: "done", result: { ...present(live), orderStatus: "PAYMENT_PENDING", created: false } };
  const current =
    intents === claim.generation &&
    order.points === claim.points &&
    total === claim.total &&
    live?.id === claim.live?.id &&
    (claim.action === "settle-points"
      ? isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status)
      : order.status === "PAYMENT_PENDING");
  if (!current) return { kind: "stale" };

  if (outcome.customerId && claim.customer)
    await tx
      .insert(payerCustomers)
      .values({
        organizationId: claim.organizationId,
        userId: claim.customer.userId,
        processorCustomerId: outcome.customerId,
        createdAt: now,
      })
      .onConflictDoNothing();
  if (live && outcome.canceledLive) await followIntent({ tx, now }, live, { status: "canceled" });

  if (outcome.error) {
    if (!outcome.created && (!live || outcome.canceledLive)) {
      // Nothing to pay with: give the points and stock back (a new checkout may try again).
      await markOrderPaymentFailed(context, ref);
    } else if (live && !outcome.canceledLive && live.points !== order.points) {
      // The live intent stands (e.g. processing): the order keeps the points it was priced with.
      await setOrderPoints({ tx, now }, ref, live.points);
      await reserveOrderPoints({ tx, now }, ref);
    }
    return { kind: "failed", error: outcome.error };
  }
  if (claim.action === "settle-points") {
    await markVerifiedOrderPaid(
      { ...context, now },
      {
        ...ref,
        method: "POINTS",
        amountPaid: 0,
        reference: `points:${claim.orderId}`,
      },
    );
    return { kind: "done", result: pointsResult };
  }
  if (outcome.updated && live) {
    await followIntent({ tx, now }, live, { status: outcome.updated.status, amount: claim.total });
    return {
      kind: "done",
      result: {
        ...present({ ...live, amount: claim.total, status: outcome.updated.status }),
        orderStatus: "PAYMENT_PENDING",
        created: false,
      },
    };
  }
  const intent = outcome.created;
  if (!intent) throw new Error("card checkout: the processor step made no intent");
  const row = newIntentRow(intent.status, {
    organizationId: claim.organizationId,
    id: newId(),
    orderId: claim.orderId,
    processorIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: intent.amount,
    currency: intent.currency,
    points: claim.points,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(cardPaymentIntents).values(row);
  return { kind: "done", result: { ...present(row), orderStatus: "PAYMENT_PENDING", created: true } };
};

/** A checkout that found the order changed this many times in a row gives up (409). */
const MAX_ATTEMPTS = 3;

/**
 * Card checkout (spec rule 1, ARCHITECTURE §9) in three steps, like the x402 path: claim (one
 * transaction, order locked), the processor calls (no transaction open, idempotency keys), record
 * (another transaction). A process that dies between them leaves a PAYMENT_PENDING order with its
 * points and stock held and no intent recorded: the next checkout of it claims the same key and
 * records the intent the processor already made. The live intent is reused when its points are
 * unchanged (its amount updated when the total moved), cancelled and replaced when they changed; a
 * total of 0 settles the order with points (PAID, method POINTS).
 */
export const checkoutOrder = async (context: CheckoutDeps, input: CheckoutInput): Promise<CheckoutResult> => {
  const { organizationId } = input;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const claimed = await withTenant(context.database.db, organizationId, (tx) =>
      claimCardCheckout({ ...context, tx }, input),
    );
    if (claimed.kind === "done") return claimed.result;
    const { claim } = claimed;
    const outcome = await callProcessorForClaim(context.providers.cardProcessor, claim);
    const recorded = await withTenant(context.database.db, organizationId, (tx) =>
      recordCardCheckout({ ...context, tx }, { claim, outcome }),
    );
    if (recorded.kind === "done") return recorded.result;
    if (recorded.kind === "failed") throw recorded.error;
    // Another checkout changed the order meanwhile: the intent made for this claim is not used.
    if (outcome.created)
      await context.providers.cardProcessor.cancelPaymentIntent(outcome.created.id).catch(() => undefined);
  }
  throw new AppError("invalid_state", "The order kept changing during checkout; check out again", {
    context: { orderId: input.orderId },
  });
};
