import { AppError, newId } from "@tally/core";
import { orderItems, orders, registerObjectRoute, type Tx } from "@tally/db";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { OrderRef, OrderRow } from "./amounts.ts";
import type { OrderPaymentsPort } from "./payments-port.ts";
import { cancelOrder, newOrderRow } from "./state.ts";
import { isOrderStatusIn, PAID_ORDER_STATUSES } from "./statuses.ts";

/** The product slug a presale order's one item carries: it names no product, the presale is the thing sold. */
export const PRESALE_ITEM_SLUG = "token-presale";

export interface PresaleOrderRequest {
  organizationId: string;
  userId: string;
  creatorId: string;
  /** The purchase the order pays: at most one order each (unique index). */
  presalePurchaseId: string;
  presaleId: string;
  title: string;
  /** The presale's price in cents: the USDC rails charge `cents x 10^4` atomic units. */
  priceCents: number;
}

/**
 * The order a USDC presale purchase is paid through: one item (the presale's token) at the presale's price,
 * PAYMENT_PENDING from the start so it is never the buyer's cart, with no shipping (a token ships nowhere)
 * and no stock. Any USDC rail pays it like any order; `markOrderPaid` publishes `purchase-processed`, which
 * rewards answers by marking the purchase PAID. In the caller's transaction.
 */
export const createPresaleOrder = async (
  { tx, now }: { tx: Tx; now: Date },
  request: PresaleOrderRequest,
): Promise<OrderRow> => {
  if (!Number.isSafeInteger(request.priceCents) || request.priceCents <= 0)
    throw new Error(`a presale order's price must be positive whole cents, got ${request.priceCents}`);
  const { organizationId } = request;
  const id = newId();
  const [order] = await tx
    .insert(orders)
    .values(
      newOrderRow("PAYMENT_PENDING", {
        organizationId,
        id,
        userId: request.userId,
        creatorId: request.creatorId,
        presalePurchaseId: request.presalePurchaseId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  await registerObjectRoute(tx, { objectId: id, kind: "order", organizationId, now });
  await tx.insert(orderItems).values({
    organizationId,
    orderId: id,
    productId: request.presaleId,
    variantId: null,
    productName: request.title,
    productSlug: PRESALE_ITEM_SLUG,
    quantity: 1,
    price: request.priceCents,
    createdAt: now,
  });
  return order!;
};

/** 409 `invalid_state`: a presale order's item, points and code are the presale's, not the buyer's to change. */
export const assertNotPresaleOrder = (order: Pick<OrderRow, "presalePurchaseId" | "status">): void => {
  if (order.presalePurchaseId !== null)
    throw new AppError("invalid_state", "A token presale's order cannot be changed, only paid", {
      context: { status: order.status, presalePurchaseId: order.presalePurchaseId },
    });
};

export type PresaleOrderCancel = "CANCELED" | "PAID" | "SETTLING";

/**
 * Cancels an unpaid presale order (-> CANCELED, final: no rail pays it any more; a late settlement is
 * recorded as a payment exception by `markOrderPaid`). Refused while a payment of it settles (`SETTLING`: try
 * again later) and for a paid order (`PAID`: the purchase goes on). The order row is locked first.
 */
export const cancelPresaleOrder = async (
  { tx, now, payments }: { tx: Tx; now: Date; payments: Pick<OrderPaymentsPort, "hasSettlingPayment"> },
  ref: OrderRef,
): Promise<PresaleOrderCancel> => {
  const [order] = await tx
    .select({ status: orders.status, presalePurchaseId: orders.presalePurchaseId })
    .from(orders)
    .where(and(eq(orders.organizationId, ref.organizationId), eq(orders.id, ref.orderId)))
    .for("update");
  if (!order?.presalePurchaseId) throw new Error(`order ${ref.orderId} is not a presale order`);
  if (order.status === "CANCELED") return "CANCELED";
  if (isOrderStatusIn(PAID_ORDER_STATUSES, order.status)) return "PAID";
  if (await payments.hasSettlingPayment(tx, ref)) return "SETTLING";
  const canceled = await cancelOrder({ tx, now }, ref);
  if (!canceled) throw new Error(`presale order ${ref.orderId} left the unpaid states under its lock`);
  return "CANCELED";
};

/**
 * Which of the tenant's orders `orderIds` are paid presale orders, with their purchase: one
 * statement for any count, as most paid orders are not presale orders.
 */
export const readPaidPresaleOrders = async (
  tx: Tx,
  organizationId: string,
  orderIds: readonly string[],
): Promise<Array<{ organizationId: string; id: string; presalePurchaseId: string }>> => {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({
      organizationId: orders.organizationId,
      id: orders.id,
      presalePurchaseId: orders.presalePurchaseId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.id, [...orderIds]),
        isNotNull(orders.presalePurchaseId),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
      ),
    );
  return rows.flatMap((row) =>
    row.presalePurchaseId ? [{ ...row, presalePurchaseId: row.presalePurchaseId }] : [],
  );
};
