import { AppError } from "@tally/core";
import { z } from "zod";
import { type JsonAnswer, requestJson } from "../http-json.ts";
import type { ProviderLogger } from "../logger.ts";
import {
  pickRate,
  type ShippingAddressInput,
  type ShippingLabel,
  type ShippingLabelRequest,
  type ShippingPort,
  type ShippingQuoteRequest,
  type ShippingRate,
} from "./port.ts";

export const DEFAULT_SHIPPING_API_URL = "https://api.goshippo.com";

export interface HttpShippingOptions {
  /** `SHIPPING_API_URL`; default the provider's. */
  baseUrl?: string | undefined;
  /** `SHIPPING_API_KEY`, sent as `Authorization: ShippoToken <key>`. */
  apiKey: string;
  /** Where parcels ship from (`SHIPPING_FROM_ADDRESS`, JSON). */
  from: ShippingAddressInput & { name?: string | undefined; email?: string | undefined };
  /** Parcel size per unit; defaults suit a small boxed item. */
  unitWeightGrams?: number | undefined;
  logger?: ProviderLogger | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

const rateSchema = z.object({
  object_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  provider: z.string(),
  servicelevel: z.object({ name: z.string().nullish(), token: z.string().nullish() }).partial(),
  estimated_days: z.number().nullish(),
});
const shipmentSchema = z.object({ object_id: z.string(), rates: z.array(rateSchema) });
const transactionSchema = z.object({
  object_id: z.string(),
  status: z.string(),
  tracking_number: z.string().nullish(),
  tracking_url_provider: z.string().nullish(),
  label_url: z.string().nullish(),
  messages: z.array(z.object({ text: z.string().optional() }).passthrough()).optional(),
});

/** "12.34" -> 1234 cents, exactly. */
const toCents = (amount: string): number => {
  const match = /^(\d+)(?:\.(\d{1,2}))?/.exec(amount.trim());
  if (!match) throw new AppError("bad_gateway", `Shipping provider sent an invalid amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
};

const address = (
  input: ShippingAddressInput & { name?: string | undefined; email?: string | undefined },
) => ({
  name: input.name ?? ([input.firstName, input.lastName].filter(Boolean).join(" ") || "Customer"),
  street1: input.line1,
  street2: input.line2 ?? "",
  city: input.city,
  state: input.state,
  zip: input.postalCode,
  country: input.countryCode,
  ...(input.email ? { email: input.email } : {}),
});

/**
 * Real adapter for a Shippo-style shipping API: `POST /shipments/` (synchronous) returns rates,
 * `POST /transactions/` buys the label for a rate. Labels are keyed by the caller's idempotency key
 * through the transaction's `metadata`, and the caller stores the label once per order.
 * 400/422 answers are `validation_failed`; everything else that fails is `bad_gateway`.
 */
export class HttpShippingAdapter implements ShippingPort {
  readonly adapter = "http" as const;
  readonly #options: HttpShippingOptions;
  readonly #baseUrl: string;

  constructor(options: HttpShippingOptions) {
    const baseUrl = options.baseUrl ?? DEFAULT_SHIPPING_API_URL;
    if (!/^https?:\/\//.test(baseUrl)) throw new Error("HttpShippingAdapter: baseUrl must be an http(s) URL");
    if (!options.apiKey) throw new Error("HttpShippingAdapter: apiKey is required");
    this.#options = options;
    this.#baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async quote(request: ShippingQuoteRequest): Promise<ShippingRate[]> {
    const shipment = await this.#shipment(request);
    return shipment.rates.map((rate) => ({
      id: rate.object_id,
      carrier: rate.provider,
      service: rate.servicelevel.name ?? rate.servicelevel.token ?? "standard",
      amount: toCents(rate.amount),
      currency: rate.currency.toLowerCase(),
      estimatedDays: rate.estimated_days ?? null,
    }));
  }

  async createLabel(request: ShippingLabelRequest, idempotencyKey: string): Promise<ShippingLabel> {
    // Rates belong to one shipment and expire: quote again and buy the chosen service (or the cheapest).
    const rates = await this.quote(request);
    const rate = pickRate(rates, request.rateId);
    if (!rate) throw new AppError("bad_gateway", "The shipping provider offered no rate for this parcel");
    const body = await this.#call("/transactions/", {
      rate: rate.id,
      label_file_type: "PDF",
      async: false,
      metadata: idempotencyKey,
    });
    const parsed = transactionSchema.safeParse(body);
    if (
      !parsed.success ||
      parsed.data.status !== "SUCCESS" ||
      !parsed.data.tracking_number ||
      !parsed.data.label_url
    ) {
      const message = parsed.success ? parsed.data.messages?.[0]?.text : undefined;
      throw new AppError(
        "bad_gateway",
        `The shipping provider could not create the label${message ? `: ${message}` : ""}`,
      );
    }
    return {
      labelId: parsed.data.object_id,
      carrier: rate.carrier,
      service: rate.service,
      trackingNumber: parsed.data.tracking_number,
      trackingUrl: parsed.data.tracking_url_provider ?? null,
      labelUrl: parsed.data.label_url,
      amount: rate.amount,
    };
  }

  async #shipment({ to, parcel }: ShippingQuoteRequest) {
    const unitWeight = this.#options.unitWeightGrams ?? 500;
    const body = await this.#call("/shipments/", {
      address_from: address(this.#options.from),
      address_to: address(to),
      parcels: [
        {
          length: "20",
          width: "15",
          height: String(Math.min(100, 5 * parcel.units)),
          distance_unit: "cm",
          weight: String(unitWeight * parcel.units),
          mass_unit: "g",
        },
      ],
      async: false,
    });
    const parsed = shipmentSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_gateway", "The shipping provider answered without rates");
    return parsed.data;
  }

  async #call(path: string, payload: object): Promise<unknown> {
    let response: JsonAnswer;
    try {
      response = await requestJson({
        url: `${this.#baseUrl}${path}`,
        method: "POST",
        headers: { authorization: `ShippoToken ${this.#options.apiKey}` },
        payload,
        timeoutMs: this.#options.timeoutMs ?? 15_000,
        fetch: this.#options.fetch,
      });
    } catch (error) {
      this.#options.logger?.warn({ err: error, path }, "shipping provider unreachable");
      throw new AppError("bad_gateway", "Shipping provider unreachable", { cause: error });
    }
    if (response.ok) return response.body;
    this.#options.logger?.warn({ status: response.status, path }, "shipping provider refused a call");
    if (response.status === 400 || response.status === 422)
      throw new AppError("validation_failed", `The shipping provider rejected the address or parcel`);
    throw new AppError("bad_gateway", `Shipping provider answered ${response.status}`);
  }
}
