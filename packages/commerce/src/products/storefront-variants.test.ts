import { api, openCreatorShop, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness({ env: { RUN_WORKER: "off" } });

interface StorefrontProduct {
  slug: string;
  totalStock: number | null;
  variants: { sku: string; stock: number | null }[];
}

describe("a storefront product's variants", () => {
  it("come with the product on the list and the single read, with their stock", async () => {
    const shop = await openCreatorShop(h);
    const admin = shop.tenant.adminKey;
    const created = await api<{ id: string }>(h, "POST", `/creator/id/${shop.creatorId}/product`, {
      key: admin,
      body: {
        name: "Tee",
        slug: "tee",
        price: 2500,
        categoryId: 1,
        variants: [{ name: "M", sku: "T-M", stock: 5 }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const published = await api(
      h,
      "POST",
      `/creator/id/${shop.creatorId}/product/${created.body.id}/publish`,
      {
        key: admin,
      },
    );
    expect(published.status, published.text).toBe(200);
    const key = shop.tenant.memberKey;
    const one = await api<StorefrontProduct>(h, "GET", `/creator/${shop.creatorSlug}/product/tee`, { key });
    const list = await api<StorefrontProduct[]>(h, "GET", `/creator/${shop.creatorSlug}/products`, { key });
    for (const product of [one.body, list.body.find((item) => item.slug === "tee")]) {
      expect(product?.variants).toEqual([expect.objectContaining({ sku: "T-M", stock: 5 })]);
      expect(product?.totalStock).toBe(5);
    }
  });
});
