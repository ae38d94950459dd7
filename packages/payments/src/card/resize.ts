import { type OrderRef, orderAmounts } from "@tally/commerce";
import { AppError, type Clock, type Logger } from "@tally/core";
import { type Database, type Tx, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import { type CardIntentStatus, CardProcessorError, type Providers } from "@tally/providers";
import { followIntent, type IntentRow } from "./intent-state.ts";
import { cancelAtProcessor, liveIntentOf, processorFailed, resizeKey } from "./service.ts";

/**
 * Rule 2: when an order's amount due changes (items, discount, shipping quote) its live card intent
 * follows it. The change itself only publishes `card-intent-amount-changed` in its transaction; the
 * worker then resizes the intent in three steps, never calling the processor with a transaction
 * open (see docs/decisions.md "A live card intent follows the order's amount after the change").
 */

/** In the transaction that changed the amount: hands the resize to the worker when a live intent no longer fits. */
export const noticeAmountChanged = async (
  { tx, events }: { tx: Tx; events: Pick<EventBus, "publish"> },
  ref: OrderRef,
): Promise<void> => {
  if (await claimResize(tx, ref)) await events.publish(tx, "card-intent-amount-changed", ref);
};

export interface ResizeDeps {
  database: Pick<Database, "db">;
  providers: Pick<Providers, "cardProcessor">;
  clock: Clock;
  logger: Logger;
}

/** Step 1: the live intent and what it should be now; nothing when it already fits. */
const claimResize = async (
  tx: Tx,
  ref: OrderRef,
): Promise<{ live: IntentRow; total: number } | undefined> => {
  const live = await liveIntentOf(tx, ref);
  if (!live) return undefined;
  const { total } = await orderAmounts(tx, ref);
  return total === live.amount ? undefined : { live, total };
};

/**
 * The `card-intent-amount-changed` job: claim (read), call the processor (the amount, or a cancel
 * when nothing is left to pay by card, under a key that repeats exactly when the call is retried
 * before it was recorded), record (only onto the intent as it was claimed: a checkout that resized or
 * replaced it meanwhile wins). An intent that can no longer change (processing, succeeded) is left
 * to its webhook: a payment that is not the order's amount due is kept as a payment exception, never
 * settles the order. A processor outage throws, so the job is retried.
 */
export const followOrderAmount = async (deps: ResizeDeps, ref: OrderRef): Promise<void> => {
  const claim = await withTenant(deps.database.db, ref.organizationId, (tx) => claimResize(tx, ref));
  if (!claim) return;
  const { live, total } = claim;
  const processor = deps.providers.cardProcessor;
  let change: { status: CardIntentStatus; amount?: number };
  try {
    if (total === 0) {
      await cancelAtProcessor(processor, live);
      change = { status: "canceled" };
    } else {
      const updated = await processor.updatePaymentIntentAmount(
        live.processorIntentId,
        total,
        resizeKey(live, total),
      );
      change = { status: updated.status, amount: total };
    }
  } catch (error) {
    const final =
      (error instanceof AppError && error.code === "invalid_state") ||
      (error instanceof CardProcessorError && error.kind === "invalid_request");
    if (!final) throw processorFailed("follow the order's amount", error);
    deps.logger.warn(
      { ...ref, cardPaymentIntentId: live.processorIntentId, err: error },
      "the live card intent can no longer follow the order's amount; its webhook settles it",
    );
    return;
  }
  await withTenant(deps.database.db, ref.organizationId, (tx) =>
    followIntent({ tx, now: deps.clock.now() }, live, { ...change, whileUpdatedAt: live.updatedAt }),
  );
};
