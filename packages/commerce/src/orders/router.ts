import { AppError } from "@tally/core";
import { type Db, findObjectRoute, objectRoutes, orders, withTenant } from "@tally/db";
import { takeAddressToken } from "@tally/platform";
import { answerPage, authedProcedure, publicProcedure, router } from "@tally/trpc";
import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { withCreator, withUser } from "../access/scope.ts";
import { PRODUCT_ROUTE_KIND } from "../products/service.ts";
import { updateShippingStatus } from "../shipping/service.ts";
import { presentOrder, presentOrders } from "./presenter.ts";
import {
  addProductInput,
  createOrderInput,
  creatorOrdersInput,
  guestOrderInput,
  listOrdersInput,
  orderSchema,
  removeItemInput,
  updateCreatorOrderInput,
  userOrderParams,
} from "./schemas.ts";
import {
  addProductToOrder,
  createOrder,
  currentOrder,
  findUserOrder,
  listUserOrders,
  removeOrderItem,
} from "./service.ts";

const tags = ["Orders"];

/** Guest order creation: per client address, 30 at once, then one per second. */
export const GUEST_ORDER_LIMIT = { scope: "guest-order", ratePerSecond: 1, burst: 30 };

/**
 * The organization an order id belongs to, from the global `objectRoutes` registry (routes without
 * an API key: guest checkout, x402). Unknown ids are 404 and reveal nothing.
 */
export const findOrderTenant = async (db: Db, orderId: string): Promise<string> => {
  const [route] = await db
    .select({ organizationId: objectRoutes.organizationId })
    .from(objectRoutes)
    .where(and(eq(objectRoutes.objectId, orderId), eq(objectRoutes.kind, "order")));
  if (!route) throw new AppError("not_found", "Order not found");
  return route.organizationId;
};

/**
 * A guest order belongs to the product's organization, found through the product's route: no
 * tenant's `products` are read before the tenant is open. An unknown or purged id is 404.
 */
const productTenant = async (db: Db, productId: string): Promise<string> => {
  const organizationId = await findObjectRoute(db, { objectId: productId, kind: PRODUCT_ROUTE_KIND });
  if (!organizationId) throw new AppError("not_found", "Product not found");
  return organizationId;
};

export const ordersRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/order",
        tags,
        summary: "Create the user's OPEN order with a product",
        description:
          'The product must be PUBLISHED: a DRAFT or ARCHIVED product answers 404 `not_found` with the message "Product is not published: ..." (an unknown product: "Product not found"). `variantIds` must belong to the product (422); without them the default variant is used, one line per variant with `quantity` units each. A user has one OPEN order: a second create answers 409 `open_order_exists` with the open order\'s id in `context.orderId`. Prices are snapshotted into the items.',
      },
      successStatus: 201,
    })
    .input(createOrderInput)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await createOrder(
            { tx, payments: ctx.deps.services.orderPayments, now: ctx.deps.clock.now() },
            { organizationId: user.organizationId, userId: user.id },
            input,
          ),
        ),
      ),
    ),
  current: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/order",
        tags,
        summary: "The user's current OPEN order (404 when there is none)",
      },
    })
    .input(z.strictObject({ id: createOrderInput.shape.id }))
    .output(orderSchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder({ tx, payments: ctx.deps.services.orderPayments }, await currentOrder(tx, user)),
      ),
    ),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/order/{orderId}",
        tags,
        summary: "One of the user's orders",
      },
    })
    .input(userOrderParams)
    .output(orderSchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await findUserOrder(tx, user, input.orderId),
        ),
      ),
    ),
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/orders",
        tags,
        summary: "The user's orders with items and payment details, newest first (X-Total-Count)",
      },
    })
    .input(listOrdersInput)
    .output(z.array(orderSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withUser(ctx, input.id, async (tx, user) => {
          const { rows, total } = await listUserOrders(tx, user, input);
          return {
            items: await presentOrders({ tx, payments: ctx.deps.services.orderPayments }, rows),
            total,
          };
        }),
      );
    }),
  addProduct: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/product/{productId}",
        tags,
        summary: "Add a product to the order (units add up on an existing line of the same variant)",
        description:
          "Only while the order is OPEN or PAYMENT_FAILED (409 `invalid_state` otherwise; a PAYMENT_FAILED order goes back to OPEN). An order holds one creator's products: another creator's product is 409 `conflict`.",
      },
    })
    .input(addProductInput)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await addProductToOrder(
            { tx, payments: ctx.deps.services.orderPayments, now: ctx.deps.clock.now() },
            user,
            input,
          ),
        ),
      ),
    ),
  removeItem: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/user/{id}/order/{orderId}/item/{itemId}",
        tags,
        summary: "Remove an item, or reduce it by `quantity` (query or body)",
        description:
          "Only while OPEN or PAYMENT_FAILED. A `quantity` at or above the line's removes the line. An order left empty forgets its creator and discount code.",
      },
    })
    .input(removeItemInput)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await removeOrderItem(
            { tx, payments: ctx.deps.services.orderPayments, now: ctx.deps.clock.now() },
            user,
            { orderId: input.orderId, itemId: input.itemId, quantity: input.quantity },
          ),
        ),
      ),
    ),
  guestCreate: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/order",
        tags,
        summary: "Create a guest order (no authentication; the order id is the capability)",
        description:
          "Same product rules as the user order. `email` receives the receipt; `shippingAddress` is optional. Rate-limited per client address (429 with Retry-After). The organization is the product's.",
      },
      successStatus: 201,
    })
    .input(guestOrderInput)
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.deps.database.db;
      await takeAddressToken(db, ctx.clientAddress, GUEST_ORDER_LIMIT);
      const organizationId = await productTenant(db, input.productId);
      return withTenant(db, organizationId, async (tx) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await createOrder(
            { tx, payments: ctx.deps.services.orderPayments, now: ctx.deps.clock.now() },
            {
              organizationId,
              userId: null,
              guestEmail: input.email ?? null,
              shippingAddress: input.shippingAddress ?? null,
            },
            input,
          ),
        ),
      );
    }),
  creatorList: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/orders",
        tags,
        summary: "The creator's orders, newest first, optionally by status (X-Total-Count)",
      },
    })
    .input(creatorOrdersInput)
    .output(z.array(orderSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, async (tx, creator) => {
          const where = and(
            eq(orders.organizationId, creator.organizationId),
            eq(orders.creatorId, creator.id),
            input.status ? eq(orders.status, input.status) : undefined,
          );
          const rows = await tx
            .select()
            .from(orders)
            .where(where)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(input.limit)
            .offset(input.offset);
          const [counted] = await tx.select({ value: count() }).from(orders).where(where);
          return {
            items: await presentOrders({ tx, payments: ctx.deps.services.orderPayments }, rows),
            total: counted?.value ?? 0,
          };
        }),
      );
    }),
  creatorUpdate: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/creator/id/{creatorId}/order/{id}",
        tags,
        summary: "Move the order's shipping status; the order status follows",
        description:
          "Shipping machine: PENDING -> PROCESSING -> (LABEL_CREATED) -> SHIPPED -> IN_TRANSIT -> DELIVERED; SHIPPED also -> DELIVERED; RETURNED from SHIPPED, IN_TRANSIT or DELIVERED. The order follows: PAID -> PROCESSING -> SHIPPED -> DELIVERED. Only paid orders; illegal moves are 409 `invalid_state` (`context` names the current status and the allowed ones). The current status again is a no-op.",
      },
    })
    .input(updateCreatorOrderInput)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, async (tx, creator) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await updateShippingStatus({ tx, clock: ctx.deps.clock }, creator, {
            orderId: input.id,
            shippingStatus: input.shippingStatus,
          }),
        ),
      ),
    ),
});
