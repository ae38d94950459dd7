import { newId } from "@tally/core";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createProduct,
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
type Variant = ApiSchema<"ProductVariant">;

describe("PATCH /creator/id/{creatorId}/product/{productId}", () => {
  let shop: CreatorShop;
  beforeAll(async () => {
    shop = await openCreatorShop(h);
  });
  const patch = (product: Product, body: Record<string, unknown>) =>
    api<Product>(h, "PATCH", productPath(shop, product.id), { ...shop.as, body });

  it("updates product fields; omitted fields stay, null clears the category", async () => {
    const product = await createProduct(h, shop, {
      categoryId: 2,
      images: ["https://cdn.example.com/a.png"],
    });
    const response = await patch(product, {
      name: "New name",
      slug: "New-Slug-" + product.slug,
      description: "Better",
      price: 0,
      pointEligible: true,
      categoryId: null,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: "New name",
      slug: ("new-slug-" + product.slug).toLowerCase(),
      description: "Better",
      price: 0,
      pointEligible: true,
      categoryId: null,
      images: ["https://cdn.example.com/a.png"],
      status: "DRAFT",
    });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(product.updatedAt).getTime(),
    );
    const unchanged = await patch(product, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe("New name");
  });

  it("edits a PUBLISHED product in place", async () => {
    const product = await productIn(h, shop, "PUBLISHED");
    const response = await patch(product, { price: 9900 });
    expect(response.body).toMatchObject({ status: "PUBLISHED", price: 9900 });
  });

  it("updates, adds and removes variants, keeping exactly one default", async () => {
    const product = await createProduct(h, shop, {
      variants: [
        { name: "S", attributes: { size: "S" }, stock: 1 },
        { name: "M", attributes: { size: "M" }, stock: 2 },
      ],
    });
    const [small, medium] = product.variants as [Variant, Variant];
    const response = await patch(product, {
      variants: [
        { id: medium.id, stock: 10, price: 5500, sku: "M-1" },
        { name: "L", attributes: { size: "L" }, stock: 5 },
      ],
      removeVariantIds: [small.id],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.variants).toMatchObject([
      {
        id: medium.id,
        name: "M",
        sku: "M-1",
        price: 5500,
        stock: 10,
        isDefault: true,
        attributes: { size: "M" },
      },
      { name: "L", sku: null, price: null, stock: 5, isDefault: false, attributes: { size: "L" } },
    ]);
    expect(response.body.totalStock).toBe(15);
    const large = response.body.variants[1]!;

    const switched = await patch(product, { variants: [{ id: large.id, isDefault: true, price: null }] });
    expect(switched.body.variants.map((variant) => [variant.name, variant.isDefault])).toEqual([
      ["M", false],
      ["L", true],
    ]);
    const cleared = await patch(product, { variants: [{ id: medium.id, price: null, sku: null, stock: 0 }] });
    expect(cleared.body.variants[0]).toMatchObject({ price: null, sku: null, stock: 0 });
    expect(cleared.body.totalStock).toBe(5);
  });

  it("switches a variant between tracked (a number) and untracked (null); omitted leaves it", async () => {
    const product = await createProduct(h, shop, { stock: 6 });
    const variant = product.variants[0]!;
    const untracked = await patch(product, { variants: [{ id: variant.id, stock: null }] });
    expect(untracked.status, untracked.text).toBe(200);
    expect(untracked.body.variants[0]!.stock).toBeNull();
    expect(untracked.body.totalStock).toBeNull();
    const renamed = await patch(product, { variants: [{ id: variant.id, name: "Renamed" }] });
    expect(renamed.body.variants[0]).toMatchObject({ name: "Renamed", stock: null });
    const tracked = await patch(product, { variants: [{ id: variant.id, stock: 2 }] });
    expect(tracked.body.variants[0]!.stock).toBe(2);
    expect(tracked.body.totalStock).toBe(2);
    const added = await patch(product, { variants: [{ name: "Extra" }] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.variants.map((item) => item.stock)).toEqual([2, null]);
    expect(added.body.totalStock).toBeNull();
  });

  it("never goes below one variant", async () => {
    const product = await createProduct(h, shop, { stock: 4 });
    const only = product.variants[0]!;
    expectFields(await patch(product, { removeVariantIds: [only.id] }), ["removeVariantIds"]);
    const replaced = await patch(product, {
      removeVariantIds: [only.id],
      variants: [{ name: "Replacement", stock: 2 }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.variants).toMatchObject([{ name: "Replacement", stock: 2, isDefault: true }]);
  });

  it("answers 422 for bad variant edits and bad fields, changing nothing", async () => {
    const product = await createProduct(h, shop, { variants: [{ name: "A", stock: 3 }] });
    const variant = product.variants[0]!;
    const other = await createProduct(h, shop);
    expectFields(await patch(product, { variants: [{ id: variant.id, stock: -1 }] }), ["variants.0.stock"]);
    expectFields(await patch(product, { variants: [{ id: variant.id, stock: 2.5 }] }), ["variants.0.stock"]);
    expectFields(await patch(product, { variants: [{ id: variant.id, stock: "none" }] }), [
      "variants.0.stock",
    ]);
    expectFields(await patch(product, { variants: [{ stock: 1 }] }), ["variants.0.name"]);
    expectFields(await patch(product, { variants: [{ id: other.variants[0]!.id, stock: 1 }] }), [
      "variants.0.id",
    ]);
    expectFields(await patch(product, { removeVariantIds: [newId()] }), ["removeVariantIds.0"]);
    expectFields(
      await patch(product, { variants: [{ id: variant.id, stock: 1 }], removeVariantIds: [variant.id] }),
      ["removeVariantIds.0"],
    );
    expectFields(
      await patch(product, {
        variants: [
          { id: variant.id, stock: 1 },
          { id: variant.id, stock: 2 },
        ],
      }),
      ["variants.1.id"],
    );
    expectFields(await patch(product, { price: -1 }), ["price"]);
    expectFields(await patch(product, { slug: "Not a slug!" }), ["slug"]);
    expectFields(await patch(product, { categoryId: 4242 }), ["categoryId"]);
    expectFields(await patch(product, { name: "" }), ["name"]);
    const now = await api<Product>(h, "GET", productPath(shop, product.id), shop.as);
    expect(now.body.variants).toEqual(product.variants);
  });

  it("refuses mass assignment: status, id, creatorId, timestamps", async () => {
    const product = await createProduct(h, shop);
    for (const [field, value] of [
      ["status", "PUBLISHED"],
      ["id", "abc"],
      ["organizationId", "abc"],
      ["publishedAt", new Date().toISOString()],
      ["archivedAt", null],
      ["totalStock", 5],
    ] as const) {
      expectFields(await patch(product, { [field]: value }), [field]);
    }
    expectFields(await patch(product, { creatorId: newId() }), ["creatorId"]);
    expectFields(await patch(product, { productId: newId() }), ["productId"]);
    expectFields(await patch(product, { variants: [{ id: product.variants[0]!.id, productId: "x" }] }), [
      "variants.0.productId",
    ]);
    const now = await api<Product>(h, "GET", productPath(shop, product.id), shop.as);
    expect(now.body.status).toBe("DRAFT");
  });

  it("answers 409 on a slug used by another of the creator's products", async () => {
    const first = await createProduct(h, shop);
    const second = await createProduct(h, shop);
    expectError(await patch(second, { slug: first.slug }), 409, "already_exists");
    expect((await patch(second, { slug: second.slug })).status).toBe(200);
  });
});
