import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { inTenantStatement, withCreator } from "../access/scope.ts";
import { productAnalytics, productSales, productsAnalytics } from "../insights/product-sales.ts";
import {
  createProductInput,
  creatorAnalyticsInput,
  listProductsInput,
  productAnalyticsSchema,
  productIdParams,
  productSalesInput,
  productSalesSchema,
  productSchema,
  productsAnalyticsSchema,
  publicProductInput,
  publicProductsInput,
  updateProductInput,
} from "./schemas.ts";
import {
  archiveProduct,
  createProduct,
  getCreatorProduct,
  listCreatorProducts,
  publishProduct,
  purgeProduct,
  restoreProduct,
  updateProduct,
} from "./service.ts";
import { getPublishedProduct, listPublishedProducts } from "./storefront-reads.ts";

const tags = ["Products"];

export const productsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/product",
        tags,
        summary: "Create a product (as a DRAFT) with its variants",
        description:
          "Without `variants`, one default variant is created holding `stock`. Stock is optional: omitted or null means not tracked (the variant never runs out); a number is tracked (held by checkouts, never below 0, 409 `out_of_stock` beyond it). The slug must be unused among the creator's products (409 `already_exists`).",
      },
      successStatus: 201,
    })
    .input(createProductInput)
    .output(productSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        createProduct({ tx, clock: ctx.deps.clock }, creator, input),
      ),
    ),
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/products",
        tags,
        summary: "List the creator's products, drafts and archived ones included (X-Total-Count)",
      },
    })
    .input(listProductsInput)
    .output(z.array(productSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listCreatorProducts(tx, creator, input)),
      );
    }),
  sales: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/products/sales",
        tags,
        summary: "Sales per product from paid orders, best sellers first (X-Total-Count)",
        description:
          "Counts order items of the creator's orders in PAID, PROCESSING, SHIPPED or DELIVERED. Revenue is quantity x unit price in cents, before discounts, points and shipping. Purged products with sales are listed with `status: null`.",
      },
    })
    .input(productSalesInput)
    .output(z.array(productSalesSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => productSales(tx, creator, input)),
      );
    }),
  analytics: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/products/analytics",
        tags,
        summary:
          "Aggregate product analytics: products by status, units, revenue, average order, top products",
      },
    })
    .input(creatorAnalyticsInput)
    .output(productsAnalyticsSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => productsAnalytics(tx, creator)),
    ),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/product/{productId}",
        tags,
        summary: "Get one of the creator's products (any status)",
      },
    })
    .input(productIdParams)
    .output(productSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => getCreatorProduct(tx, creator, input.productId)),
    ),
  update: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/creator/id/{creatorId}/product/{productId}",
        tags,
        summary: "Update a product and manage its variants",
        description:
          "Omitted fields are unchanged. `variants`: items with `id` update that variant, items without `id` add one (name required; stock omitted = untracked). A variant's `stock` number switches it to (or sets) tracked stock, `null` switches it to untracked. `removeVariantIds` deletes variants; a product keeps at least one, and exactly one default. An ARCHIVED product cannot be edited (409 `invalid_state`).",
      },
    })
    .input(updateProductInput)
    .output(productSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        updateProduct({ tx, clock: ctx.deps.clock }, creator, input),
      ),
    ),
  productAnalytics: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/product/{productId}/analytics",
        tags,
        summary: "One product's sales: totals, per variant, and per day for the last 30 days",
      },
    })
    .input(productIdParams)
    .output(productAnalyticsSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        productAnalytics({ tx, clock: ctx.deps.clock }, creator, input.productId),
      ),
    ),
  publish: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/product/{productId}/publish",
        tags,
        summary: "Publish a DRAFT product (emits product-published)",
        description: "Only a DRAFT can be published; any other status answers 409 `invalid_state`.",
      },
    })
    .input(productIdParams)
    .output(productSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        publishProduct({ tx, clock: ctx.deps.clock, events: ctx.deps.events }, creator, input.productId),
      ),
    ),
  restore: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/product/{productId}/restore",
        tags,
        summary: "Restore an ARCHIVED product as a DRAFT",
        description: "Only an ARCHIVED product can be restored; it comes back as a DRAFT to publish again.",
      },
    })
    .input(productIdParams)
    .output(productSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        restoreProduct({ tx, clock: ctx.deps.clock }, creator, input.productId),
      ),
    ),
  archive: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/product/{productId}",
        tags,
        summary: "Archive a product (soft delete): DRAFT or PUBLISHED -> ARCHIVED",
      },
      successStatus: 204,
    })
    .input(productIdParams)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        archiveProduct({ tx, clock: ctx.deps.clock }, creator, input.productId),
      ),
    ),
  purge: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/product/{productId}/purge",
        tags,
        summary: "Delete a DRAFT or ARCHIVED product permanently",
        description:
          "A PUBLISHED product must be archived first (409 `invalid_state`). Afterwards every route answers 404 for it; order items keep their snapshot of name, slug and price.",
      },
      successStatus: 204,
    })
    .input(productIdParams)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => purgeProduct(tx, creator, input.productId)),
    ),
  publicList: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/{slug}/products",
        tags,
        summary: "A creator's storefront: published products only (X-Total-Count)",
      },
    })
    .input(publicProductsInput)
    .output(z.array(productSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await inTenantStatement(ctx, (tx) => listPublishedProducts(tx, ctx.principal.organizationId, input)),
      );
    }),
  publicGet: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/{slug}/product/{productSlug}",
        tags,
        summary: "A published product by its slug (drafts and archived products answer 404)",
      },
    })
    .input(publicProductInput)
    .output(productSchema)
    .query(({ ctx, input }) =>
      inTenantStatement(ctx, (tx) => getPublishedProduct(tx, ctx.principal.organizationId, input)),
    ),
});
