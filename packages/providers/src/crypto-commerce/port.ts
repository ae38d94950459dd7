/** The statuses the service acts on; each adapter maps its provider's own vocabulary onto them. */
export const cryptoChargeStatuses = ["NEW", "PENDING", "COMPLETED", "EXPIRED"] as const;
export type CryptoChargeStatus = (typeof cryptoChargeStatuses)[number];

/** A crypto-commerce charge as the service sees it. */
export interface CryptoCommerceCharge {
  id: string;
  /** The charge's price in integer cents. */
  amount: number;
  /** Lowercase ISO currency of `amount` (the service only accepts `usd`). */
  currency: string;
  /**
   * NEW (created, unpaid), PENDING (payment seen, confirming), COMPLETED (confirmed), EXPIRED
   * (past its deadline unpaid, failed or cancelled: it can no longer pay anything).
   */
  status: CryptoChargeStatus;
  expiresAt: Date;
  /**
   * The order the charge was created for (its `metadata.organizationId` and `metadata.orderId`), or
   * null when it names none: a charge pays that order only.
   */
  order: ChargeOrder | null;
}

export interface ChargeOrder {
  organizationId: string;
  orderId: string;
}

export type CryptoCommerceAdapterKind = "http" | "local";

/**
 * The crypto-commerce charge provider (ARCHITECTURE.md §6). The service never creates charges: the
 * integrator's client does, pays it, and hands the charge id to checkout, which reads it back here.
 */
export interface CryptoCommercePort {
  readonly adapter: CryptoCommerceAdapterKind;
  /** The charge, or undefined when the provider does not know it. */
  getCharge(chargeId: string): Promise<CryptoCommerceCharge | undefined>;
}

/** Charge ids are opaque to us, but we only send ids that fit a URL segment. */
export const CHARGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
