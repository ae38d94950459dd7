import { newId } from "@tally/core";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createUser,
  expectError,
  expectFields,
  openCreatorShop,
  productIn,
  productPath,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

type Product = ApiSchema<"Product">;

describe("GET /creator/id/{creatorId}/products and /product/{productId}", () => {
  let shop: CreatorShop;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    shop = await openCreatorShop(h);
    for (const state of ["DRAFT", "PUBLISHED", "ARCHIVED", "PURGED"] as const)
      ids[state] = (await productIn(h, shop, state)).id;
  });

  it("lists every product but purged ones, newest first, with X-Total-Count", async () => {
    const response = await api<Product[]>(h, "GET", `/creator/id/${shop.creatorId}/products`, shop.as);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.body.map((product) => product.id)).toEqual([ids.ARCHIVED, ids.PUBLISHED, ids.DRAFT]);
    expect(response.body[0]!.variants).toHaveLength(1);
  });

  it("filters by status and pages", async () => {
    for (const status of ["DRAFT", "PUBLISHED", "ARCHIVED"] as const) {
      const response = await api<Product[]>(
        h,
        "GET",
        `/creator/id/${shop.creatorId}/products?status=${status}`,
        shop.as,
      );
      expect(response.body.map((product) => product.id)).toEqual([ids[status]]);
      expect(response.headers.get("x-total-count")).toBe("1");
    }
    const page = await api<Product[]>(
      h,
      "GET",
      `/creator/id/${shop.creatorId}/products?limit=1&offset=1`,
      shop.as,
    );
    expect(page.body.map((product) => product.id)).toEqual([ids.PUBLISHED]);
    expect(page.headers.get("x-total-count")).toBe("3");
    expectFields(await api(h, "GET", `/creator/id/${shop.creatorId}/products?limit=0`, shop.as), ["limit"]);
    expectFields(await api(h, "GET", `/creator/id/${shop.creatorId}/products?limit=101`, shop.as), ["limit"]);
    expectFields(await api(h, "GET", `/creator/id/${shop.creatorId}/products?status=SOLD`, shop.as), [
      "status",
    ]);
  });

  it("gets one product; 404 for unknown, purged, another creator's or another tenant's", async () => {
    const response = await api<Product>(h, "GET", productPath(shop, ids.DRAFT!), shop.as);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(ids.DRAFT);
    expectError(await api(h, "GET", productPath(shop, newId()), shop.as), 404, "not_found");
    expectError(await api(h, "GET", productPath(shop, ids.PURGED!), shop.as), 404, "not_found");
    const other = await openCreatorShop(h, shop.tenant);
    expectError(
      await api(h, "GET", `/creator/id/${other.creatorId}/product/${ids.DRAFT}`, other.as),
      404,
      "not_found",
    );
    const stranger = await h.createTenant();
    expectError(
      await api(h, "GET", productPath(shop, ids.DRAFT!), { key: stranger.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/creator/id/${shop.creatorId}/products`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
  });

  it("403s a non-owner on the list and the detail", async () => {
    const fan = (await createUser(h, shop.tenant)).id;
    const asFan = { key: shop.tenant.memberKey, userId: fan };
    expectError(await api(h, "GET", `/creator/id/${shop.creatorId}/products`, asFan), 403, "not_owner");
    expectError(await api(h, "GET", productPath(shop, ids.DRAFT!), asFan), 403, "not_owner");
  });
});

describe("public storefront: GET /creator/{slug}/products and /creator/{slug}/product/{productSlug}", () => {
  let shop: CreatorShop;
  let published: Product[];
  let draft: Product;
  let archived: Product;
  beforeAll(async () => {
    shop = await openCreatorShop(h);
    published = [await productIn(h, shop, "PUBLISHED"), await productIn(h, shop, "PUBLISHED")];
    draft = await productIn(h, shop, "DRAFT");
    archived = await productIn(h, shop, "ARCHIVED");
  });

  it("lists published products only, with X-Total-Count and paging", async () => {
    const response = await api<Product[]>(h, "GET", `/creator/${shop.creatorSlug}/products`, {
      key: shop.tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(response.body.map((product) => product.id).sort()).toEqual(published.map((p) => p.id).sort());
    expect(response.body.every((product) => product.status === "PUBLISHED")).toBe(true);
    const page = await api<Product[]>(h, "GET", `/creator/${shop.creatorSlug}/products?limit=1`, {
      key: shop.tenant.memberKey,
    });
    expect(page.body).toHaveLength(1);
    expect(page.headers.get("x-total-count")).toBe("2");
    // Past the end: no product, and still the total.
    const beyond = await api<Product[]>(h, "GET", `/creator/${shop.creatorSlug}/products?offset=5`, {
      key: shop.tenant.memberKey,
    });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("2");
    expectFields(
      await api(h, "GET", `/creator/${shop.creatorSlug}/products?offset=-1`, { key: shop.tenant.memberKey }),
      ["offset"],
    );
  });

  it("answers an empty storefront for a creator with nothing published, and 404 for an unknown creator", async () => {
    const other = await openCreatorShop(h, shop.tenant);
    await productIn(h, other, "DRAFT");
    const empty = await api<Product[]>(h, "GET", `/creator/${other.creatorSlug}/products`, {
      key: shop.tenant.memberKey,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("x-total-count")).toBe("0");
    expectError(
      await api(h, "GET", `/creator/no-such-creator-${newId()}/products`, { key: shop.tenant.memberKey }),
      404,
      "not_found",
    );
  });

  it("shows a published product by slug and 404s drafts, archived, unknown and other tenants'", async () => {
    const key = shop.tenant.memberKey;
    const response = await api<Product>(
      h,
      "GET",
      `/creator/${shop.creatorSlug}/product/${published[0]!.slug}`,
      {
        key,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(published[0]!.id);
    for (const hidden of [draft.slug, archived.slug, "no-such-product"]) {
      expectError(
        await api(h, "GET", `/creator/${shop.creatorSlug}/product/${hidden}`, { key }),
        404,
        "not_found",
      );
    }
    expectError(await api(h, "GET", `/creator/no-such-creator-x/products`, { key }), 404, "not_found");
    const stranger = await h.createTenant();
    expectError(
      await api(h, "GET", `/creator/${shop.creatorSlug}/products`, { key: stranger.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/creator/${shop.creatorSlug}/product/${published[0]!.slug}`, {
        key: stranger.memberKey,
      }),
      404,
      "not_found",
    );
  });

  it("needs an API key but not ownership", async () => {
    expectError(
      await api(h, "GET", `/creator/${shop.creatorSlug}/products`, { key: "" }),
      401,
      "unauthorized",
    );
    const fan = (await createUser(h, shop.tenant)).id;
    const asFan = await api(h, "GET", `/creator/${shop.creatorSlug}/products`, {
      key: shop.tenant.memberKey,
      userId: fan,
    });
    expect(asFan.status).toBe(200);
  });
});
