import { createHash } from "node:crypto";
import { AppError } from "@tally/core";
import type { ProviderLogger } from "../logger.ts";
import {
  pickRate,
  type ShippingLabel,
  type ShippingLabelRequest,
  type ShippingPort,
  type ShippingQuoteRequest,
  type ShippingRate,
} from "./port.ts";

export interface LocalShippingOptions {
  /** The country parcels ship from (domestic rates); default US. */
  originCountry?: string | undefined;
  logger?: ProviderLogger | undefined;
}

/** Rate cards in cents: a base price for the first unit plus a price per further unit. */
const SERVICES = [
  { id: "local_ground", service: "Ground", base: 500, perUnit: 100, days: 5 },
  { id: "local_express", service: "Express", base: 1500, perUnit: 250, days: 2 },
] as const;
const INTERNATIONAL_FACTOR = 3;

/**
 * Deterministic local rates and labels: the same address and parcel always get the same rates, and
 * the same idempotency key the same label (tracking number derived from it). Fails where a real
 * provider fails: an unknown country format or an empty parcel is `validation_failed`.
 */
export class LocalShippingAdapter implements ShippingPort {
  readonly adapter = "local" as const;
  readonly #origin: string;
  readonly #logger: ProviderLogger | undefined;
  readonly #labels = new Map<string, ShippingLabel>();

  constructor(options: LocalShippingOptions = {}) {
    this.#origin = (options.originCountry ?? "US").toUpperCase();
    this.#logger = options.logger;
  }

  async quote({ to, parcel }: ShippingQuoteRequest): Promise<ShippingRate[]> {
    if (!/^[A-Z]{2}$/.test(to.countryCode))
      throw new AppError("validation_failed", "countryCode must be ISO 3166-1 alpha-2", {
        details: [{ field: "address.countryCode", message: "ISO 3166-1 alpha-2" }],
      });
    if (!Number.isInteger(parcel.units) || parcel.units < 1)
      throw new AppError("validation_failed", "Nothing to ship: the order has no items");
    const factor = to.countryCode === this.#origin ? 1 : INTERNATIONAL_FACTOR;
    return SERVICES.map((service) => ({
      id: service.id,
      carrier: "LocalPost",
      service: service.service,
      amount: (service.base + service.perUnit * (parcel.units - 1)) * factor,
      currency: "usd",
      estimatedDays: factor === 1 ? service.days : service.days + 5,
    }));
  }

  async createLabel(request: ShippingLabelRequest, idempotencyKey: string): Promise<ShippingLabel> {
    const existing = this.#labels.get(idempotencyKey);
    if (existing) return existing;
    const rate = pickRate(await this.quote(request), request.rateId);
    if (!rate) throw new AppError("validation_failed", "No shipping rate available");
    const digest = createHash("sha256").update(idempotencyKey).digest();
    const trackingNumber = `LP${(digest.readBigUInt64BE(0) % 10n ** 16n).toString().padStart(16, "0")}`;
    const label: ShippingLabel = {
      labelId: `lbl_${digest.subarray(8, 20).toString("hex")}`,
      carrier: rate.carrier,
      service: rate.service,
      trackingNumber,
      trackingUrl: `https://track.localpost.invalid/${trackingNumber}`,
      labelUrl: `https://labels.localpost.invalid/${trackingNumber}.pdf`,
      amount: rate.amount,
    };
    this.#labels.set(idempotencyKey, label);
    this.#logger?.info({ trackingNumber, idempotencyKey }, "shipping label created (local)");
    return label;
  }
}
