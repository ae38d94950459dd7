import { z } from "zod";

/**
 * The storefront platform's product, as its webhooks (`products/create`, `products/update`) and its
 * admin API (`GET /admin/api/{version}/products.json`) both send it (a Shopify-like shape), and the
 * one mapping from it to Tally's internal {@link StorefrontProduct}. The webhook, the real adapter and
 * the local fixture store all go through `parseStorefrontProduct`, so they cannot disagree.
 */

/** Largest price a product row holds (PostgreSQL `integer` cents). */
export const MAX_PRICE_CENTS = 2_147_483_647;

/**
 * Parses a decimal price string ("12.50", "12.5", "12") into integer cents exactly: the string is
 * split, never turned into a float. More than two decimal places are accepted only when the extra
 * digits are zeros ("12.500"). Throws a RangeError otherwise.
 */
export const parseDecimalPriceCents = (value: string): number => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError('a decimal price string such as "12.50"');
  const whole = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (/[^0]/.test(fraction.slice(2))) throw new RangeError("at most 2 decimal places");
  if (whole.length > 10) throw new RangeError("price too large");
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if (cents > BigInt(MAX_PRICE_CENTS)) throw new RangeError("price too large");
  return Number(cents);
};

const priceCents = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    try {
      return parseDecimalPriceCents(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as RangeError).message });
      return z.NEVER;
    }
  })
  .meta({ description: 'Decimal string, e.g. "12.50"', example: "12.50" });

/** The platform's numeric ids (JSON numbers) or string ids (`gid://…`): always a string inside Tally. */
const externalId = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(128)])
  .transform(String);

const optionValue = z.string().max(255).nullish();

export const storefrontPlatformVariantSchema = z
  .object({
    id: externalId,
    title: z.string().trim().max(255).nullish(),
    price: priceCents,
    sku: z.string().trim().max(255).nullish(),
    inventory_quantity: z.number().int().nullish(),
    option1: optionValue,
    option2: optionValue,
    option3: optionValue,
  })
  .meta({ id: "StorefrontPlatformVariant" });

export const storefrontPlatformProductSchema = z
  .object({
    id: externalId,
    title: z.string().trim().min(1).max(255),
    handle: z.string().trim().max(255).nullish(),
    body_html: z.string().max(200_000).nullish(),
    status: z
      .string()
      .max(50)
      .nullish()
      .meta({ description: "`active`, `draft` or `archived`; anything else is treated as `draft`" }),
    options: z
      .array(z.object({ name: z.string().trim().min(1).max(255) }))
      .max(3)
      .nullish(),
    variants: z
      .array(storefrontPlatformVariantSchema)
      .min(1)
      .max(2048)
      .superRefine((variants, ctx) => {
        const seen = new Set<string>();
        variants.forEach((variant, index) => {
          if (seen.has(variant.id))
            ctx.addIssue({ code: "custom", path: [index, "id"], message: "Duplicate variant id" });
          seen.add(variant.id);
        });
      }),
    images: z
      .array(z.object({ src: z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048) }))
      .max(250)
      .nullish(),
    updated_at: z.iso.datetime({ offset: true }).nullish(),
  })
  .meta({
    id: "StorefrontPlatformProduct",
    description: "A product as the storefront platform sends it; unknown fields are ignored.",
  });

export type StorefrontPlatformProduct = z.input<typeof storefrontPlatformProductSchema>;

export interface StorefrontProductVariant {
  /** The platform's variant id. */
  externalId: string;
  title: string;
  priceCents: number;
  sku: string | null;
  /** Never negative (an oversold platform count is 0 here). */
  stock: number;
  /** Option name -> value, e.g. `{ Size: "M" }`. */
  attributes: Record<string, string>;
}

/** Tally's one internal view of a platform product, whatever delivered it. */
export interface StorefrontProduct {
  externalId: string;
  title: string;
  handle: string | null;
  /** Plain text (the platform's HTML with tags removed and entities decoded). */
  description: string;
  status: "active" | "draft" | "archived";
  /** The first variant's price. */
  priceCents: number;
  images: string[];
  variants: StorefrontProductVariant[];
  /** The platform's `updated_at`, to discard out-of-order deliveries. */
  updatedAt: Date | null;
}

/** PostgreSQL text and jsonb cannot hold U+0000. */
const clean = (value: string): string => value.replaceAll("\u0000", "");

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  copy: "©",
  reg: "®",
  trade: "™",
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });

/** The platform's `body_html` as plain text: scripts and styles dropped, blocks on their own lines. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|ul|ol|section|article)\s*>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const platformStatus = (status: string | null | undefined): StorefrontProduct["status"] => {
  const normalized = (status ?? "active").toLowerCase();
  return normalized === "active" || normalized === "archived" ? normalized : "draft";
};

/** Validates a platform product (throws a ZodError with field paths) and maps it: the one mapping. */
export const parseStorefrontProduct = (input: unknown): StorefrontProduct => {
  const raw = storefrontPlatformProductSchema.parse(input);
  const optionNames = [0, 1, 2].map((index) => clean(raw.options?.[index]?.name ?? `Option ${index + 1}`));
  const variants = raw.variants.map((variant): StorefrontProductVariant => {
    const attributes: Record<string, string> = {};
    [variant.option1, variant.option2, variant.option3].forEach((value, index) => {
      if (value !== null && value !== undefined && value.trim() !== "") {
        attributes[optionNames[index] as string] = clean(value.trim());
      }
    });
    return {
      externalId: clean(variant.id),
      title: clean(variant.title || "Default"),
      priceCents: variant.price,
      sku: variant.sku ? clean(variant.sku) : null,
      stock: Math.max(0, Math.min(variant.inventory_quantity ?? 0, 2_147_483_647)),
      attributes,
    };
  });
  return {
    externalId: clean(raw.id),
    title: clean(raw.title),
    handle: raw.handle ? clean(raw.handle) : null,
    description: raw.body_html ? clean(htmlToText(raw.body_html)) : "",
    status: platformStatus(raw.status),
    priceCents: (variants[0] as StorefrontProductVariant).priceCents,
    images: (raw.images ?? []).map((image) => image.src),
    variants,
    updatedAt: raw.updated_at ? new Date(raw.updated_at) : null,
  };
};

/** `products/delete` carries only the product id. */
export const storefrontPlatformDeletedSchema = z
  .object({ id: externalId })
  .meta({ id: "StorefrontPlatformProductDeleted", description: "`products/delete`: the product id only" });
