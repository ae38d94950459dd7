import type { Tx } from "@tally/db";
import { publicShippingInfo } from "../shipping/label-claim.ts";
import { amountsOf, type OrderItemRow, type OrderRow } from "./amounts.ts";
import type { OrderPaymentsPort } from "./payments-port.ts";
import { itemsOfOrders } from "./read.ts";
import type { OrderOutput } from "./schemas.ts";

const presentItem = (item: OrderItemRow) => ({
  id: item.id,
  productId: item.productId,
  variantId: item.variantId,
  productName: item.productName,
  productSlug: item.productSlug,
  quantity: item.quantity,
  price: item.price,
  selectedAttributes: item.selectedAttributes,
});

/** What presenting an order needs: the transaction, and payments' card intents (a higher layer's table). */
export interface PresentContext {
  tx: Tx;
  payments: Pick<OrderPaymentsPort, "latestCardPaymentIntents">;
}

/**
 * The one shape every order endpoint answers with (user, guest, creator, checkout responses): the
 * spec's Order plus creatorId, discount, amounts and payment details.
 */
export const presentOrders = async (
  { tx, payments }: PresentContext,
  rows: OrderRow[],
): Promise<OrderOutput[]> => {
  if (rows.length === 0) return [];
  const organizationId = rows[0]!.organizationId;
  const ids = rows.map((row) => row.id);
  // Independent reads, sent together: one round trip on PostgreSQL.
  const [items, intents, amountsByRow] = await Promise.all([
    itemsOfOrders(tx, organizationId, ids),
    payments.latestCardPaymentIntents(tx, { organizationId, orderIds: ids }),
    Promise.all(rows.map((row) => amountsOf(tx, row))),
  ]);
  const out: OrderOutput[] = [];
  for (const [index, row] of rows.entries()) {
    const amounts = amountsByRow[index]!;
    out.push({
      id: row.id,
      status: row.status,
      shippingStatus: row.shippingStatus,
      points: row.points,
      shippingFee: row.shippingFee,
      shippingInfo: publicShippingInfo(row.shippingInfo ?? null),
      items: items.filter((item) => item.orderId === row.id).map(presentItem),
      createdAt: row.createdAt,
      userId: row.userId,
      guestEmail: row.guestEmail,
      creatorId: row.creatorId,
      discount: amounts.discount,
      discountCodeId: row.discountCodeId,
      shippingAddress: row.shippingAddress ?? null,
      amounts,
      payment: {
        method: row.paymentMethod,
        paidAt: row.paidAt,
        amountPaid: row.amountPaid,
        cardPaymentIntent: intents.get(row.id) ?? null,
      },
      updatedAt: row.updatedAt,
    });
  }
  return out;
};

export const presentOrder = async (context: PresentContext, row: OrderRow): Promise<OrderOutput> =>
  (await presentOrders(context, [row]))[0]!;
