import { reserveStock } from "@tally/commerce";
import { type IntervalJob, startIntervalJob } from "@tally/core";
import { withTenant, x402Payments } from "@tally/db";
import { and, asc, inArray, lt } from "drizzle-orm";
import { hasSettlingPayment } from "../settlement/settling.ts";
import { leaseX402Retry, UNSETTLED_X402_STATUSES } from "./payment-state.ts";
import { processPayment, type X402Deps } from "./service.ts";

/** A payment untouched this long is abandoned by its request (facilitator timeout, crash): the job takes it. */
export const X402_RETRY_AFTER_MS = 60_000;
const BATCH = 50;
/** After this many runs (about half an hour) a payment is left for a person, logged as such. */
export const X402_MAX_ATTEMPTS = 60;

export interface X402RetryResult {
  checked: number;
  settled: number;
  failed: number;
  pending: number;
}

/**
 * Settles the x402 payments left PENDING or VERIFIED (a facilitator timeout, a crashed process).
 * Each is leased with a conditional update (bumping `attempts`, touching `updated_at`), so two
 * workers never process the same payment; the outcome is decided as in the pay call (settled, failed, or still pending). An
 * authorization past its `validBefore` can no longer settle and ends FAILED. Each run also extends
 * the order's stock hold, so a long facilitator outage cannot sell the stock a settling payment paid for.
 */
export const retryUnsettledX402Payments = async (deps: X402Deps): Promise<X402RetryResult> => {
  const result: X402RetryResult = { checked: 0, settled: 0, failed: 0, pending: 0 };
  const now = deps.clock.now();
  const stale = await deps.database.db
    .select()
    .from(x402Payments)
    .where(
      and(
        inArray(x402Payments.status, [...UNSETTLED_X402_STATUSES]),
        lt(x402Payments.updatedAt, new Date(now.getTime() - X402_RETRY_AFTER_MS)),
        lt(x402Payments.attempts, X402_MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(x402Payments.updatedAt))
    .limit(BATCH);
  for (const payment of stale) {
    const leased = await leaseX402Retry({ tx: deps.database.db, now }, payment);
    if (!leased) continue;
    result.checked += 1;
    if (leased.attempts >= X402_MAX_ATTEMPTS)
      deps.logger.error(
        { organizationId: leased.organizationId, orderId: leased.orderId, paymentId: leased.id },
        "x402 payment still unsettled after the last retry: a person has to resolve it",
      );
    // Keep the order's stock held while its payment settles: the money may already be on its way.
    const ref = { organizationId: leased.organizationId, orderId: leased.orderId };
    await withTenant(deps.database.db, leased.organizationId, async (tx) => {
      if (await hasSettlingPayment(tx, ref)) await reserveStock({ tx, now }, ref);
    }).catch((error: unknown) =>
      deps.logger.warn({ err: error, paymentId: leased.id }, "x402 retry could not extend the stock hold"),
    );
    const outcome = await processPayment(deps, leased).catch((error: unknown) => {
      deps.logger.warn({ err: error, paymentId: payment.id }, "x402 retry failed; next run tries again");
      return undefined;
    });
    if (outcome?.kind === "paid") result.settled += 1;
    else if (outcome?.kind === "required") result.failed += 1;
    else result.pending += 1;
  }
  return result;
};

export const startX402Retrier = (deps: X402Deps, options: { intervalMs?: number } = {}): IntervalJob =>
  startIntervalJob("x402-retry", () => retryUnsettledX402Payments(deps), {
    intervalMs: options.intervalMs ?? 30_000,
    logger: deps.logger,
  });
