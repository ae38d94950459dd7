import { findCreator, withUser } from "@tally/commerce";
import { authedProcedure, router, sendTotalCount } from "@tally/trpc";
import { getBalances, listHistory, recordApiTransaction } from "./ledger.ts";
import { applyPointsToOrder, finalizeUserOrderPoints, revertUserOrderPoints } from "./order-points.ts";
import {
  balancesSchema,
  getBalancesInput,
  historyInput,
  historySchema,
  orderPointsParams,
  orderPointsSchema,
  pointTransactionSchema,
  recordTransactionInput,
  setOrderPointsInput,
} from "./schemas.ts";

const tags = ["Points"];

const holderOf = (user: { organizationId: string; id: string }) => ({
  organizationId: user.organizationId,
  userId: user.id,
});

export const pointsRouter = router({
  balances: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/points",
        tags,
        summary: "The user's points: total balance and per-creator balances",
      },
    })
    .input(getBalancesInput)
    .output(balancesSchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => {
        if (input.creatorId !== undefined)
          await findCreator(tx, { organizationId: user.organizationId, id: input.creatorId });
        return getBalances(tx, holderOf(user), input.creatorId);
      }),
    ),
  record: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/user/{id}/points",
        tags,
        summary:
          "Grant (positive amount) or spend (negative) points; a spend never takes a balance below zero (409 insufficient_points)",
      },
      successStatus: 201,
    })
    .input(recordTransactionInput)
    .output(pointTransactionSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => {
        if (input.creatorId !== undefined)
          await findCreator(tx, { organizationId: user.organizationId, id: input.creatorId });
        return recordApiTransaction(
          { tx, now: ctx.deps.clock.now(), events: ctx.deps.events },
          { ...holderOf(user), amount: input.amount, creatorId: input.creatorId, details: input.details },
        );
      }),
    ),
  history: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/points/history",
        tags,
        summary: "The user's point transactions, newest first (page is 1-indexed)",
        description:
          "`{data, pagination: {page, limit, total}}`; the total is also in X-Total-Count, as on every list.",
      },
    })
    .input(historyInput)
    .output(historySchema)
    .query(async ({ ctx, input }) => {
      const history = await withUser(ctx, input.id, (tx, user) =>
        listHistory(tx, holderOf(user), { page: input.page, limit: input.limit, creatorId: input.creatorId }),
      );
      sendTotalCount(ctx, history.pagination.total);
      return history;
    }),
  setOrderPoints: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/points",
        tags,
        summary:
          "Apply points to an OPEN or PAYMENT_FAILED order (0 clears); checked against the points the creator accepts, held at checkout",
        description:
          "At most the points the order's amount due needs (items - discount + shipping, in points rounded up): more is 422 `points_exceed_amount_due` with `context.maxPoints`, and nothing changes. Too few spendable points: 409 `insufficient_points`.",
      },
    })
    .input(setOrderPointsInput)
    .output(orderPointsSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) =>
        applyPointsToOrder({ tx, now: ctx.deps.clock.now() }, holderOf(user), {
          orderId: input.orderId,
          points: input.points,
        }),
      ),
    ),
  finalizeOrderPoints: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "PUT",
        path: "/user/{id}/order/{orderId}/points/finalize",
        tags,
        summary: "Make the order's held points permanent after a successful payment (idempotent)",
      },
    })
    .input(orderPointsParams)
    .output(orderPointsSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) =>
        finalizeUserOrderPoints({ tx, now: ctx.deps.clock.now() }, holderOf(user), input.orderId),
      ),
    ),
  revertOrderPoints: authedProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/points/revert",
        tags,
        summary: "Return the order's held points to the balance and clear its points (idempotent)",
        description:
          "On an OPEN or PAYMENT_FAILED order. 409 `payment_in_progress` while a payment is pending or settling (that payment was priced with these points; they come back if it fails), 409 `invalid_state` once the order is paid.",
      },
    })
    .input(orderPointsParams)
    .output(orderPointsSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) =>
        revertUserOrderPoints(
          { tx, payments: ctx.deps.services.orderPayments, now: ctx.deps.clock.now() },
          holderOf(user),
          input.orderId,
        ),
      ),
    ),
});
