import { presalePurchases, rewardMints, tokenPresales, withTenant } from "@tally/db";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { advancePresale, PRESALE_MACHINE } from "./presale-state.ts";
import { distributePurchase, type PresaleDeps } from "./purchase.ts";
import { refundPurchase } from "./service.ts";
import { releaseUnpaidPurchases, type UsdcReleaseDeps } from "./usdc.ts";

/** Presales and purchases taken per run; the rest wait for the next tick. */
const PER_RUN = 1_000;

export interface PresaleMonitorSummary {
  started: number;
  ended: number;
  distributed: number;
  failed: number;
  /** USDC purchases unpaid past their deadline: order canceled, unit back on sale. */
  released: number;
}

/** Presales (across tenants: a job, never a request path) whose window has opened or closed under them. */
const presalesDue = (deps: PresaleDeps, now: Date, organizationId: string | undefined) =>
  deps.database.db
    .select({ organizationId: tokenPresales.organizationId, id: tokenPresales.id })
    .from(tokenPresales)
    .where(
      and(
        organizationId === undefined ? undefined : eq(tokenPresales.organizationId, organizationId),
        or(
          and(inArray(tokenPresales.status, PRESALE_MACHINE.from("open")), lte(tokenPresales.startsAt, now)),
          and(inArray(tokenPresales.status, PRESALE_MACHINE.from("end")), lte(tokenPresales.endsAt, now)),
        ),
      ),
    )
    .limit(PER_RUN);

/** PAID purchases whose token is due: their presale has ENDED, or distributes IMMEDIATE (a missed handler). */
const purchasesDue = (deps: PresaleDeps, organizationId: string | undefined) =>
  deps.database.db
    .select({ organizationId: presalePurchases.organizationId, id: presalePurchases.id })
    .from(presalePurchases)
    .innerJoin(
      tokenPresales,
      and(
        eq(tokenPresales.organizationId, presalePurchases.organizationId),
        eq(tokenPresales.id, presalePurchases.presaleId),
      ),
    )
    .where(
      and(
        organizationId === undefined ? undefined : eq(presalePurchases.organizationId, organizationId),
        eq(presalePurchases.status, "PAID"),
        or(eq(tokenPresales.status, "ENDED"), eq(tokenPresales.distribution, "IMMEDIATE")),
      ),
    )
    .orderBy(presalePurchases.createdAt, presalePurchases.id)
    .limit(PER_RUN);

/**
 * DISTRIBUTED purchases whose mint failed for good (ERROR with no retry left, e.g. a supply a later grant spent):
 * the buyer paid for a token that will never come.
 */
const purchasesUnminted = (deps: PresaleDeps, organizationId: string | undefined) =>
  deps.database.db
    .select({
      organizationId: presalePurchases.organizationId,
      id: presalePurchases.id,
      error: rewardMints.error,
    })
    .from(presalePurchases)
    .innerJoin(
      rewardMints,
      and(
        eq(rewardMints.organizationId, presalePurchases.organizationId),
        eq(rewardMints.id, presalePurchases.mintId),
      ),
    )
    .where(
      and(
        organizationId === undefined ? undefined : eq(presalePurchases.organizationId, organizationId),
        eq(presalePurchases.status, "DISTRIBUTED"),
        eq(rewardMints.status, "ERROR"),
        isNull(rewardMints.retryAt),
      ),
    )
    .limit(PER_RUN);

/** Moves an unminted purchase DISTRIBUTED -> FAILED and gives its points back (under its row lock: once). */
const failUnminted = (
  deps: PresaleDeps,
  unminted: { organizationId: string; id: string; error: string | null },
) =>
  withTenant(deps.database.db, unminted.organizationId, async (tx) => {
    const [purchase] = await tx
      .select()
      .from(presalePurchases)
      .where(
        and(
          eq(presalePurchases.organizationId, unminted.organizationId),
          eq(presalePurchases.id, unminted.id),
          eq(presalePurchases.status, "DISTRIBUTED"),
        ),
      )
      .for("update");
    if (!purchase) return false;
    return refundPurchase({ tx, now: deps.clock.now(), events: deps.events }, purchase, {
      move: "fail",
      failure: `The token could not be minted: ${unminted.error ?? "the mint failed"}`,
      from: "DISTRIBUTED",
    });
  });

/**
 * The `token-presale-monitor` cron job (every 15 minutes): opens presales whose start has come (DRAFT -> ACTIVE),
 * closes those whose deadline has passed (-> ENDED), releases USDC purchases unpaid past their payment deadline
 * (their order canceled, the unit back on sale), then distributes every due PAID purchase through the
 * rewards grant (the mint-queue job mints the queued tokens), and fails and refunds a distributed purchase whose
 * mint failed for good. Each step is a conditional update, so ticks and
 * instances running at once change each presale and purchase once. `scope.organizationId` limits it to one
 * tenant (tests; an operator's manual run).
 */
export const runPresaleMonitor = async (
  deps: PresaleDeps & UsdcReleaseDeps,
  scope: { organizationId?: string } = {},
): Promise<PresaleMonitorSummary> => {
  const now = deps.clock.now();
  const summary: PresaleMonitorSummary = { started: 0, ended: 0, distributed: 0, failed: 0, released: 0 };
  summary.released = await releaseUnpaidPurchases(deps, scope);
  for (const presale of await presalesDue(deps, now, scope.organizationId)) {
    const moved = await withTenant(deps.database.db, presale.organizationId, (tx) =>
      advancePresale({ tx, now }, presale),
    );
    if (moved === "end") summary.ended += 1;
    if (moved === "open") summary.started += 1;
  }
  for (const purchase of await purchasesDue(deps, scope.organizationId)) {
    const outcome = await distributePurchase(deps, purchase);
    if (outcome === "DISTRIBUTED") summary.distributed += 1;
    if (outcome === "FAILED") summary.failed += 1;
  }
  for (const unminted of await purchasesUnminted(deps, scope.organizationId))
    if (await failUnminted(deps, unminted)) summary.failed += 1;
  return summary;
};
