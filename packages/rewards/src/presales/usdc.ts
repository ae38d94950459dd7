import {
  cancelPresaleOrder,
  createPresaleOrder,
  type OrderPaymentsPort,
  type PresaleOrderCancel,
} from "@tally/commerce";
import { AppError } from "@tally/core";
import { presalePurchases, type Tx, tokenPresales, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { expirePurchase, markPurchasePaid, PURCHASE_MACHINE } from "./purchase-state.ts";
import { type PresaleRow, type PresaleWriteContext, type PurchaseRow, presaleKey } from "./record.ts";

/** How long a USDC buyer has to pay the order before the unit goes back on sale. */
export const USDC_PAYMENT_WINDOW_MS = 30 * 60_000;
/** Orders are priced in cents; every USDC rail charges `cents x 10^4` atomic units (6 decimals). */
export const ATOMIC_PER_CENT = 10_000n;
/** The largest USDC price a presale takes: 1,000,000 USDC, so its cents fit an order item's integer price. */
export const MAX_PRICE_ATOMIC = 1_000_000_000_000n;
/** Purchases released per monitor run; the rest wait for the next tick. */
const PER_RUN = 1_000;

/** 422 unless the USDC price is whole cents (the rails charge cents) and within the maximum. */
export const assertUsdcPrice = (priceAtomic: bigint): void => {
  const problem =
    priceAtomic % ATOMIC_PER_CENT !== 0n
      ? "must be whole cents: a multiple of 10000 atomic units (the USDC rails charge cents)"
      : priceAtomic > MAX_PRICE_ATOMIC
        ? `at most ${MAX_PRICE_ATOMIC} atomic units (1,000,000 USDC)`
        : undefined;
  if (problem)
    throw new AppError("validation_failed", `priceAtomic: ${problem}`, {
      details: [{ field: "priceAtomic", message: problem }],
    });
};

/**
 * The USDC half of a purchase recorded AWAITING_PAYMENT: the commerce order (the presale's price in cents)
 * the buyer pays with a USDC rail, linked to the purchase. Nothing is published until the order is paid.
 */
export const awaitUsdcPayment = async (
  { tx, now }: PresaleWriteContext,
  presale: PresaleRow,
  purchase: PurchaseRow,
): Promise<PurchaseRow> => {
  const { organizationId } = purchase;
  const order = await createPresaleOrder(
    { tx, now },
    {
      organizationId,
      userId: purchase.userId,
      creatorId: presale.creatorId,
      presalePurchaseId: purchase.id,
      presaleId: presale.id,
      title: presale.title,
      priceCents: Number(presale.priceAtomic! / ATOMIC_PER_CENT),
    },
  );
  const [linked] = await tx
    .update(presalePurchases)
    .set({ orderId: order.id })
    .where(and(eq(presalePurchases.organizationId, organizationId), eq(presalePurchases.id, purchase.id)))
    .returning();
  return linked!;
};

/**
 * A presale order was paid (`purchase-processed`): its purchase AWAITING_PAYMENT -> PAID, once, and
 * `presale-purchase-processed` follows (distribution as for points). In the caller's transaction.
 */
export const markPresaleOrderPaid = async (
  { tx, now, events }: PresaleWriteContext & { events: Pick<EventBus, "publish"> },
  order: { organizationId: string; id: string; presalePurchaseId: string },
): Promise<boolean> => {
  const { organizationId } = order;
  const paid = await markPurchasePaid({ tx, now }, { organizationId, id: order.presalePurchaseId }, order.id);
  if (!paid) return false;
  await events.publish(tx, "presale-purchase-processed", {
    organizationId,
    presaleId: paid.presaleId,
    purchaseId: paid.id,
  });
  return true;
};

export type UsdcReleaseDeps = Pick<AppDeps, "database" | "clock"> & {
  services: { orderPayments: Pick<OrderPaymentsPort, "hasSettlingPayment"> };
};

/**
 * One unpaid purchase past its deadline: its order is canceled through commerce (refused while a payment
 * settles, or once paid: then the purchase stays for `purchase-processed`), the purchase EXPIRED and its unit
 * back on sale, in one transaction under the purchase's row lock.
 */
const releaseOne = async (
  deps: UsdcReleaseDeps,
  key: { organizationId: string; id: string },
): Promise<PresaleOrderCancel | null> =>
  withTenant(deps.database.db, key.organizationId, async (tx: Tx) => {
    const now = deps.clock.now();
    const [purchase] = await tx
      .select()
      .from(presalePurchases)
      .where(
        and(
          eq(presalePurchases.organizationId, key.organizationId),
          eq(presalePurchases.id, key.id),
          eq(presalePurchases.status, "AWAITING_PAYMENT"),
          lte(presalePurchases.paymentDeadline, now),
        ),
      )
      .for("update");
    if (!purchase?.orderId) return null;
    const outcome = await cancelPresaleOrder(
      { tx, now, payments: deps.services.orderPayments },
      { organizationId: key.organizationId, orderId: purchase.orderId },
    );
    if (outcome !== "CANCELED") return outcome;
    await expirePurchase({ tx, now }, key);
    await tx
      .update(tokenPresales)
      .set({ sold: sql`${tokenPresales.sold} - 1`, updatedAt: now })
      .where(
        and(
          presaleKey({ organizationId: key.organizationId, id: purchase.presaleId }),
          gt(tokenPresales.sold, 0),
        ),
      );
    return "CANCELED";
  });

/** Releases every unpaid USDC purchase past its deadline (token-presale-monitor). Returns how many. */
export const releaseUnpaidPurchases = async (
  deps: UsdcReleaseDeps,
  scope: { organizationId?: string | undefined },
): Promise<number> => {
  const now = deps.clock.now();
  const due = await deps.database.db
    .select({ organizationId: presalePurchases.organizationId, id: presalePurchases.id })
    .from(presalePurchases)
    .where(
      and(
        scope.organizationId === undefined
          ? undefined
          : eq(presalePurchases.organizationId, scope.organizationId),
        eq(presalePurchases.status, "AWAITING_PAYMENT"),
        lte(presalePurchases.paymentDeadline, now),
      ),
    )
    .orderBy(presalePurchases.paymentDeadline)
    .limit(PER_RUN);
  let released = 0;
  for (const key of due) if ((await releaseOne(deps, key)) === "CANCELED") released += 1;
  return released;
};

/** 409 `conflict`: a USDC presale with unpaid or paid purchases cannot be canceled (no USDC refund rail). */
export const assertNoUsdcPurchasesToRefund = async (tx: Tx, presale: PresaleRow): Promise<void> => {
  if (presale.priceCurrency !== "USDC") return;
  const [live] = await tx
    .select({ id: presalePurchases.id, status: presalePurchases.status })
    .from(presalePurchases)
    .where(
      and(
        eq(presalePurchases.organizationId, presale.organizationId),
        eq(presalePurchases.presaleId, presale.id),
        inArray(presalePurchases.status, PURCHASE_MACHINE.sets.awaitingMint),
      ),
    )
    .limit(1);
  if (live)
    throw new AppError(
      "conflict",
      "A USDC presale with awaiting or paid purchases cannot be canceled: USDC payments have no refund rail. Let it end (its tokens are distributed) or wait until unpaid purchases expire",
      { context: { reason: "usdc_refund_unavailable", purchaseId: live.id, purchaseStatus: live.status } },
    );
};
