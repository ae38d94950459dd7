import { AppError } from "@tally/core";
import { ZodError, z } from "zod";
import type { ProviderLogger } from "../logger.ts";
import {
  createGuardedFetch,
  type GuardedFetchOptions,
  OutboundRequestRefused,
} from "../outbound/guarded-fetch.ts";
import { parseStorefrontProduct, type StorefrontProduct } from "./platform.ts";
import type {
  StorefrontConnectionRef,
  StorefrontOrderPush,
  StorefrontOrderPushResult,
  StorefrontPort,
  StorefrontProductPage,
} from "./port.ts";

export interface AdminApiStorefrontOptions {
  /** Admin API version in the path. Default `2024-10`. */
  apiVersion?: string | undefined;
  /** Header carrying the connection's access token. Default `X-Shopify-Access-Token`. */
  accessTokenHeader?: string | undefined;
  /** Products per page (the platform allows 1-250). Default 250. */
  pageSize?: number | undefined;
  /** Per-request timeout (connection, answer and body). Default 15 000 ms. */
  timeoutMs?: number | undefined;
  /** Largest answer read (a page of 250 products with long descriptions). Default 16 MiB. */
  maxResponseBytes?: number | undefined;
  /** Origin of a shop's admin API. Default `https://{shopDomain}`; tests point it at a local server. */
  baseUrl?: ((shopDomain: string) => string) | undefined;
  /**
   * The guarded outbound client's settings besides the two above: `allowAddresses` (a composition root
   * for tests or a local emulator; never on a deployment), `resolve` (tests), `connectTimeoutMs`.
   */
  outbound?: Pick<GuardedFetchOptions, "allowAddresses" | "resolve" | "connectTimeoutMs"> | undefined;
  /**
   * Replaces the guarded outbound client altogether: only for unit tests of the adapter's own logic.
   * A shop domain is chosen by a tenant, so every real adapter goes through the guard.
   */
  fetch?: typeof fetch | undefined;
  logger?: ProviderLogger | undefined;
}

const pageBody = z.object({ products: z.array(z.unknown()) });
const metafieldsBody = z.object({ metafields: z.array(z.object({ value: z.unknown() })) });
/** Answers meaning "this token does not open this shop": no proof, not a platform failure. */
const REFUSALS: ReadonlySet<number> = new Set([401, 403, 404]);
const createdOrderBody = z.object({ order: z.object({ id: z.union([z.number(), z.string()]) }) });

const decimal = (cents: number): string => (cents / 100).toFixed(2);

/** The `page_info` of the `rel="next"` link of a `Link` header, if any. */
export const nextPageInfo = (link: string | null): string | undefined => {
  if (!link) return undefined;
  for (const part of link.split(",")) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (!match || !/\brel="?next"?/i.test(match[2] ?? "")) continue;
    try {
      return new URL(match[1] as string).searchParams.get("page_info") ?? undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
};

const unavailable = (message: string, context: Record<string, unknown>, cause?: unknown) =>
  new AppError("service_unavailable", message, { context, ...(cause === undefined ? {} : { cause }) });

/** Why the guarded client did not fetch, in the port's one failure kind (the job retries, then dead-letters). */
const unreachable = (
  shopDomain: string,
  limits: { timeoutMs: number; maxResponseBytes: number },
  error: unknown,
): AppError => {
  const reason =
    error instanceof OutboundRequestRefused
      ? error.reason
      : error instanceof Error && error.name === "TimeoutError"
        ? "timeout"
        : undefined;
  const message = {
    address: `The shop domain ${shopDomain} is not fetched: it is or resolves to an address outbound requests may not reach (this host, a private network, link-local, metadata or reserved)`,
    scheme: `The shop domain ${shopDomain} is not fetched: only http(s) URLs are`,
    redirects: `The shop domain ${shopDomain} answered with a redirect; a shop's admin API must answer itself`,
    too_large: `The shop ${shopDomain} sent an answer larger than ${limits.maxResponseBytes} bytes`,
    connect_timeout: `The shop ${shopDomain} could not be connected to in time`,
    timeout: `The shop ${shopDomain} did not answer within ${limits.timeoutMs} ms`,
    bad_response: `The shop ${shopDomain} sent an answer Tally cannot read`,
    unreachable: "The storefront platform could not be reached",
  }[reason ?? "unreachable"];
  return unavailable(message, { shopDomain, ...(reason ? { reason } : {}) }, error);
};

/**
 * Real adapter: the platform's admin REST API, `GET /admin/api/{version}/products.json`, paged by the
 * cursor of the `Link` header (`page_info`). Every request goes through the guarded outbound client
 * (a shop domain is chosen by a tenant: it must not reach this host or a private network); redirects
 * are refused (a shop domain must answer itself).
 */
export class AdminApiStorefrontAdapter implements StorefrontPort {
  readonly adapter = "admin-api" as const;
  readonly #apiVersion: string;
  readonly #accessTokenHeader: string;
  readonly #pageSize: number;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #baseUrl: (shopDomain: string) => string;
  readonly #fetch: typeof fetch;
  readonly #logger: ProviderLogger | undefined;

  constructor(options: AdminApiStorefrontOptions = {}) {
    this.#apiVersion = options.apiVersion ?? "2024-10";
    this.#accessTokenHeader = options.accessTokenHeader ?? "X-Shopify-Access-Token";
    this.#pageSize = Math.min(250, Math.max(1, options.pageSize ?? 250));
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
    this.#baseUrl = options.baseUrl ?? ((shopDomain) => `https://${shopDomain}`);
    this.#fetch =
      options.fetch ??
      createGuardedFetch({
        ...options.outbound,
        timeoutMs: this.#timeoutMs,
        maxResponseBytes: this.#maxResponseBytes,
        maxRedirects: 0,
      });
    this.#logger = options.logger;
  }

  /** A GET of the shop's admin API with the connection's token; a shop that cannot be reached is 503. */
  async #adminGet(connection: StorefrontConnectionRef, url: URL): Promise<Response> {
    try {
      return await this.#fetch(url, {
        method: "GET",
        headers: { [this.#accessTokenHeader]: connection.accessToken, accept: "application/json" },
        redirect: "error",
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw unreachable(
        connection.shopDomain,
        { timeoutMs: this.#timeoutMs, maxResponseBytes: this.#maxResponseBytes },
        error,
      );
    }
  }

  async listProducts(connection: StorefrontConnectionRef, cursor?: string): Promise<StorefrontProductPage> {
    const { shopDomain } = connection;
    const url = new URL(`/admin/api/${this.#apiVersion}/products.json`, this.#baseUrl(shopDomain));
    url.searchParams.set("limit", String(this.#pageSize));
    // With page_info the platform accepts only `limit` (and `fields`) besides it.
    if (cursor) url.searchParams.set("page_info", cursor);
    const response = await this.#adminGet(connection, url);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      this.#logger?.warn({ shopDomain, status: response.status }, "storefront admin API refused the request");
      throw unavailable(`The storefront platform answered ${response.status}`, {
        shopDomain,
        status: response.status,
      });
    }
    let products: StorefrontProduct[];
    try {
      const body = pageBody.parse(await response.json());
      products = body.products.map((product) => parseStorefrontProduct(product));
    } catch (error) {
      const issues =
        error instanceof ZodError
          ? error.issues.slice(0, 5).map((issue) => ({ field: issue.path.join("."), message: issue.message }))
          : undefined;
      throw unavailable(
        "The storefront platform sent a product list Tally cannot read",
        { shopDomain, ...(issues ? { issues } : {}) },
        error,
      );
    }
    const nextCursor = nextPageInfo(response.headers.get("link"));
    return nextCursor ? { products, nextCursor } : { products };
  }

  /**
   * `POST /admin/api/{version}/orders.json`: the order, already paid, with Tally's order id in a note
   * attribute and `source_identifier`; no receipt from the store and no inventory change (Tally's stock
   * is the reference). The REST API has no idempotency key: the `storefront-order-push` handler pushes
   * an order once (a claim committed only after a successful push).
   */
  async pushOrder(
    connection: StorefrontConnectionRef,
    order: StorefrontOrderPush,
  ): Promise<StorefrontOrderPushResult> {
    const { shopDomain } = connection;
    const url = new URL(`/admin/api/${this.#apiVersion}/orders.json`, this.#baseUrl(shopDomain));
    const body = {
      order: {
        email: order.email ?? undefined,
        currency: order.currency.toUpperCase(),
        financial_status: "paid",
        send_receipt: false,
        send_fulfillment_receipt: false,
        inventory_behaviour: "bypass",
        source_identifier: order.id,
        note_attributes: [{ name: "tally_order_id", value: order.id }],
        tags: "tally",
        line_items: order.lineItems.map((item) => ({
          title: item.title,
          quantity: item.quantity,
          price: decimal(item.priceCents),
          ...(item.sku ? { sku: item.sku } : {}),
          ...(item.externalProductId ? { product_id: item.externalProductId } : {}),
        })),
        ...(order.shippingCents > 0
          ? { shipping_lines: [{ title: "Shipping", price: decimal(order.shippingCents), code: "tally" }] }
          : {}),
        ...(order.discountCents > 0 ? { total_discounts: decimal(order.discountCents) } : {}),
        ...(order.shippingAddress ? { shipping_address: order.shippingAddress } : {}),
        ...(order.paidAt ? { processed_at: order.paidAt.toISOString() } : {}),
      },
    };
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: "POST",
        headers: {
          [this.#accessTokenHeader]: connection.accessToken,
          accept: "application/json",
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw unreachable(
        shopDomain,
        { timeoutMs: this.#timeoutMs, maxResponseBytes: this.#maxResponseBytes },
        error,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      this.#logger?.warn({ shopDomain, status: response.status }, "storefront admin API refused the order");
      throw unavailable(`The storefront platform answered ${response.status}`, {
        shopDomain,
        status: response.status,
      });
    }
    try {
      const created = createdOrderBody.parse(await response.json());
      return { externalId: String(created.order.id), duplicate: false };
    } catch (error) {
      throw unavailable("The storefront platform sent an order Tally cannot read", { shopDomain }, error);
    }
  }

  /** `GET /admin/api/{version}/metafields.json?namespace=tally&key=domain_verification`: the shop's metafield. */
  async readDomainVerification(connection: StorefrontConnectionRef): Promise<string | null> {
    const { shopDomain } = connection;
    const url = new URL(`/admin/api/${this.#apiVersion}/metafields.json`, this.#baseUrl(shopDomain));
    url.searchParams.set("namespace", "tally");
    url.searchParams.set("key", "domain_verification");
    const response = await this.#adminGet(connection, url);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (REFUSALS.has(response.status)) return null;
      throw unavailable(`The storefront platform answered ${response.status}`, {
        shopDomain,
        status: response.status,
      });
    }
    try {
      const [metafield] = metafieldsBody.parse(await response.json()).metafields;
      return typeof metafield?.value === "string" ? metafield.value : null;
    } catch (error) {
      throw unavailable("The storefront platform sent metafields Tally cannot read", { shopDomain }, error);
    }
  }
}
