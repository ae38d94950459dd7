import { AppError } from "@tally/core";
import { type presalePurchases, rowFinder, type TokenPresaleStatus, type Tx, tokenPresales } from "@tally/db";
import { and, eq, inArray } from "drizzle-orm";
import { PRESALE_MACHINE, windowOpenAt } from "./presale-state.ts";
import type { Presale, Purchase } from "./schemas.ts";

/** The keyless x402 route that pays a USDC purchase's order (the other USDC rails pay it too). */
export const x402PayPath = (orderId: string) => `/api/v1/x402/orders/${orderId}/pay`;

export type PresaleRow = typeof tokenPresales.$inferSelect;
export type PurchaseRow = typeof presalePurchases.$inferSelect;
export type PresaleKey = { organizationId: string; id: string };
/** What presale writes run with: the caller's transaction and the request's instant. */
export interface PresaleWriteContext {
  tx: Tx;
  now: Date;
}

export const presaleKey = ({ organizationId, id }: PresaleKey) =>
  and(eq(tokenPresales.organizationId, organizationId), eq(tokenPresales.id, id));

/**
 * A presale selling at `now`: inside its window and not ENDED or CANCELED (a DRAFT whose window has opened
 * sells before the monitor marks it ACTIVE). Purchases claim units under it; storefronts list by it.
 */
export const onSaleAt = (now: Date) =>
  and(inArray(tokenPresales.status, PRESALE_MACHINE.from("sell")), windowOpenAt(now));

/** The tenant's presale (404 "Presale not found" otherwise); `lock` holds its row until the transaction ends. */
export const findPresale = rowFinder(tokenPresales, "Presale");

/** 409 `invalid_state` naming the presale's state unless it is one of `allowed`. */
export const assertPresaleStatus = (
  row: PresaleRow,
  allowed: readonly TokenPresaleStatus[],
  what: string,
): void => {
  if (!allowed.includes(row.status))
    throw new AppError(
      "invalid_state",
      `${what} needs a ${allowed.join(" or ")} presale; this one is ${row.status}`,
      {
        context: { currentStatus: row.status, allowedFrom: allowed },
      },
    );
};

export const toPresale = (row: PresaleRow): Presale => ({
  id: row.id,
  organizationId: row.organizationId,
  creatorId: row.creatorId,
  rewardId: row.rewardId,
  title: row.title,
  description: row.description,
  priceCurrency: row.priceCurrency,
  pricePoints: row.pricePoints,
  priceAtomic: row.priceAtomic === null ? null : row.priceAtomic.toString(),
  cap: row.cap,
  sold: row.sold,
  remaining: row.cap - row.sold,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  status: row.status,
  distribution: row.distribution,
  endedAt: row.endedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toPurchase = (row: PurchaseRow): Purchase => ({
  id: row.id,
  organizationId: row.organizationId,
  presaleId: row.presaleId,
  rewardId: row.rewardId,
  userId: row.userId,
  status: row.status,
  pricePoints: row.pricePoints,
  priceAtomic: row.priceAtomic === null ? null : row.priceAtomic.toString(),
  orderId: row.orderId,
  paymentDeadline: row.paymentDeadline,
  x402PayPath: row.status === "AWAITING_PAYMENT" && row.orderId ? x402PayPath(row.orderId) : null,
  pointTransactionId: row.pointTransactionId,
  refundTransactionId: row.refundTransactionId,
  mintId: row.mintId,
  failure: row.failure,
  processedAt: row.processedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
