import { AppError } from "@tally/core";
import { orders } from "@tally/db";
import type { OrderRow } from "./amounts.ts";
import type { OrderPaymentMethod } from "./state.ts";

/** The rails that move USDC: a USDC-priced order (a token presale's) is paid by one of them only. */
const USDC_PAYMENT_METHODS = [
  "X402",
  "EMBEDDED_WALLET",
  "CRYPTO_COMMERCE",
] as const satisfies readonly OrderPaymentMethod[];

/**
 * The one rule of which rails pay an order: a token presale's order is priced in USDC and takes the
 * USDC rails only (no card, no points); every other order takes any rail.
 */
export const acceptedPaymentMethods = (
  order: Pick<OrderRow, "presalePurchaseId">,
): readonly OrderPaymentMethod[] =>
  order.presalePurchaseId === null ? orders.paymentMethod.enumValues : USDC_PAYMENT_METHODS;

export const acceptsPaymentMethod = (
  order: Pick<OrderRow, "presalePurchaseId">,
  method: OrderPaymentMethod,
): boolean => acceptedPaymentMethods(order).includes(method);

/** 409 `payment_method_unavailable` naming the accepted methods, before a rail claims anything. */
export const assertAcceptsPaymentMethod = (
  order: Pick<OrderRow, "presalePurchaseId">,
  method: OrderPaymentMethod,
): void => {
  if (!acceptsPaymentMethod(order, method))
    throw new AppError("payment_method_unavailable", `This order cannot be paid with ${method}`, {
      context: { method, accepted: acceptedPaymentMethods(order) },
    });
};
