import type { StorefrontProduct } from "./platform.ts";

export type StorefrontAdapterKind = "admin-api" | "local";

/** What the port needs of a store connection (never the webhook secret). */
export interface StorefrontConnectionRef {
  /** Lowercase hostname, e.g. `my-shop.myshopify.com`. */
  shopDomain: string;
  /** The admin API access token of the connection. */
  accessToken: string;
}

export interface StorefrontProductPage {
  products: StorefrontProduct[];
  /** Opaque; pass it back to get the next page. Absent on the last page. */
  nextCursor?: string;
}

/**
 * The storefront platform's admin API, as far as Tally uses it: reading a shop's catalogue page by
 * page (the `storefront-products-sync` job). Every failure of the platform is an
 * `AppError("service_unavailable")`, so the job retries it and finally dead-letters it.
 */
export interface StorefrontPort {
  /** Which adapter backs the port, for boot listing. */
  readonly adapter: StorefrontAdapterKind;
  listProducts(connection: StorefrontConnectionRef, cursor?: string): Promise<StorefrontProductPage>;
}
