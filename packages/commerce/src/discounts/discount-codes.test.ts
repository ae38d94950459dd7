import {
  type ApiSchema,
  api,
  createCreator,
  createOrder,
  createUser,
  type ErrorBody,
  expectError,
  fieldsOf,
  memberKeys,
  type Order,
  publishedProduct,
  type Tenant,
  useHarness,
  watchAmountChanged,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
const amountChanged = watchAmountChanged(h);
beforeAll(async () => {
  tenant = await h.createTenant();
});

describe("discount codes", () => {
  it("creator manages codes; an order applies one (percent or fixed), once", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1999 });
    const created = await api<ApiSchema<"DiscountCode">>(
      h,
      "POST",
      `/creator/id/${creator.id}/discount-codes`,
      {
        key: tenant.adminKey,
        body: { code: "spring10", kind: "PERCENT", value: 10 },
      },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      code: "SPRING10",
      kind: "PERCENT",
      value: 10,
      usedCount: 0,
      active: true,
    });
    expectError(
      await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.adminKey,
        body: { code: "SPRING10", kind: "FIXED", value: 100 },
      }),
      409,
      "already_exists",
    );
    expectError(
      await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.adminKey,
        body: { code: "TOOMUCH", kind: "PERCENT", value: 150 },
      }),
      422,
      "validation_failed",
    );
    // expiresAt is an RFC 3339 date-time with seconds and an offset, on a real calendar date, that PostgreSQL
    // stores: anything else is refused, naming it.
    for (const expiresAt of [
      1767225600000,
      "2027-01-31",
      "soon",
      "2027-02-30T23:59:59Z",
      "2027-01-31T23:59:59",
      "0000-01-01T00:00:00Z",
    ]) {
      const refused = await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.adminKey,
        body: { code: "WHEN", kind: "PERCENT", value: 10, expiresAt },
      });
      expectError(refused, 422, "validation_failed");
      expect(fieldsOf(refused), refused.text).toEqual(["expiresAt"]);
    }
    // The owner may manage codes, another user may not.
    const stranger = await createUser(h, tenant);
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.memberKey,
        userId: stranger.id,
      }),
      403,
      "not_owner",
    );

    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 3 });
    amountChanged.clear();
    const applied = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "Spring10" },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({
      discount: Math.floor(5997 / 10),
      discountCodeId: created.body.id,
      amounts: { subtotal: 5997, discount: 599, total: 5997 - 599 },
    });
    expect(amountChanged.orderIds()).toEqual([order.id]);
    // Same code again: no-op; another code: 409; unknown: 404.
    const again = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "SPRING10" },
    });
    expect(again.status).toBe(200);
    await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "FIVEOFF", kind: "FIXED", value: 500 },
    });
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "FIVEOFF" },
      }),
      409,
      "conflict",
    );
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "NOPE" },
      }),
      404,
      "not_found",
    );
    // The discount follows the items.
    const line = applied.body.items[0]!;
    const reduced = await api<Order>(
      h,
      "DELETE",
      `/user/${buyer.id}/order/${order.id}/item/${line.id}?quantity=1`,
      {
        key: tenant.adminKey,
      },
    );
    expect(reduced.body.amounts).toMatchObject({ subtotal: 3998, discount: 399, total: 3599 });

    const list = await api<ApiSchema<"DiscountCode">[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/discount-codes`,
      {
        key: tenant.adminKey,
      },
    );
    expect(list.headers.get("x-total-count")).toBe("2");
    expect(list.body.find((code) => code.code === "SPRING10")?.usedCount).toBe(1);

    // Disabled codes are refused; disabling is idempotent.
    const disabled = await api<ApiSchema<"DiscountCode">>(
      h,
      "DELETE",
      `/creator/id/${creator.id}/discount-codes/${list.body[0]!.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.active).toBe(false);
    const twice = await api<ApiSchema<"DiscountCode">>(
      h,
      "DELETE",
      `/creator/id/${creator.id}/discount-codes/${list.body[0]!.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(twice.body.disabledAt).toBe(disabled.body.disabledAt);
    const other = await createUser(h, tenant);
    const otherOrder = await createOrder(h, tenant, other.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${other.id}/order/${otherOrder.id}/discount`, {
        key: tenant.adminKey,
        body: { code: disabled.body.code },
      }),
      409,
      "discount_code_unusable",
    );
  });

  it("expired codes are unusable; fixed discounts never exceed the items", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 300 });
    await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "BIGFIX", kind: "FIXED", value: 1000 },
    });
    const soon = await api<ApiSchema<"DiscountCode">>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: {
        code: "SOON",
        kind: "PERCENT",
        value: 50,
        expiresAt: new Date(Date.now() + 1500).toISOString(),
      },
    });
    expect(soon.status, soon.text).toBe(201);
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const fixed = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "BIGFIX" },
    });
    expect(fixed.body.amounts).toMatchObject({ subtotal: 300, discount: 300, total: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const late = await createUser(h, tenant);
    const lateOrder = await createOrder(h, tenant, late.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${late.id}/order/${lateOrder.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "SOON" },
      }),
      409,
      "discount_code_unusable",
    );
  });

  it("concurrent uses never exceed the usage limit", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const code = await api<ApiSchema<"DiscountCode">>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "FIRST5", kind: "FIXED", value: 100, usageLimit: 5 },
    });
    const keys = await memberKeys(h, tenant, 2);
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      const buyer = await createUser(h, tenant);
      buyers.push({ buyer, order: await createOrder(h, tenant, buyer.id, { productId: product.id }) });
    }
    const responses = await Promise.all(
      buyers.map(({ buyer, order }, i) =>
        api<ErrorBody>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
          key: keys[i % 2]!,
          body: { code: "FIRST5" },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(15);
    for (const response of refused) expect(response.body.code).toBe("discount_code_unusable");
    const list = await api<ApiSchema<"DiscountCode">[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/discount-codes`,
      {
        key: tenant.adminKey,
      },
    );
    expect(list.body.find((row) => row.id === code.body.id)).toMatchObject({ usedCount: 5, active: false });
  });
});
