import { AppError, newId } from "@tally/core";
import {
  orderItems,
  orders,
  registerObjectRoute,
  type ShippingAddress,
  storefrontConnections,
  type Tx,
  users,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, eq } from "drizzle-orm";
import type { OrderRow } from "./amounts.ts";
import { productOf, variantsOf } from "./read.ts";
import { newOrderRow } from "./state.ts";
import { commitStock } from "./stock.ts";

export interface RewardOrderContext {
  tx: Tx;
  events: Pick<EventBus, "publish">;
  now: Date;
}

export interface RewardOrderRecipient {
  organizationId: string;
  userId: string;
}

export interface RewardOrderRequest {
  /** The redemption the order is for: at most one order per redemption (unique index). */
  redemptionId: string;
  /** The reward's creator: the product must be one of theirs. */
  creatorId: string;
  productId: string;
  /** Where to ship it; the user's saved address when absent. */
  shippingAddress?: ShippingAddress | undefined;
}

/**
 * Where a reward order ships: the address given, else the user's saved one. Every product ships (commerce has no
 * digital products), so with neither it is 422 `shipping_address_required`.
 */
export const rewardOrderAddress = (
  user: { shippingAddress: ShippingAddress | null },
  given: ShippingAddress | undefined,
): ShippingAddress => {
  const address = given ?? user.shippingAddress;
  if (!address)
    throw new AppError("shipping_address_required", undefined, {
      details: [{ field: "shippingAddress", message: "required: the user has no saved shipping address" }],
    });
  return address;
};

const orderOfRedemption = async (tx: Tx, organizationId: string, redemptionId: string) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.redemptionId, redemptionId)));
  return order;
};

/** The creator's product (any status but ARCHIVED: a reward-only product may stay a DRAFT) and its default variant. */
const rewardProduct = async (tx: Tx, organizationId: string, request: RewardOrderRequest) => {
  const product = await productOf(tx, { organizationId, productId: request.productId });
  if (!product || product.creatorId !== request.creatorId)
    throw new AppError("not_found", "The reward's product no longer exists", {
      context: { productId: request.productId },
    });
  if (product.status === "ARCHIVED")
    throw new AppError("invalid_state", "The reward's product is ARCHIVED", {
      context: { productId: product.id, status: product.status },
    });
  const variants = await variantsOf(tx, { organizationId, productId: product.id });
  const chosen = variants.find((variant) => variant.isDefault) ?? variants[0];
  if (!chosen) throw new AppError("not_found", "The reward's product has no variant");
  return { product, variant: chosen };
};

/**
 * A FREE_PRODUCT reward's order: one unit of the product's default variant, priced 0, PAID at once
 * (payment method REWARD, nothing charged, shipping included), to the address given or the user's saved one.
 * Stock is committed like any paid order's (409 `out_of_stock`, nothing written). Idempotent per
 * redemption: a second call, or a concurrent one, answers the order the first made. Publishes what a
 * paid order publishes for its fulfilment (the buyer's receipt, the creator's notice, the store push)
 * but not `purchase-processed`: nothing was bought, so no purchase points.
 */
export const createRewardOrder = async (
  { tx, events, now }: RewardOrderContext,
  recipient: RewardOrderRecipient,
  request: RewardOrderRequest,
): Promise<OrderRow> => {
  const { organizationId, userId } = recipient;
  const existing = await orderOfRedemption(tx, organizationId, request.redemptionId);
  if (existing) return existing;
  const [user] = await tx
    .select({ shippingAddress: users.shippingAddress })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!user) throw new AppError("not_found", "User not found");
  const { product, variant } = await rewardProduct(tx, organizationId, request);
  const id = newId();
  const [order] = await tx
    .insert(orders)
    .values(
      newOrderRow("PAID", {
        organizationId,
        id,
        userId,
        creatorId: product.creatorId,
        shippingAddress: rewardOrderAddress(user, request.shippingAddress),
        amountPaid: 0,
        paymentMethod: "REWARD",
        paidAt: now,
        redemptionId: request.redemptionId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (!order) {
    // A concurrent call for the same redemption committed first (the insert waited for it).
    const made = await orderOfRedemption(tx, organizationId, request.redemptionId);
    if (!made) throw new Error(`the order of redemption ${request.redemptionId} conflicted but is not there`);
    return made;
  }
  await registerObjectRoute(tx, { objectId: id, kind: "order", organizationId, now });
  await tx.insert(orderItems).values({
    organizationId,
    orderId: id,
    productId: product.id,
    variantId: variant.id,
    productName: product.name,
    productSlug: product.slug,
    quantity: 1,
    price: 0,
    selectedAttributes: variant.attributes,
    createdAt: now,
  });
  await commitStock({ tx, now }, { organizationId, orderId: id });
  await events.publish(tx, "order-confirmation", { organizationId, orderId: id });
  await events.publish(tx, "creator-order-confirmation", {
    organizationId,
    orderId: id,
    creatorId: product.creatorId,
  });
  const [store] = await tx
    .select({ id: storefrontConnections.id })
    .from(storefrontConnections)
    .where(
      and(
        eq(storefrontConnections.organizationId, organizationId),
        eq(storefrontConnections.creatorId, product.creatorId),
      ),
    );
  if (store) await events.publish(tx, "storefront-order-push", { organizationId, orderId: id });
  return order;
};
