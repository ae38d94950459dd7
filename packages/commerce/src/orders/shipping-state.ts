import { defineStateMachine, type MoveOf } from "@tally/core";
import { orders, shippingStatuses, stateMachineTable, type WriteContext } from "@tally/db";
import { and, eq, inArray } from "drizzle-orm";
import { editOrder, followShipping, ORDER_MACHINE, type OrderRow } from "./state.ts";

type ShippingStatus = (typeof shippingStatuses)[number];

/**
 * ARCHITECTURE §9 shipping machine of a paid order: the creator moves it a step at a time (a label bought
 * through the shipping provider moves it too), and the order's status follows it (`followShipping`). Only
 * this file writes an order's shipping status.
 */
export const SHIPPING_MACHINE = defineStateMachine({
  name: "order shipping",
  table: "orders",
  column: "shipping_status",
  states: shippingStatuses,
  initial: ["PENDING"],
  moves: {
    process: { from: ["PENDING"], to: "PROCESSING" },
    /** The creator made the label elsewhere. */
    label: { from: ["PROCESSING"], to: "LABEL_CREATED" },
    /** A label bought through the shipping provider, whether or not the order was PROCESSING yet. */
    buyLabel: { from: ["PENDING", "PROCESSING"], to: "LABEL_CREATED" },
    ship: { from: ["PROCESSING", "LABEL_CREATED"], to: "SHIPPED" },
    transit: { from: ["SHIPPED"], to: "IN_TRANSIT" },
    deliver: { from: ["SHIPPED", "IN_TRANSIT"], to: "DELIVERED" },
    return: { from: ["SHIPPED", "IN_TRANSIT", "DELIVERED"], to: "RETURNED" },
  },
});

const SHIPPING_ROWS = stateMachineTable(SHIPPING_MACHINE, orders);

export type ShippingMove = MoveOf<typeof SHIPPING_MACHINE>;

/** The moves a creator makes by naming the next shipping status (a bought label moves on its own). */
const CREATOR_STEPS = [
  "process",
  "label",
  "ship",
  "transit",
  "deliver",
  "return",
] as const satisfies readonly ShippingMove[];

/** The shipping statuses a creator may move an order to from `current`. */
export const shippingStepsFrom = (current: ShippingStatus): ShippingStatus[] =>
  CREATOR_STEPS.filter((move) => SHIPPING_MACHINE.canMove(move, current)).flatMap((move) =>
    SHIPPING_MACHINE.targets(move),
  );

/** The creator's move from `current` to `next`; undefined when no step leads there. */
export const shippingStepTo = (current: ShippingStatus, next: ShippingStatus): ShippingMove | undefined =>
  CREATOR_STEPS.find(
    (move) => SHIPPING_MACHINE.canMove(move, current) && SHIPPING_MACHINE.targets(move).includes(next),
  );

/**
 * Fulfilment of a paid order: a shipping move (the order's status follows it) and/or its shipping details.
 * Applies only while the shipping status is still the one `order` was read with, so two moves of one order
 * cannot both apply: undefined when it changed meanwhile (or the order is no longer paid).
 */
export const setOrderShipping = async (
  context: WriteContext,
  order: OrderRow,
  change: { move?: ShippingMove; shippingInfo?: Record<string, unknown> },
): Promise<OrderRow | undefined> => {
  const ref = { organizationId: order.organizationId, orderId: order.id };
  const set = change.shippingInfo === undefined ? {} : { shippingInfo: change.shippingInfo };
  const paid = ORDER_MACHINE.from("fulfil");
  const where = eq(orders.shippingStatus, order.shippingStatus);
  if (change.move === undefined) return editOrder(context, ref, { while: paid, set, where });
  const moved = await SHIPPING_ROWS.tryTransition(
    context,
    { organizationId: order.organizationId, id: order.id },
    { move: change.move, set, where: and(where, inArray(orders.status, paid)) },
  );
  if (!moved) return undefined;
  return (await followShipping(context, ref, moved.shippingStatus)) ?? moved;
};
