import { newId } from "@tally/core";
import { orderItems, orders } from "@tally/db";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createProduct,
  createUser,
  expectError,
  openCreatorShop,
  productPath,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

type Product = ApiSchema<"Product">;
type Variant = ApiSchema<"ProductVariant">;
type ProductSales = ApiSchema<"ProductSales">;
type ProductAnalytics = ApiSchema<"ProductAnalytics">;

describe("sales and analytics from order data", () => {
  let shop: CreatorShop;
  let hoodie: Product;
  let mug: Product;
  let poster: Product;
  let retired: Product;
  const DAY = 86_400_000;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const now = new Date();
  const paidAt = {
    today: new Date(now.getTime() - 60_000),
    yesterday: new Date(now.getTime() - DAY),
    fiveDaysAgo: new Date(now.getTime() - 5 * DAY),
    fortyDaysAgo: new Date(now.getTime() - 40 * DAY),
  };

  const seedOrder = async (
    creatorId: string,
    status: (typeof orders.$inferInsert)["status"],
    when: Date | null,
    items: { product: Product; variantId?: string | null; quantity: number; price: number; name?: string }[],
  ) => {
    const orderId = newId();
    await h.database.db.transaction(async (tx) => {
      await tx.insert(orders).values({
        organizationId: shop.tenant.organizationId,
        id: orderId,
        userId: null,
        guestEmail: "buyer@example.com",
        creatorId,
        status,
        paidAt: when,
        createdAt: when ?? new Date(),
      });
      await tx.insert(orderItems).values(
        items.map((item) => ({
          organizationId: shop.tenant.organizationId,
          orderId,
          productId: item.product.id,
          variantId: item.variantId === undefined ? item.product.variants[0]!.id : item.variantId,
          productName: item.name ?? item.product.name,
          productSlug: item.product.slug,
          quantity: item.quantity,
          price: item.price,
        })),
      );
    });
  };

  beforeAll(async () => {
    shop = await openCreatorShop(h);
    hoodie = await createProduct(h, shop, {
      name: "Hoodie",
      price: 1500,
      variants: [
        { name: "Small", stock: 10 },
        { name: "Large", price: 1800, stock: 10 },
      ],
    });
    mug = await createProduct(h, shop, { name: "Mug", price: 999, stock: 5 });
    poster = await createProduct(h, shop, { name: "Poster", price: 500 });
    retired = await createProduct(h, shop, { name: "Retired", price: 2500 });
    for (const product of [hoodie, mug])
      await api(h, "POST", productPath(shop, product.id, "/publish"), shop.as);
    const [small, large] = hoodie.variants as [Variant, Variant];

    await seedOrder(shop.creatorId, "PAID", paidAt.today, [
      { product: hoodie, variantId: small.id, quantity: 2, price: 1500 },
      { product: mug, quantity: 1, price: 999 },
    ]);
    await seedOrder(shop.creatorId, "DELIVERED", paidAt.yesterday, [
      { product: hoodie, variantId: large.id, quantity: 1, price: 1800 },
      { product: hoodie, variantId: null, quantity: 1, price: 1000 },
    ]);
    await seedOrder(shop.creatorId, "SHIPPED", paidAt.fiveDaysAgo, [
      { product: hoodie, variantId: small.id, quantity: 3, price: 1500 },
    ]);
    await seedOrder(shop.creatorId, "PROCESSING", paidAt.today, [
      { product: retired, quantity: 1, price: 2500, name: "Retired (snapshot)" },
    ]);
    await seedOrder(shop.creatorId, "PAID", paidAt.fortyDaysAgo, [{ product: mug, quantity: 1, price: 999 }]);
    // Not counted: open, pending, failed orders; another creator's order.
    await seedOrder(shop.creatorId, "OPEN", null, [
      { product: hoodie, variantId: small.id, quantity: 10, price: 1500 },
    ]);
    await seedOrder(shop.creatorId, "PAYMENT_PENDING", null, [{ product: mug, quantity: 7, price: 999 }]);
    await seedOrder(shop.creatorId, "PAYMENT_FAILED", paidAt.today, [
      { product: mug, quantity: 5, price: 999 },
    ]);
    const other = await openCreatorShop(h, shop.tenant);
    await seedOrder(other.creatorId, "PAID", paidAt.today, [{ product: hoodie, quantity: 4, price: 1500 }]);

    // The retired product is purged: its sales stay, under the order items' snapshot.
    await api(h, "DELETE", productPath(shop, retired.id, "/purge"), shop.as);
  });

  it("GET /products/sales: per product, exact cents, best sellers first, purged ones with status null", async () => {
    const response = await api<ProductSales[]>(
      h,
      "GET",
      `/creator/id/${shop.creatorId}/products/sales`,
      shop.as,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("4");
    expect(response.body).toEqual([
      {
        productId: hoodie.id,
        name: "Hoodie",
        slug: hoodie.slug,
        status: "PUBLISHED",
        unitsSold: 7,
        revenue: 10_300,
        orderCount: 3,
      },
      {
        productId: retired.id,
        name: "Retired (snapshot)",
        slug: retired.slug,
        status: null,
        unitsSold: 1,
        revenue: 2500,
        orderCount: 1,
      },
      {
        productId: mug.id,
        name: "Mug",
        slug: mug.slug,
        status: "PUBLISHED",
        unitsSold: 2,
        revenue: 1998,
        orderCount: 2,
      },
      {
        productId: poster.id,
        name: "Poster",
        slug: poster.slug,
        status: "DRAFT",
        unitsSold: 0,
        revenue: 0,
        orderCount: 0,
      },
    ]);
    const page = await api<ProductSales[]>(
      h,
      "GET",
      `/creator/id/${shop.creatorId}/products/sales?limit=2&offset=1`,
      shop.as,
    );
    expect(page.body.map((row) => row.productId)).toEqual([retired.id, mug.id]);
  });

  it("GET /products/analytics: products by status, totals, average order value, top products", async () => {
    const response = await api<ApiSchema<"ProductsAnalytics">>(
      h,
      "GET",
      `/creator/id/${shop.creatorId}/products/analytics`,
      shop.as,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      currency: "usd",
      products: { total: 3, DRAFT: 1, PUBLISHED: 2, ARCHIVED: 0 },
      unitsSold: 10,
      revenue: 14_798,
      orderCount: 5,
      averageOrderValue: 2960,
    });
    expect(response.body.topProducts.map((row) => row.productId)).toEqual([hoodie.id, retired.id, mug.id]);
  });

  it("GET /product/{productId}/analytics: totals, per variant and the last 30 days", async () => {
    const response = await api<ProductAnalytics>(
      h,
      "GET",
      productPath(shop, hoodie.id, "/analytics"),
      shop.as,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      productId: hoodie.id,
      name: "Hoodie",
      status: "PUBLISHED",
      currency: "usd",
      unitsSold: 7,
      revenue: 10_300,
      orderCount: 3,
      averageOrderValue: 3433,
    });
    const [small, large] = hoodie.variants as [Variant, Variant];
    expect(response.body.variants).toEqual([
      { variantId: small.id, name: "Small", unitsSold: 5, revenue: 7500, orderCount: 2 },
      { variantId: large.id, name: "Large", unitsSold: 1, revenue: 1800, orderCount: 1 },
      { variantId: null, name: null, unitsSold: 1, revenue: 1000, orderCount: 1 },
    ]);
    const { daily } = response.body;
    expect(daily).toHaveLength(30);
    expect(daily[29]!.date).toBe(day(new Date()));
    const byDate = new Map(daily.map((entry) => [entry.date, entry]));
    const expected = new Map<string, { unitsSold: number; revenue: number; orderCount: number }>();
    const add = (when: Date, unitsSold: number, revenue: number) => {
      const entry = expected.get(day(when)) ?? { unitsSold: 0, revenue: 0, orderCount: 0 };
      expected.set(day(when), {
        unitsSold: entry.unitsSold + unitsSold,
        revenue: entry.revenue + revenue,
        orderCount: entry.orderCount + 1,
      });
    };
    add(paidAt.today, 2, 3000);
    add(paidAt.yesterday, 2, 2800);
    add(paidAt.fiveDaysAgo, 3, 4500);
    for (const [date, figures] of expected) expect(byDate.get(date)).toEqual({ date, ...figures });
    const quiet = daily.filter((entry) => !expected.has(entry.date));
    expect(
      quiet.every((entry) => entry.unitsSold === 0 && entry.revenue === 0 && entry.orderCount === 0),
    ).toBe(true);

    const unsold = await api<ProductAnalytics>(h, "GET", productPath(shop, poster.id, "/analytics"), shop.as);
    expect(unsold.body).toMatchObject({ unitsSold: 0, revenue: 0, orderCount: 0, averageOrderValue: 0 });
    expect(unsold.body.variants).toHaveLength(1);
  });

  it("404s other tenants and 403s non-owners on the analytics routes", async () => {
    const stranger = await h.createTenant();
    const fan = (await createUser(h, shop.tenant)).id;
    for (const path of [
      `/creator/id/${shop.creatorId}/products/sales`,
      `/creator/id/${shop.creatorId}/products/analytics`,
      productPath(shop, hoodie.id, "/analytics"),
    ]) {
      expectError(await api(h, "GET", path, { key: stranger.adminKey }), 404, "not_found");
      expectError(await api(h, "GET", path, { key: shop.tenant.memberKey, userId: fan }), 403, "not_owner");
    }
    expectError(await api(h, "GET", productPath(shop, newId(), "/analytics"), shop.as), 404, "not_found");
  });
});
