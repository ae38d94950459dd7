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

/** A paid Tally order as pushed to the connected store (`storefront-order-push`). Money in cents. */
export interface StorefrontOrderPush {
  /** Tally's order id: the store order carries it, and a second push of the same id is not a new order. */
  id: string;
  /** The buyer's e-mail (user or guest), when known. */
  email: string | null;
  currency: string;
  /** The amount charged, in cents. */
  totalCents: number;
  shippingCents: number;
  discountCents: number;
  lineItems: {
    title: string;
    quantity: number;
    priceCents: number;
    sku: string | null;
    /** The store's own product id when the product came from this store. */
    externalProductId: string | null;
  }[];
  shippingAddress: Record<string, unknown> | null;
  paidAt: Date | null;
}

export interface StorefrontOrderPushResult {
  /** The store's id of the order. */
  externalId: string;
  /** True when the store already had this order (nothing new was created). */
  duplicate: boolean;
}

/**
 * The storefront platform's admin API, as far as Tally uses it: reading a shop's catalogue page by
 * page (the `storefront-products-sync` job) and pushing paid orders (`storefront-order-push`). Every failure of the platform is an
 * `AppError("service_unavailable")`, so the job retries it and finally dead-letters it.
 */
export interface StorefrontPort {
  /** Which adapter backs the port, for boot listing. */
  readonly adapter: StorefrontAdapterKind;
  listProducts(connection: StorefrontConnectionRef, cursor?: string): Promise<StorefrontProductPage>;
  /** Creates the order in the store (already paid, no receipt sent by the store). */
  pushOrder(
    connection: StorefrontConnectionRef,
    order: StorefrontOrderPush,
  ): Promise<StorefrontOrderPushResult>;
  /**
   * The domain verification value the shop holds (its shop metafield `tally.domain_verification`, which the
   * merchant sets in the shop's admin), read through the admin API with the connection's token: only someone
   * who controls the shop can place it there. Null when the shop holds none, or the platform refuses the token
   * or knows no such shop (401, 403, 404); the platform failing otherwise is `service_unavailable`.
   */
  readDomainVerification(connection: StorefrontConnectionRef): Promise<string | null>;
}
