import { AppError } from "@tally/core";
import { parseStorefrontProduct, type StorefrontPlatformProduct } from "./platform.ts";
import type {
  StorefrontConnectionRef,
  StorefrontOrderPush,
  StorefrontOrderPushResult,
  StorefrontPort,
  StorefrontProductPage,
} from "./port.ts";

export interface LocalStorefrontOptions {
  /** Products per page, like the real adapter's `limit`. Default 250. */
  pageSize?: number | undefined;
}

interface FixtureShop {
  /** Platform-shaped products, in catalogue order. */
  products: StorefrontPlatformProduct[];
  /** When set, a listing with another token is refused as the platform would (401). */
  accessToken: string | undefined;
  /** Orders pushed to the shop, by Tally order id (a second push of the same id creates nothing). */
  orders: Map<string, { externalId: string; order: StorefrontOrderPush }>;
  /** The shop's `tally.domain_verification` metafield, as its merchant set it. */
  domainVerification: string | undefined;
}

const encodeCursor = (shopDomain: string, offset: number): string =>
  Buffer.from(JSON.stringify({ s: shopDomain, o: offset })).toString("base64url");

const decodeCursor = (cursor: string, shopDomain: string): number => {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as {
      s?: unknown;
      o?: unknown;
    };
    if (parsed.s === shopDomain && Number.isSafeInteger(parsed.o) && (parsed.o as number) >= 0) {
      return parsed.o as number;
    }
  } catch {
    // fall through
  }
  throw new AppError("service_unavailable", "The storefront platform answered 400", {
    context: { shopDomain, status: 400 },
  });
};

/**
 * Local adapter: an in-memory fixture store per shop domain (the process's own; an api process and a
 * separate worker process do not share it). Products are kept in the platform's own shape and mapped
 * by the same `parseStorefrontProduct` as webhooks and the real adapter; listing pages like the admin
 * API (opaque cursor, `pageSize` per page) and fails where it fails (unknown shop 404, wrong token 401).
 */
export class LocalStorefrontAdapter implements StorefrontPort {
  readonly adapter = "local" as const;
  /** Products per page; tests may lower it to exercise paging. */
  pageSize: number;
  readonly #shops = new Map<string, FixtureShop>();

  constructor(options: LocalStorefrontOptions = {}) {
    this.pageSize = options.pageSize ?? 250;
  }

  /**
   * Replaces a shop's catalogue. Every product is validated now (a ZodError names the bad field), so a
   * fixture the platform could never send fails here and not in the sync job.
   */
  seed(
    shopDomain: string,
    products: StorefrontPlatformProduct[],
    options: { accessToken?: string | undefined } = {},
  ): void {
    for (const product of products) parseStorefrontProduct(product);
    const existing = this.#shops.get(shopDomain.toLowerCase());
    this.#shops.set(shopDomain.toLowerCase(), {
      products: structuredClone(products),
      accessToken: options.accessToken,
      orders: existing?.orders ?? new Map(),
      domainVerification: existing?.domainVerification,
    });
  }

  /**
   * Sets the shop's `tally.domain_verification` metafield, as its merchant does in the shop's admin to prove
   * control of the domain (an unseeded shop is created empty, accepting any token).
   */
  placeDomainVerification(shopDomain: string, value: string): void {
    const key = shopDomain.toLowerCase();
    const shop = this.#shops.get(key);
    if (shop) shop.domainVerification = value;
    else
      this.#shops.set(key, {
        products: [],
        accessToken: undefined,
        orders: new Map(),
        domainVerification: value,
      });
  }

  /** The shop's metafield; null for an unknown shop or another token, as the platform's 404 and 401 are. */
  async readDomainVerification(connection: StorefrontConnectionRef): Promise<string | null> {
    const shop = this.#shops.get(connection.shopDomain.toLowerCase());
    if (!shop || (shop.accessToken !== undefined && shop.accessToken !== connection.accessToken)) return null;
    return shop.domainVerification ?? null;
  }

  /** Adds a product to a seeded shop, or replaces the one with the same id. */
  upsertProduct(shopDomain: string, product: StorefrontPlatformProduct): void {
    const mapped = parseStorefrontProduct(product);
    const shop = this.#shop(shopDomain);
    const index = shop.products.findIndex((existing) => String(existing.id) === mapped.externalId);
    if (index === -1) shop.products.push(structuredClone(product));
    else shop.products[index] = structuredClone(product);
  }

  removeProduct(shopDomain: string, productId: string | number): void {
    const shop = this.#shop(shopDomain);
    shop.products = shop.products.filter((product) => String(product.id) !== String(productId));
  }

  /** Forgets one shop, or every shop. */
  clear(shopDomain?: string): void {
    if (shopDomain === undefined) this.#shops.clear();
    else this.#shops.delete(shopDomain.toLowerCase());
  }

  async listProducts(connection: StorefrontConnectionRef, cursor?: string): Promise<StorefrontProductPage> {
    const shopDomain = connection.shopDomain.toLowerCase();
    const shop = this.#authorized(connection);
    const offset = cursor ? decodeCursor(cursor, shopDomain) : 0;
    const pageSize = Math.min(250, Math.max(1, this.pageSize));
    const products = shop.products
      .slice(offset, offset + pageSize)
      .map((product) => parseStorefrontProduct(product));
    const next = offset + pageSize;
    return next < shop.products.length
      ? { products, nextCursor: encodeCursor(shopDomain, next) }
      : { products };
  }

  /** Records the order in the seeded shop, once per Tally order id (unknown shop 404, wrong token 401). */
  async pushOrder(
    connection: StorefrontConnectionRef,
    order: StorefrontOrderPush,
  ): Promise<StorefrontOrderPushResult> {
    const shop = this.#authorized(connection);
    const existing = shop.orders.get(order.id);
    if (existing) return { externalId: existing.externalId, duplicate: true };
    const externalId = String(1_000_000 + shop.orders.size + 1);
    shop.orders.set(order.id, { externalId, order: structuredClone(order) });
    return { externalId, duplicate: false };
  }

  /** The orders pushed to a shop, in push order. */
  pushedOrders(shopDomain: string): { externalId: string; order: StorefrontOrderPush }[] {
    return [...(this.#shops.get(shopDomain.toLowerCase())?.orders.values() ?? [])];
  }

  #authorized(connection: StorefrontConnectionRef): FixtureShop {
    const shopDomain = connection.shopDomain.toLowerCase();
    const shop = this.#shops.get(shopDomain);
    if (!shop) {
      throw new AppError("service_unavailable", "The storefront platform answered 404", {
        context: { shopDomain, status: 404 },
      });
    }
    if (shop.accessToken !== undefined && shop.accessToken !== connection.accessToken) {
      throw new AppError("service_unavailable", "The storefront platform answered 401", {
        context: { shopDomain, status: 401 },
      });
    }
    return shop;
  }

  #shop(shopDomain: string): FixtureShop {
    const shop = this.#shops.get(shopDomain.toLowerCase());
    if (!shop) throw new Error(`local storefront: shop ${shopDomain} is not seeded`);
    return shop;
  }
}
