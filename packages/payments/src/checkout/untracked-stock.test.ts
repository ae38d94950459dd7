import {
  api,
  checkout,
  createCreator,
  createOrder,
  createUser,
  type ErrorBody,
  expectError,
  getOrder,
  helper,
  type Order,
  stockOf,
  type Tenant,
  uniqueSlug,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

interface Variant {
  id: string;
  stock: number | null;
}
interface Product {
  id: string;
  totalStock: number | null;
  variants: Variant[];
}

/** Checks the order out by card and confirms it in the sandbox: the order ends PAID. */
const payByCard = async (tenant: Tenant, userId: string, orderId: string) => {
  const started = await checkout(h, tenant, userId, orderId);
  expect(started.status, started.text).toBe(200);
  const paid = await helper(h, started.body.paymentIntentId!, "succeed");
  expect(paid.status, paid.text).toBe(200);
  expect((await getOrder(h, tenant, userId, orderId)).status).toBe("PAID");
};

describe("untracked and tracked stock through checkout", () => {
  let tenant: Tenant;
  let creatorId: string;
  const productPath = (productId = "") => `/creator/id/${creatorId}/product${productId && `/${productId}`}`;

  const publish = async (body: Record<string, unknown>): Promise<Product> => {
    const created = await api<Product>(h, "POST", productPath(), { key: tenant.adminKey, body });
    expect(created.status, created.text).toBe(201);
    const published = await api(h, "POST", `${productPath(created.body.id)}/publish`, {
      key: tenant.adminKey,
    });
    expect(published.status, published.text).toBe(200);
    return created.body;
  };

  const patchStock = async (product: Product, stock: number | null): Promise<Product> => {
    const response = await api<Product>(h, "PATCH", productPath(product.id), {
      key: tenant.adminKey,
      body: { variants: [{ id: product.variants[0]!.id, stock }] },
    });
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  /** A new buyer's OPEN order (a user has at most one OPEN order at a time). */
  const orderOf = async (product: Product, quantity: number) => {
    const user = await createUser(h, tenant);
    return { user, order: await createOrder(h, tenant, user.id, { productId: product.id, quantity }) };
  };

  beforeAll(async () => {
    tenant = await h.createTenant({ tier: "pro" });
    creatorId = (await createCreator(h, tenant)).id;
  });

  it("a product made from the spec's fields alone is sold again and again, never running out", {
    timeout: 120_000,
  }, async () => {
    const product = await publish({
      name: "Zine",
      slug: uniqueSlug("zine"),
      description: "Forty pages",
      price: 1200,
    });
    expect(product.totalStock).toBeNull();
    expect(product.variants).toMatchObject([{ stock: null }]);
    const variantId = product.variants[0]!.id;

    const user = await createUser(h, tenant);
    for (const quantity of [1, 1000, 1000, 3]) {
      const order = await createOrder(h, tenant, user.id, { productId: product.id, quantity });
      await payByCard(tenant, user.id, order.id);
    }
    // Other buyers at once: none is refused for stock.
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createUser(h, tenant)));
    const orders = await Promise.all(
      buyers.map((buyer) => createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 500 })),
    );
    const started = await Promise.all(orders.map((order, i) => checkout(h, tenant, buyers[i]!.id, order.id)));
    expect(started.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(await stockOf(h, variantId)).toBeNull();
    const read = await api<Product>(h, "GET", productPath(product.id), { key: tenant.adminKey });
    expect(read.body.totalStock).toBeNull();
  });

  it("a tracked product refuses beyond its stock and never goes below zero", async () => {
    const product = await publish({ name: "Print", slug: uniqueSlug("print"), price: 800, stock: 2 });
    expect(product.totalStock).toBe(2);
    const variantId = product.variants[0]!.id;
    const tooMany = await orderOf(product, 3);
    const refused = await checkout(h, tenant, tooMany.user.id, tooMany.order.id);
    expectError(refused, 409, "out_of_stock");
    expect(await stockOf(h, variantId)).toBe(2);

    const two = await orderOf(product, 2);
    await payByCard(tenant, two.user.id, two.order.id);
    expect(await stockOf(h, variantId)).toBe(0);
    const one = await orderOf(product, 1);
    const soldOut = await checkout(h, tenant, one.user.id, one.order.id);
    expectError(soldOut, 409, "out_of_stock");
    expect((soldOut.body as unknown as ErrorBody).code).toBe("out_of_stock");
    expect(await stockOf(h, variantId)).toBe(0);
  });

  it("PATCH switches a variant between tracked and untracked; holds follow the documented rules", async () => {
    const product = await publish({ name: "Mug", slug: uniqueSlug("mug"), price: 1500, stock: 1 });
    const variantId = product.variants[0]!.id;
    // Tracked at 1: one unit is held by a checkout in progress.
    const held = await orderOf(product, 1);
    const holding = await checkout(h, tenant, held.user.id, held.order.id);
    expect(holding.status, holding.text).toBe(200);
    expect(await stockOf(h, variantId)).toBe(0);

    // Untracked: sells beyond anything, and the hold given back changes nothing.
    expect((await patchStock(product, null)).totalStock).toBeNull();
    const big = await orderOf(product, 50);
    await payByCard(tenant, big.user.id, big.order.id);
    const failed = await helper(h, holding.body.paymentIntentId!, "fail");
    expect(failed.status, failed.text).toBe(200);
    expect((await getOrder(h, tenant, held.user.id, held.order.id)).status).toBe("PAYMENT_FAILED");
    expect(await stockOf(h, variantId)).toBeNull();

    // Tracked again at 3: exactly 3 more units can be sold.
    expect((await patchStock(product, 3)).totalStock).toBe(3);
    const four = await orderOf(product, 4);
    expectError(await checkout(h, tenant, four.user.id, four.order.id), 409, "out_of_stock");
    const three = await orderOf(product, 3);
    await payByCard(tenant, three.user.id, three.order.id);
    expect(await stockOf(h, variantId)).toBe(0);
    const after: Order = await getOrder(h, tenant, four.user.id, four.order.id);
    expect(after.status).toBe("OPEN");
  });
});
