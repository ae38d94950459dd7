import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@tally/core";
import type { Executor } from "@tally/db";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createProviders } from "../index.ts";
import { AdminApiStorefrontAdapter, nextPageInfo } from "./admin-api.ts";
import { LocalStorefrontAdapter } from "./local.ts";
import {
  htmlToText,
  parseDecimalPriceCents,
  parseStorefrontProduct,
  type StorefrontPlatformProduct,
} from "./platform.ts";

const platformProduct = (
  id: number,
  overrides: Partial<StorefrontPlatformProduct> = {},
): StorefrontPlatformProduct => ({
  id,
  title: `Product ${id}`,
  handle: `product-${id}`,
  body_html: "<p>Soft &amp; warm</p>",
  status: "active",
  options: [{ name: "Size" }, { name: "Colour" }],
  variants: [
    {
      id: id * 10 + 1,
      title: "S / Red",
      price: "12.50",
      sku: `SKU-${id}-S`,
      inventory_quantity: 4,
      option1: "S",
      option2: "Red",
    },
    {
      id: id * 10 + 2,
      title: "M / Red",
      price: "13",
      sku: null,
      inventory_quantity: -2,
      option1: "M",
      option2: "Red",
    },
  ],
  images: [{ src: "https://cdn.example.com/a.png" }],
  updated_at: "2024-10-01T12:00:00-04:00",
  ...overrides,
});

describe("parseDecimalPriceCents", () => {
  it("parses decimal strings into exact cents", () => {
    expect(parseDecimalPriceCents("12.50")).toBe(1250);
    expect(parseDecimalPriceCents("12.5")).toBe(1250);
    expect(parseDecimalPriceCents("12")).toBe(1200);
    expect(parseDecimalPriceCents("0.01")).toBe(1);
    expect(parseDecimalPriceCents("0.29")).toBe(29); // 0.29 * 100 = 28.999999999999996 as a float
    expect(parseDecimalPriceCents("19.990")).toBe(1999);
    expect(parseDecimalPriceCents("21474836.47")).toBe(2_147_483_647);
  });

  it("refuses what is not an exact price in cents", () => {
    for (const value of ["12.505", "-1", "1e3", "12,50", "", "abc", "21474836.48", "99999999999999"]) {
      expect(() => parseDecimalPriceCents(value), value).toThrow(RangeError);
    }
  });
});

describe("parseStorefrontProduct", () => {
  it("maps the platform shape once: prices, options, stock, text, dates", () => {
    const product = parseStorefrontProduct(platformProduct(7));
    expect(product).toEqual({
      externalId: "7",
      title: "Product 7",
      handle: "product-7",
      description: "Soft & warm",
      status: "active",
      priceCents: 1250,
      images: ["https://cdn.example.com/a.png"],
      variants: [
        {
          externalId: "71",
          title: "S / Red",
          priceCents: 1250,
          sku: "SKU-7-S",
          stock: 4,
          attributes: { Size: "S", Colour: "Red" },
        },
        {
          externalId: "72",
          title: "M / Red",
          priceCents: 1300,
          sku: null,
          stock: 0,
          attributes: { Size: "M", Colour: "Red" },
        },
      ],
      updatedAt: new Date("2024-10-01T16:00:00Z"),
    });
  });

  it("treats unknown statuses as draft and names unnamed options", () => {
    const product = parseStorefrontProduct(
      platformProduct(8, {
        status: "unlisted",
        options: null,
        variants: [{ id: "gid://x/1", price: "1.00", option1: "One" }],
      }),
    );
    expect(product.status).toBe("draft");
    expect(product.variants[0]).toMatchObject({
      externalId: "gid://x/1",
      title: "Default",
      attributes: { "Option 1": "One" },
    });
  });

  it("fails with field paths on a bad payload", () => {
    const paths = (input: unknown) => {
      try {
        parseStorefrontProduct(input);
      } catch (error) {
        expect(error).toBeInstanceOf(ZodError);
        return (error as ZodError).issues.map((issue) => issue.path.join("."));
      }
      return expect.unreachable();
    };
    expect(paths(platformProduct(9, { variants: [{ id: 1, price: "12.505" }] }))).toEqual([
      "variants.0.price",
    ]);
    expect(
      paths(
        platformProduct(9, {
          variants: [
            { id: 1, price: "1" },
            { id: 1, price: "2" },
          ],
        }),
      ),
    ).toEqual(["variants.1.id"]);
    expect(() => parseStorefrontProduct({ id: 1, title: "x", variants: [] })).toThrow(ZodError);
  });

  it("turns body_html into plain text", () => {
    expect(
      htmlToText(
        "<h1>Title</h1><p>Line&nbsp;one<br>Line two</p><script>alert(1)</script><ul><li>A</li><li>B &#8211; &#x41;</li></ul>",
      ),
    ).toBe("Title\nLine one\nLine two\nA\nB – A");
    expect(parseStorefrontProduct(platformProduct(1, { title: "a\u0000b" })).title).toBe("ab");
  });
});

describe("LocalStorefrontAdapter", () => {
  it("pages a seeded shop like the admin API", async () => {
    const store = new LocalStorefrontAdapter({ pageSize: 2 });
    store.seed("shop.example.com", [platformProduct(1), platformProduct(2), platformProduct(3)]);
    const ref = { shopDomain: "shop.example.com", accessToken: "token" };
    const first = await store.listProducts(ref);
    expect(first.products.map((product) => product.externalId)).toEqual(["1", "2"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await store.listProducts(ref, first.nextCursor);
    expect(second.products.map((product) => product.externalId)).toEqual(["3"]);
    expect(second.nextCursor).toBeUndefined();

    store.upsertProduct("shop.example.com", platformProduct(2, { title: "Renamed" }));
    store.removeProduct("shop.example.com", 1);
    const again = await store.listProducts(ref);
    expect(again.products.map((product) => product.title)).toEqual(["Renamed", "Product 3"]);
  });

  it("fails where the platform fails", async () => {
    const store = new LocalStorefrontAdapter();
    await expect(
      store.listProducts({ shopDomain: "nope.example.com", accessToken: "t" }),
    ).rejects.toMatchObject({
      code: "service_unavailable",
      context: { status: 404 },
    });
    store.seed("locked.example.com", [platformProduct(1)], { accessToken: "right" });
    await expect(
      store.listProducts({ shopDomain: "locked.example.com", accessToken: "wrong" }),
    ).rejects.toMatchObject({
      code: "service_unavailable",
      context: { status: 401 },
    });
    await expect(
      store.listProducts({ shopDomain: "locked.example.com", accessToken: "right" }, "garbage"),
    ).rejects.toBeInstanceOf(AppError);
    expect(() => store.seed("bad.example.com", [{ id: 1, title: "", variants: [] }])).toThrow(ZodError);
  });

  it("reads the domain verification the shop holds, as the platform answers it to the token", async () => {
    const store = new LocalStorefrontAdapter();
    const ref = { shopDomain: "proof.example.com", accessToken: "right" };
    expect(await store.readDomainVerification(ref)).toBeNull();
    store.seed("proof.example.com", [], { accessToken: "right" });
    expect(await store.readDomainVerification(ref)).toBeNull();
    store.placeDomainVerification("PROOF.example.com", "tally-verify-abc");
    expect(await store.readDomainVerification(ref)).toBe("tally-verify-abc");
    expect(await store.readDomainVerification({ ...ref, accessToken: "wrong" })).toBeNull();
    // A later catalogue seed keeps the shop's metafield.
    store.seed("proof.example.com", [platformProduct(1)], { accessToken: "right" });
    expect(await store.readDomainVerification(ref)).toBe("tally-verify-abc");
  });
});

describe("AdminApiStorefrontAdapter", () => {
  const recordingFetch = (responses: Response[]) => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      const next = responses.shift();
      if (!next) throw new TypeError("fetch failed");
      return next;
    }) as typeof fetch;
    return { calls, fetchImpl };
  };

  it("reads products.json page by page with the access token header", async () => {
    const { calls, fetchImpl } = recordingFetch([
      Response.json(
        { products: [platformProduct(1)] },
        {
          headers: {
            link: '<https://shop.example.com/admin/api/2024-10/products.json?limit=250&page_info=abc123>; rel="next"',
          },
        },
      ),
      Response.json(
        { products: [platformProduct(2)] },
        {
          headers: {
            link: '<https://shop.example.com/admin/api/2024-10/products.json?limit=250&page_info=abc123>; rel="previous"',
          },
        },
      ),
    ]);
    const adapter = new AdminApiStorefrontAdapter({ fetch: fetchImpl, accessTokenHeader: "X-Store-Token" });
    const ref = { shopDomain: "shop.example.com", accessToken: "tok" };
    const first = await adapter.listProducts(ref);
    expect(first.products[0]?.priceCents).toBe(1250);
    expect(first.nextCursor).toBe("abc123");
    const second = await adapter.listProducts(ref, first.nextCursor);
    expect(second.nextCursor).toBeUndefined();
    expect(calls.map((call) => call.url)).toEqual([
      "https://shop.example.com/admin/api/2024-10/products.json?limit=250",
      "https://shop.example.com/admin/api/2024-10/products.json?limit=250&page_info=abc123",
    ]);
    expect(calls[0]?.init?.headers).toMatchObject({ "X-Store-Token": "tok" });
    expect(calls[0]?.init?.redirect).toBe("error");
  });

  it("reads the shop's tally.domain_verification metafield with the access token; a refused token is no proof", async () => {
    const ref = { shopDomain: "shop.example.com", accessToken: "tok" };
    const { calls, fetchImpl } = recordingFetch([
      Response.json({
        metafields: [{ namespace: "tally", key: "domain_verification", value: "tally-verify-x" }],
      }),
      Response.json({ metafields: [] }),
      new Response("no", { status: 401 }),
      new Response("no", { status: 404 }),
    ]);
    const adapter = new AdminApiStorefrontAdapter({ fetch: fetchImpl, accessTokenHeader: "X-Store-Token" });
    expect(await adapter.readDomainVerification(ref)).toBe("tally-verify-x");
    expect(await adapter.readDomainVerification(ref)).toBeNull();
    expect(await adapter.readDomainVerification(ref)).toBeNull();
    expect(await adapter.readDomainVerification(ref)).toBeNull();
    expect(calls[0]?.url).toBe(
      "https://shop.example.com/admin/api/2024-10/metafields.json?namespace=tally&key=domain_verification",
    );
    expect(calls[0]?.init?.headers).toMatchObject({ "X-Store-Token": "tok" });
    expect(calls[0]?.init?.redirect).toBe("error");
    for (const responses of [[new Response("busy", { status: 503 })], [], [Response.json({ nope: 1 })]]) {
      const failing = recordingFetch(responses);
      await expect(
        new AdminApiStorefrontAdapter({ fetch: failing.fetchImpl }).readDomainVerification(ref),
      ).rejects.toMatchObject({ code: "service_unavailable" });
    }
  });

  it("maps HTTP, network and payload failures to service_unavailable", async () => {
    const ref = { shopDomain: "shop.example.com", accessToken: "tok" };
    const cases: Response[][] = [
      [new Response("nope", { status: 401 })],
      [new Response("busy", { status: 429 })],
      [],
      [Response.json({ products: [{ id: 1 }] })],
      [new Response("not json", { status: 200 })],
    ];
    for (const responses of cases) {
      const { fetchImpl } = recordingFetch(responses);
      await expect(
        new AdminApiStorefrontAdapter({ fetch: fetchImpl }).listProducts(ref),
      ).rejects.toMatchObject({
        code: "service_unavailable",
      });
    }
  });

  describe("through the guarded outbound client (its default)", () => {
    const order = {
      id: "o1",
      email: null,
      currency: "usd",
      totalCents: 100,
      lineItems: [{ title: "T", quantity: 1, priceCents: 100, sku: null, externalProductId: null }],
      shippingCents: 0,
      discountCents: 0,
      shippingAddress: null,
      paidAt: null,
    };
    /** What a shop on this host would answer; it counts every connection it receives. */
    const startListener = async (answer: (path: string, response: ServerResponse) => void) => {
      const state = { connections: 0, port: 0, server: createServer() };
      state.server.on("request", (request, response) => answer(request.url ?? "", response));
      state.server.on("connection", () => {
        state.connections += 1;
      });
      await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
      state.port = (state.server.address() as AddressInfo).port;
      return state;
    };
    const shopAnswer = (path: string, response: ServerResponse) => {
      response.setHeader("content-type", "application/json");
      if (path.startsWith("/admin/api/2024-10/products.json"))
        response.end(JSON.stringify({ products: [platformProduct(5)] }));
      else if (path === "/admin/api/2024-10/orders.json")
        response.end(JSON.stringify({ order: { id: 991 } }));
      else response.writeHead(404).end();
    };
    /** A DNS record an attacker controls: every shop name points at this host. */
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];

    it("fails the sync and the push of a shop domain that resolves to loopback, and connects to nothing", async () => {
      const listener = await startListener(shopAnswer);
      try {
        const adapter = new AdminApiStorefrontAdapter({
          baseUrl: (domain) => `http://${domain}:${listener.port}`,
          outbound: { resolve: toLoopback },
        });
        const ref = { shopDomain: "my-shop.myshopify.com", accessToken: "shpat_tok" };
        const refused = {
          code: "service_unavailable",
          message: expect.stringContaining("The shop domain my-shop.myshopify.com is not fetched"),
          context: { shopDomain: "my-shop.myshopify.com", reason: "address" },
        };
        await expect(adapter.listProducts(ref)).rejects.toMatchObject(refused);
        await expect(adapter.pushOrder(ref, order)).rejects.toMatchObject(refused);

        // With the system resolver: names and literals of this host.
        for (const shopDomain of [
          "localhost",
          "127.0.0.1",
          "2130706433",
          "[::ffff:127.0.0.1]",
          "localhost.localdomain",
        ]) {
          const strict = new AdminApiStorefrontAdapter({
            baseUrl: (domain) => `http://${domain}:${listener.port}`,
          });
          // `localhost.localdomain` resolves only where /etc/hosts maps it: refused or unknown, never fetched.
          await expect(
            strict.listProducts({ shopDomain, accessToken: "t" }),
            shopDomain,
          ).rejects.toMatchObject({
            code: "service_unavailable",
            ...(shopDomain === "localhost.localdomain"
              ? {}
              : { message: expect.stringContaining("is not fetched"), context: { reason: "address" } }),
          });
        }
        expect(listener.connections).toBe(0);

        // Control: the same adapter with this host allowed (as a test composition root would) reaches it.
        const allowed = new AdminApiStorefrontAdapter({
          baseUrl: (domain) => `http://${domain}:${listener.port}`,
          outbound: { resolve: toLoopback, allowAddresses: ["127.0.0.1"] },
        });
        const page = await allowed.listProducts(ref);
        expect(page.products.map((product) => product.externalId)).toEqual(["5"]);
        expect(await allowed.pushOrder(ref, order)).toEqual({ externalId: "991", duplicate: false });
        expect(listener.connections).toBe(2);
      } finally {
        listener.server.closeAllConnections();
        await new Promise((resolve) => listener.server.close(resolve));
      }
    });

    it("takes the test allowance only from the composition root (createProviders config)", async () => {
      const listener = await startListener(shopAnswer);
      const logger = { info: () => undefined, warn: () => undefined };
      const build = (outbound?: { allowAddresses: string[] }) =>
        createProviders({
          config: { emailFrom: "t@example.com", storefront: { adapter: "admin-api" }, outbound },
          db: {} as Executor,
          logger,
        }).storefront;
      // The real adapter speaks https to `{shopDomain}`; the listener speaks plain http, so even an
      // allowed request fails its handshake, but only after connecting.
      const ref = { shopDomain: `127.0.0.1:${listener.port}`, accessToken: "t" };
      try {
        await expect(build().listProducts(ref)).rejects.toMatchObject({ context: { reason: "address" } });
        expect(listener.connections).toBe(0);
        await expect(build({ allowAddresses: ["127.0.0.1"] }).listProducts(ref)).rejects.toMatchObject({
          code: "service_unavailable",
        });
        expect(listener.connections).toBe(1);
      } finally {
        listener.server.closeAllConnections();
        await new Promise((resolve) => listener.server.close(resolve));
      }
    });

    it("refuses a redirect, an oversized page and a stalled shop with clear messages", async () => {
      const listener = await startListener((path, response) => {
        if (path.startsWith("/admin/api/2024-10/products.json?limit=1&"))
          response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        else if (path.startsWith("/admin/api/2024-10/products.json?limit=2"))
          response.end(JSON.stringify({ products: [platformProduct(1, { body_html: "x".repeat(4096) })] }));
        else if (path.startsWith("/admin/api/2024-10/products.json?limit=3")) response.writeHead(200);
        else response.writeHead(404).end();
      });
      try {
        const adapter = (pageSize: number) =>
          new AdminApiStorefrontAdapter({
            pageSize,
            timeoutMs: 300,
            maxResponseBytes: 2048,
            baseUrl: (domain) => `http://${domain}:${listener.port}`,
            outbound: { resolve: toLoopback, allowAddresses: ["127.0.0.1"] },
          });
        const ref = { shopDomain: "my-shop.myshopify.com", accessToken: "t" };
        await expect(adapter(1).listProducts(ref, "cursor")).rejects.toMatchObject({
          code: "service_unavailable",
          message: expect.stringContaining("redirect"),
          context: { reason: "redirects" },
        });
        await expect(adapter(2).listProducts(ref)).rejects.toMatchObject({
          code: "service_unavailable",
          message: expect.stringContaining("larger than 2048 bytes"),
          context: { reason: "too_large" },
        });
        await expect(adapter(3).listProducts(ref)).rejects.toMatchObject({
          code: "service_unavailable",
          message: expect.stringContaining("did not answer within 300 ms"),
          context: { reason: "timeout" },
        });
      } finally {
        listener.server.closeAllConnections();
        await new Promise((resolve) => listener.server.close(resolve));
      }
    });
  });

  it("finds the next page in a Link header", () => {
    expect(nextPageInfo(null)).toBeUndefined();
    expect(
      nextPageInfo(
        '<https://s.example.com/p.json?page_info=prev1>; rel="previous", <https://s.example.com/p.json?limit=5&page_info=next2>; rel="next"',
      ),
    ).toBe("next2");
  });
});
