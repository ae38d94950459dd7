import { newId } from "@tally/core";
import { products } from "@tally/db";
import { createCreator, detailsOf, expectError, type Tenant, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

const seedProduct = async (
  tenant: Tenant,
  creatorId: string,
  categoryId: number | null,
  status: "DRAFT" | "PUBLISHED" | "ARCHIVED",
) => {
  const id = newId();
  await h.database.db.insert(products).values({
    organizationId: tenant.organizationId,
    id,
    creatorId,
    name: `Product ${id}`,
    slug: `product-${id}`,
    price: 1000,
    status,
    categoryId,
  });
  return id;
};

describe("GET /categories", () => {
  it("lists the 15 seeded categories by id as {id, name}", async () => {
    const tenant = await h.createTenant();
    const response = await h.request<{ id: number; name: string }[]>("GET", "/api/v1/categories", {
      key: tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(15);
    expect(response.body.map((category) => category.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(response.body[0]).toEqual({ id: 1, name: "Apparel" });
    expect(response.body[14]).toEqual({ id: 15, name: "Technology" });
  });

  it("needs an API key", async () => {
    expectError(await h.request("GET", "/api/v1/categories"), 401, "unauthorized");
  });

  it("refuses unknown query parameters", async () => {
    const tenant = await h.createTenant();
    const response = await h.request("GET", "/api/v1/categories?color=red", { key: tenant.memberKey });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response)).toEqual([{ field: "color", message: "Unknown field" }]);
  });
});

describe("GET /categories/{id}", () => {
  it("returns the category with counts of the caller's organization only", async () => {
    const tenant = await h.createTenant();
    const other = await h.createTenant();
    const creator = await createCreator(h, tenant, { categoryIds: [3, 4] });
    const otherCreator = await createCreator(h, other, { categoryIds: [3] });
    await seedProduct(tenant, creator.id, 3, "PUBLISHED");
    await seedProduct(tenant, creator.id, 3, "PUBLISHED");
    await seedProduct(tenant, creator.id, 3, "DRAFT");
    await seedProduct(tenant, creator.id, 3, "ARCHIVED");
    await seedProduct(tenant, creator.id, 4, "PUBLISHED");
    await seedProduct(tenant, creator.id, null, "PUBLISHED");
    await seedProduct(other, otherCreator.id, 3, "PUBLISHED");

    const music = await h.request("GET", "/api/v1/categories/3", { key: tenant.memberKey });
    expect(music.status).toBe(200);
    expect(music.body).toEqual({ id: 3, name: "Music", slug: "music", productCount: 2, creatorCount: 1 });

    const art = await h.request("GET", "/api/v1/categories/4", { key: tenant.memberKey });
    expect(art.body).toEqual({ id: 4, name: "Art", slug: "art", productCount: 1, creatorCount: 1 });

    const otherView = await h.request("GET", "/api/v1/categories/3", { key: other.memberKey });
    expect(otherView.body).toEqual({ id: 3, name: "Music", slug: "music", productCount: 1, creatorCount: 1 });

    const empty = await h.request("GET", "/api/v1/categories/15", { key: tenant.memberKey });
    expect(empty.body).toEqual({
      id: 15,
      name: "Technology",
      slug: "technology",
      productCount: 0,
      creatorCount: 0,
    });
  });

  it("answers 404 for an id that is not a category", async () => {
    const tenant = await h.createTenant();
    expectError(await h.request("GET", "/api/v1/categories/16", { key: tenant.memberKey }), 404, "not_found");
    expectError(
      await h.request("GET", "/api/v1/categories/2147483647", { key: tenant.memberKey }),
      404,
      "not_found",
    );
  });

  it.each(["0", "-1", "1.5", "abc", "0x10", "2147483648", "1e3x"])("answers 422 for id %s", async (value) => {
    const tenant = await h.createTenant();
    const response = await h.request("GET", `/api/v1/categories/${value}`, { key: tenant.memberKey });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response).map((detail) => detail.field)).toEqual(["id"]);
  });

  it("needs an API key", async () => {
    expectError(await h.request("GET", "/api/v1/categories/1"), 401, "unauthorized");
  });
});
