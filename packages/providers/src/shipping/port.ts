/** An address as the shipping provider needs it. */
export interface ShippingAddressInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  line1: string;
  line2?: string | null | undefined;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
}

/** What is being shipped: the number of units (the local adapter prices by it). */
export interface ShippingParcel {
  units: number;
}

export interface ShippingRate {
  /** Pass back as `rateId` to choose this rate. */
  id: string;
  carrier: string;
  service: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  estimatedDays: number | null;
}

export interface ShippingQuoteRequest {
  to: ShippingAddressInput;
  parcel: ShippingParcel;
}

export interface ShippingLabelRequest extends ShippingQuoteRequest {
  /** The rate chosen at quote time; the cheapest rate when absent or no longer offered. */
  rateId?: string | undefined;
}

export interface ShippingLabel {
  labelId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  trackingUrl: string | null;
  labelUrl: string;
  /** Integer cents the label cost. */
  amount: number;
}

export type ShippingAdapterKind = "http" | "local";

/**
 * The shipping provider (ARCHITECTURE.md §6): rates for an address and parcel, and labels with
 * tracking numbers. `createLabel` takes an idempotency key (the order id): the same key gives the
 * same label.
 */
export interface ShippingPort {
  readonly adapter: ShippingAdapterKind;
  quote(request: ShippingQuoteRequest): Promise<ShippingRate[]>;
  createLabel(request: ShippingLabelRequest, idempotencyKey: string): Promise<ShippingLabel>;
}

/** The rate a choice names, else the cheapest one. */
export const pickRate = (rates: ShippingRate[], rateId?: string | undefined): ShippingRate | undefined =>
  (rateId ? rates.find((rate) => rate.id === rateId) : undefined) ??
  [...rates].sort((a, b) => a.amount - b.amount)[0];
