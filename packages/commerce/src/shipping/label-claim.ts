/**
 * How long a label purchase excludes another: the shipping API sells a second label to a second
 * request (it has no idempotency), so only one call buys at a time. Past this (above the adapter's
 * timeout) the purchase is taken as abandoned by a crashed process and may be claimed again.
 */
export const LABEL_PURCHASE_CLAIM_MS = 2 * 60_000;

/** The claim a label purchase leaves in `shippingInfo` until it is recorded or released. */
const LABEL_PURCHASE = "labelPurchase";

/** `shippingInfo` without the purchase claim: what integrators see. */
export const publicShippingInfo = (info: Record<string, unknown> | null): Record<string, unknown> | null => {
  if (!info || !(LABEL_PURCHASE in info)) return info;
  const { [LABEL_PURCHASE]: _, ...rest } = info;
  return rest;
};

export const purchaseClaimedAt = (info: Record<string, unknown> | null): number | undefined => {
  const claim = info?.[LABEL_PURCHASE] as { claimedAt?: unknown } | undefined;
  return typeof claim?.claimedAt === "string" ? Date.parse(claim.claimedAt) : undefined;
};

/** `shippingInfo` with a purchase claimed at `claimedAt`. */
export const withPurchaseClaim = (
  info: Record<string, unknown> | null,
  claimedAt: Date,
): Record<string, unknown> => ({
  ...(info ?? {}),
  [LABEL_PURCHASE]: { claimedAt: claimedAt.toISOString() },
});
