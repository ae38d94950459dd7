import { offsetPaginationInput } from "@tally/core";
import { productStatuses } from "@tally/db";
import { z } from "zod";
import { SLUG_PATTERN } from "../creators/schemas.ts";
import { httpUrl, id } from "../shared/schemas.ts";

/** PostgreSQL `integer`: the largest amount of cents or units one column can hold. */
const INT4_MAX = 2_147_483_647;

export const productStatus = z.enum(productStatuses);

/** Same format as creator slugs (3-50 lowercase letters, digits, inner hyphens); upper case is folded. */
export const productSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(
    SLUG_PATTERN,
    "3-50 lowercase letters, digits or hyphens, starting and ending with a letter or digit",
  );

const cents = z.number().int().min(0).max(INT4_MAX).describe("Integer amount in cents");
/** Tracked stock; null (or omitted on create) = not tracked: the variant never runs out. */
const stock = z
  .number()
  .int()
  .min(0)
  .max(1_000_000_000)
  .nullable()
  .describe(
    "Units available to new orders (integer >= 0), not counting units held by checkouts in progress; null = not tracked (never runs out)",
  );
const productName = z.string().trim().min(1).max(200);
const variantName = z.string().trim().min(1).max(200);
const sku = z.string().trim().min(1).max(100);
const attributes = z
  .record(z.string().trim().min(1).max(50), z.string().trim().min(1).max(200))
  .refine((value) => Object.keys(value).length <= 20, "At most 20 attributes")
  .describe('Attribute name to value, e.g. {size: "M", colour: "blue"}');
const description = z.string().max(10_000);
const images = z.array(httpUrl).max(20).describe("Image URLs (http or https), first one is the main image");
const categoryId = z.number().int().positive().describe("A category id (GET /categories)");

// ---- outputs ---------------------------------------------------------------------------------

export const productVariantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    price: z.number().int().nullable().describe("Price override in cents; null = the product's price"),
    stock: z
      .number()
      .int()
      .nullable()
      .describe(
        "Units available to new orders (held units excluded); null = stock is not tracked and the variant never runs out",
      ),
    isDefault: z.boolean().describe("Exactly one variant of a product is the default one"),
  })
  .meta({ id: "ProductVariant" });

export const productSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number().int().describe("Price in cents"),
    currency: z.string().describe("ISO 4217 code, lowercase (usd)"),
    status: productStatus.describe("DRAFT -> PUBLISHED -> ARCHIVED -> DRAFT (restore); purge deletes"),
    pointEligible: z.boolean().describe("Purchases of this product earn the creator's points"),
    images: z.array(z.string()),
    categoryId: z.number().int().nullable(),
    variants: z.array(productVariantSchema).describe("At least one; ordered by position"),
    totalStock: z
      .number()
      .int()
      .nullable()
      .describe(
        "Sum of the variants' stock; null when any variant is untracked (stock null): it never runs out",
      ),
    publishedAt: z.date().nullable().describe("When it was last published; null while not published"),
    archivedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Product" });

export type ProductOutput = z.infer<typeof productSchema>;

const salesFigures = {
  unitsSold: z.number().int().describe("Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED)"),
  revenue: z.number().int().describe("Sum of quantity x unit price in cents (before discounts and points)"),
  orderCount: z.number().int().describe("Distinct counted orders containing it"),
};

export const productSalesSchema = z
  .object({
    productId: z.string(),
    name: z.string().describe("Current name, or the order items' snapshot for a purged product"),
    slug: z.string(),
    status: productStatus.nullable().describe("null when the product was purged"),
    ...salesFigures,
  })
  .meta({ id: "ProductSales" });

export const productsAnalyticsSchema = z
  .object({
    currency: z.string(),
    products: z
      .object({
        total: z.number().int(),
        DRAFT: z.number().int(),
        PUBLISHED: z.number().int(),
        ARCHIVED: z.number().int(),
      })
      .describe("Products by status"),
    unitsSold: salesFigures.unitsSold,
    revenue: salesFigures.revenue,
    orderCount: z.number().int().describe("Counted orders of the creator"),
    averageOrderValue: z.number().int().describe("revenue / orderCount in cents, rounded; 0 with no orders"),
    topProducts: z.array(productSalesSchema).describe("Up to 5 products by revenue, then units"),
  })
  .meta({ id: "ProductsAnalytics" });

export const productVariantSalesSchema = z
  .object({
    variantId: z.string().nullable().describe("null for order items that named no variant"),
    name: z.string().nullable().describe("null when the variant no longer exists"),
    ...salesFigures,
  })
  .meta({ id: "ProductVariantSales" });

export const dailySalesSchema = z
  .object({
    date: z.string().describe("UTC day, YYYY-MM-DD (orders by paidAt, else createdAt)"),
    ...salesFigures,
  })
  .meta({ id: "DailySales" });

export const productAnalyticsSchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    status: productStatus,
    currency: z.string(),
    ...salesFigures,
    averageOrderValue: z.number().int().describe("This product's revenue / orderCount, rounded"),
    variants: z.array(productVariantSalesSchema),
    daily: z.array(dailySalesSchema).describe("The last 30 UTC days, oldest first, zero-filled"),
  })
  .meta({ id: "ProductAnalytics" });

// ---- inputs ----------------------------------------------------------------------------------

export const variantCreateInput = z.strictObject({
  name: variantName,
  sku: sku.nullish(),
  attributes: attributes.default({}),
  price: cents.nullish().describe("Price override in cents; omitted or null = the product's price"),
  stock: stock
    .optional()
    .describe("Units available (integer >= 0); omitted or null = not tracked (never runs out)"),
  isDefault: z.literal(true).optional().describe("Make this the default variant (default: the first one)"),
});

/** PATCH item: with `id` it updates that variant (fields optional), without `id` it creates one. */
export const variantPatchInput = z
  .strictObject({
    id: id.optional().describe("Variant to update; omit to add a new variant"),
    name: variantName.optional(),
    sku: sku.nullish().describe("null clears"),
    attributes: attributes.optional().describe("Replaces the whole attribute set"),
    price: cents.nullish().describe("null clears the override"),
    stock: stock
      .optional()
      .describe(
        "A number sets the tracked stock (absolute, not a delta; units held by checkouts in progress come back on top of it if released); null stops tracking (holds stay as they are); omitted = unchanged (untracked for a new variant)",
      ),
    isDefault: z.literal(true).optional().describe("Make this the default variant"),
  })
  .superRefine((variant, context) => {
    if (variant.id !== undefined) return;
    if (variant.name === undefined)
      context.addIssue({ code: "custom", path: ["name"], message: "A new variant needs a name" });
  });

const duplicateDefaults = (variants: { isDefault?: true | undefined }[] | undefined) =>
  (variants ?? []).filter((variant) => variant.isDefault).length > 1;

export const createProductInput = z
  .strictObject({
    creatorId: id,
    name: productName,
    slug: productSlug.describe("Unique among the creator's products"),
    description: description.default(""),
    price: cents.describe("Price in cents"),
    pointEligible: z.boolean().default(false),
    images: images.default([]),
    categoryId: categoryId.nullish(),
    variants: z
      .array(variantCreateInput)
      .min(1)
      .max(100)
      .optional()
      .describe("Omit for a single default variant holding `stock`"),
    stock: stock
      .optional()
      .describe(
        "Stock of the default variant when no variants are given; omitted or null = not tracked (never runs out)",
      ),
  })
  .superRefine((input, context) => {
    if (input.variants !== undefined && input.stock != null)
      context.addIssue({
        code: "custom",
        path: ["stock"],
        message: "Give stock per variant when variants are listed",
      });
    if (duplicateDefaults(input.variants))
      context.addIssue({
        code: "custom",
        path: ["variants"],
        message: "At most one variant can be isDefault",
      });
  });
export type CreateProductInput = z.infer<typeof createProductInput>;

export const productIdParams = z.strictObject({ creatorId: id, productId: id });

export const updateProductInput = z
  .strictObject({
    creatorId: id,
    productId: id,
    name: productName.optional(),
    slug: productSlug.optional(),
    description: description.optional(),
    price: cents.optional(),
    pointEligible: z.boolean().optional(),
    images: images.optional().describe("Replaces the whole list"),
    categoryId: categoryId.nullable().optional().describe("null clears"),
    variants: z
      .array(variantPatchInput)
      .max(100)
      .optional()
      .describe("Items with `id` update that variant; items without `id` add a variant"),
    removeVariantIds: z
      .array(id)
      .max(100)
      .optional()
      .describe("Variants to delete; a product always keeps at least one"),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    (input.variants ?? []).forEach((variant, index) => {
      if (variant.id === undefined) return;
      if (seen.has(variant.id))
        context.addIssue({ code: "custom", path: ["variants", index, "id"], message: "Listed twice" });
      seen.add(variant.id);
    });
    (input.removeVariantIds ?? []).forEach((variantId, index) => {
      if (seen.has(variantId))
        context.addIssue({
          code: "custom",
          path: ["removeVariantIds", index],
          message: "Cannot update and remove the same variant",
        });
    });
    if (duplicateDefaults(input.variants))
      context.addIssue({
        code: "custom",
        path: ["variants"],
        message: "At most one variant can be isDefault",
      });
  });
export type UpdateProductInput = z.infer<typeof updateProductInput>;

export const listProductsInput = z.strictObject({
  creatorId: id,
  status: productStatus.optional().describe("Only products in this status"),
  ...offsetPaginationInput.shape,
});

export const publicProductsInput = z.strictObject({
  slug: z.string().min(1).max(100).describe("The creator's slug"),
  ...offsetPaginationInput.shape,
});

export const publicProductInput = z.strictObject({
  slug: z.string().min(1).max(100).describe("The creator's slug"),
  productSlug: z.string().min(1).max(100),
});

export const productSalesInput = z.strictObject({
  creatorId: id,
  ...offsetPaginationInput.shape,
});

export const creatorAnalyticsInput = z.strictObject({ creatorId: id });
