import { newId } from "@tally/core";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createProduct,
  createUser,
  expectError,
  expectFields,
  openCreatorShop,
  uniqueSlug,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

type Product = ApiSchema<"Product">;

describe("POST /creator/id/{creatorId}/product", () => {
  let shop: CreatorShop;
  beforeAll(async () => {
    shop = await openCreatorShop(h);
  });

  it("creates a DRAFT with one default variant holding the top-level stock", async () => {
    const response = await api<Product>(h, "POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: {
        name: "  Blue Hoodie ",
        slug: "Blue-Hoodie",
        description: "Heavy cotton",
        price: 4500,
        pointEligible: true,
        images: ["https://cdn.example.com/hoodie.png"],
        categoryId: 3,
        stock: 12,
      },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      creatorId: shop.creatorId,
      name: "Blue Hoodie",
      slug: "blue-hoodie",
      description: "Heavy cotton",
      price: 4500,
      currency: "usd",
      status: "DRAFT",
      pointEligible: true,
      images: ["https://cdn.example.com/hoodie.png"],
      categoryId: 3,
      totalStock: 12,
      publishedAt: null,
      archivedAt: null,
    });
    expect(response.body.variants).toEqual([
      {
        id: expect.any(String),
        name: "Default",
        sku: null,
        attributes: {},
        price: null,
        stock: 12,
        isDefault: true,
      },
    ]);
    expect(new Date(response.body.createdAt).getTime()).not.toBeNaN();
  });

  it("applies the defaults: untracked stock, no category, not point-eligible, no images, empty description", async () => {
    const response = await api<Product>(h, "POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: { name: "Sticker", slug: uniqueSlug("sticker"), price: 0 },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      description: "",
      price: 0,
      pointEligible: false,
      images: [],
      categoryId: null,
      totalStock: null,
    });
    expect(response.body.variants).toHaveLength(1);
    expect(response.body.variants[0]).toMatchObject({ isDefault: true, stock: null });
  });

  it("tracks stock per variant when given: totalStock is null as soon as one variant is untracked", async () => {
    const zero = await createProduct(h, shop, { stock: 0 });
    expect(zero.totalStock).toBe(0);
    expect(zero.variants[0]!.stock).toBe(0);
    const nulled = await createProduct(h, shop, { stock: null });
    expect(nulled.totalStock).toBeNull();
    const mixed = await createProduct(h, shop, {
      variants: [{ name: "Counted", stock: 4 }, { name: "Endless", stock: null }, { name: "Omitted" }],
    });
    expect(mixed.variants.map((variant) => variant.stock)).toEqual([4, null, null]);
    expect(mixed.totalStock).toBeNull();
  });

  it("creates the listed variants in order, the first (or the one marked) being the default", async () => {
    const product = await createProduct(h, shop, {
      variants: [
        { name: "Small", sku: "HD-S", attributes: { size: "S" }, stock: 3 },
        { name: "Large", attributes: { size: "L" }, price: 5000, stock: 4 },
      ],
    });
    expect(product.totalStock).toBe(7);
    expect(product.variants).toMatchObject([
      { name: "Small", sku: "HD-S", attributes: { size: "S" }, price: null, stock: 3, isDefault: true },
      { name: "Large", sku: null, attributes: { size: "L" }, price: 5000, stock: 4, isDefault: false },
    ]);
    const marked = await createProduct(h, shop, {
      variants: [
        { name: "Red", stock: 1 },
        { name: "Green", stock: 1, isDefault: true },
      ],
    });
    expect(marked.variants.map((variant) => [variant.name, variant.isDefault])).toEqual([
      ["Red", false],
      ["Green", true],
    ]);
  });

  it("answers 422 with field details for invalid bodies", async () => {
    const path = `/creator/id/${shop.creatorId}/product`;
    const post = (body: Record<string, unknown>) => api(h, "POST", path, { ...shop.as, body });
    const base = { name: "Cap", slug: uniqueSlug("cap"), price: 1000 };
    expectFields(await post({ slug: "cap-x", price: 1 }), ["name"]);
    expectFields(await post({ ...base, price: -1 }), ["price"]);
    expectFields(await post({ ...base, price: 10.5 }), ["price"]);
    expectFields(await post({ ...base, price: "1000" }), ["price"]);
    expectFields(await post({ ...base, slug: "no spaces" }), ["slug"]);
    expectFields(await post({ ...base, slug: "-edge-" }), ["slug"]);
    expectFields(await post({ ...base, slug: "ab" }), ["slug"]);
    expectFields(await post({ ...base, images: ["ftp://example.com/a.png"] }), ["images.0"]);
    expectFields(await post({ ...base, stock: -1 }), ["stock"]);
    expectFields(await post({ ...base, stock: 1.5 }), ["stock"]);
    expectFields(await post({ ...base, variants: [] }), ["variants"]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: -2 }] }), ["variants.0.stock"]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: "many" }] }), ["variants.0.stock"]);
    expectFields(await post({ ...base, variants: [{ stock: 1 }] }), ["variants.0.name"]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1, attributes: { size: 4 } }] }), [
      "variants.0.attributes.size",
    ]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1, price: -5 }] }), [
      "variants.0.price",
    ]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1 }], stock: 3 }), ["stock"]);
    expectFields(await post({ ...base, categoryId: 0 }), ["categoryId"]);
    expectFields(await post({ ...base, categoryId: 99_999 }), ["categoryId"]);
    expectFields(await post({ ...base, pointEligible: "true" }), ["pointEligible"]);
  });

  it("refuses mass assignment: status, id, organizationId, timestamps and creatorId cannot be set", async () => {
    const path = `/creator/id/${shop.creatorId}/product`;
    const base = { name: "Cap", slug: uniqueSlug("cap"), price: 1000 };
    for (const field of ["status", "id", "organizationId", "publishedAt", "totalStock", "currency"]) {
      const response = await api(h, "POST", path, {
        ...shop.as,
        body: { ...base, [field]: field === "status" ? "PUBLISHED" : "x" },
      });
      expectFields(response, [field]);
    }
    const other = await openCreatorShop(h, shop.tenant);
    const smuggled = await api(h, "POST", path, {
      ...shop.as,
      body: { ...base, creatorId: other.creatorId },
    });
    expectFields(smuggled, ["creatorId"]);
    expectFields(
      await api(h, "POST", path, {
        ...shop.as,
        body: { ...base, variants: [{ name: "A", stock: 1, id: "abc" }] },
      }),
      ["variants.0.id"],
    );
    const list = await api<Product[]>(h, "GET", `/creator/id/${shop.creatorId}/products?limit=100`, shop.as);
    expect(list.body.some((product) => product.slug === base.slug)).toBe(false);
  });

  it("refuses a slug already used by one of the creator's products (409), not another creator's", async () => {
    const slug = uniqueSlug("dup");
    await createProduct(h, shop, { slug });
    const again = await api(h, "POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: { name: "Other", slug: slug.toUpperCase(), price: 1 },
    });
    expectError(again, 409, "already_exists");
    const other = await openCreatorShop(h, shop.tenant);
    await createProduct(h, other, { slug });
  });

  it("404s an unknown creator and another tenant's creator; 403s a non-owner", async () => {
    const body = { name: "Cap", slug: uniqueSlug("cap"), price: 1 };
    expectError(
      await api(h, "POST", `/creator/id/${newId()}/product`, { key: shop.tenant.adminKey, body }),
      404,
      "not_found",
    );
    const stranger = await h.createTenant();
    expectError(
      await api(h, "POST", `/creator/id/${shop.creatorId}/product`, { key: stranger.adminKey, body }),
      404,
      "not_found",
    );
    const fan = (await createUser(h, shop.tenant)).id;
    expectError(
      await api(h, "POST", `/creator/id/${shop.creatorId}/product`, {
        key: shop.tenant.memberKey,
        userId: fan,
        body,
      }),
      403,
      "not_owner",
    );
    expectError(
      await api(h, "POST", `/creator/id/${shop.creatorId}/product`, { key: shop.tenant.memberKey, body }),
      403,
      "not_owner",
    );
    const asAdmin = await api<Product>(h, "POST", `/creator/id/${shop.creatorId}/product`, {
      key: shop.tenant.adminKey,
      body,
    });
    expect(asAdmin.status).toBe(201);
  });
});
