/**
 * The storefront scenarios' setup and check. Seeded through the API as an integrator would (as
 * /work/shared/peers/tally-vs-medusa/tally-seed.mjs does): an OPERATOR creates a PRO-tier
 * organization and BENCH_KEYS MEMBER keys; a user, a creator it owns, and BENCH_STOREFRONT_PRODUCTS
 * published products with 4 variants each. Before measuring, the bare routes must answer the full
 * routes' bytes (and the list its X-Total-Count) for every path the load uses: else the ratio
 * compares different work.
 */
import { api } from "./processes.ts";

export interface StorefrontSeed {
  organizationId: string;
  keys: string[];
  creatorSlug: string;
  productSlugs: string[];
}

/** The load's paths: the list (one page of 20), and every product, rotated over. */
export interface StorefrontPaths {
  list: string[];
  one: string[];
}

/** Runs `task(i)` for i in [0, n), `width` at a time. */
const inPool = async <T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> => {
  const results: T[] = new Array(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, worker));
  return results;
};

const sizes = ["S", "M", "L", "XL"];

export const seedStorefront = async (
  base: string,
  operatorKey: string,
  options: { keys: number; products: number },
): Promise<StorefrontSeed> => {
  const organization = await api<{ id: string }>(base, operatorKey, "POST", "/admin/organizations", {
    name: "Bench Storefront",
    subscriptionTierId: "pro",
  });
  const keys = await inPool(options.keys, 5, async (i) => {
    const created = await api<{ key: string }>(base, operatorKey, "POST", "/admin/api-keys", {
      organizationId: organization.id,
      role: "MEMBER",
      name: `storefront bench ${i + 1}`,
    });
    return created.key;
  });
  const key = keys[0]!;
  const tag = organization.id.slice(0, 8);
  const owner = await api<{ id: string }>(base, key, "POST", "/user", {
    email: `owner-${tag}@bench.example.com`,
    walletProviderId: `did:bench:${tag}:owner`,
  });
  const asOwner = { "x-user-id": owner.id };
  const creator = await api<{ id: string; slug: string }>(
    base,
    key,
    "POST",
    `/user/${owner.id}/creator`,
    { displayName: "Bench Creator", slug: "bench-creator", categoryIds: [1] },
    asOwner,
  );
  const productSlugs = await inPool(options.products, 5, async (i) => {
    const n = i + 1;
    const product = await api<{ id: string; slug: string }>(
      base,
      keys[i % keys.length]!,
      "POST",
      `/creator/id/${creator.id}/product`,
      {
        name: `Bench Product ${n}`,
        slug: `bench-product-${n}`,
        description: `Benchmark product number ${n}. A comfortable everyday garment.`,
        price: (10 + (i % 20)) * 100,
        images: [`http://127.0.0.1/img/p${n}.png`],
        categoryId: 1 + (i % 4),
        variants: sizes.map((size) => ({
          name: size,
          sku: `BENCH-${n}-${size}`,
          attributes: { Size: size },
          stock: 100_000_000,
        })),
      },
      asOwner,
    );
    const published = await api<{ status: string }>(
      base,
      keys[i % keys.length]!,
      "POST",
      `/creator/id/${creator.id}/product/${product.id}/publish`,
      undefined,
      asOwner,
    );
    if (published.status !== "PUBLISHED") throw new Error(`product ${n} did not publish`);
    return product.slug;
  });
  return { organizationId: organization.id, keys, creatorSlug: creator.slug, productSlugs };
};

export const fullPaths = (seed: StorefrontSeed): StorefrontPaths => ({
  list: [`/api/v1/creator/${seed.creatorSlug}/products?limit=20`],
  one: seed.productSlugs.map((slug) => `/api/v1/creator/${seed.creatorSlug}/product/${slug}`),
});

export const barePaths = (seed: StorefrontSeed): StorefrontPaths => {
  const prefix = `/bare/organizations/${seed.organizationId}/creator/${seed.creatorSlug}`;
  return {
    list: [`${prefix}/products?limit=20`],
    one: seed.productSlugs.map((slug) => `${prefix}/product/${slug}`),
  };
};

const answer = async (base: string, path: string, key: string) => {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${key}`, accept: "application/json" },
  });
  return {
    status: response.status,
    totalCount: response.headers.get("x-total-count"),
    contentType: response.headers.get("content-type"),
    body: await response.text(),
  };
};

/** Throws unless every bare path answers 200 with the full path's exact bytes and X-Total-Count. */
export const verifySameBytes = async (
  full: { base: string; paths: StorefrontPaths },
  bare: { base: string; paths: StorefrontPaths },
  key: string,
  expected: { total: number; pageSize: number },
): Promise<void> => {
  for (const kind of ["list", "one"] as const) {
    for (const [i, fullPath] of full.paths[kind].entries()) {
      const barePath = bare.paths[kind][i]!;
      const [a, b] = await Promise.all([answer(full.base, fullPath, key), answer(bare.base, barePath, key)]);
      const differs = (what: string, x: unknown, y: unknown) =>
        new Error(
          `storefront check: ${what} differs between ${fullPath} and ${barePath}:\nfull: ${String(x).slice(0, 600)}\nbare: ${String(y).slice(0, 600)}`,
        );
      if (a.status !== 200) throw differs("status (full is not 200)", a.status, b.status);
      if (a.status !== b.status) throw differs("status", a.status, b.status);
      if (a.totalCount !== b.totalCount) throw differs("X-Total-Count", a.totalCount, b.totalCount);
      if (a.contentType !== b.contentType) throw differs("content-type", a.contentType, b.contentType);
      if (a.body !== b.body) {
        const at = [...a.body].findIndex((char, j) => char !== b.body[j]);
        throw differs(
          `body (first difference at byte ${at})`,
          a.body.slice(Math.max(0, at - 200)),
          b.body.slice(Math.max(0, at - 200)),
        );
      }
      if (kind === "list") {
        const items = JSON.parse(a.body) as unknown[];
        if (a.totalCount !== String(expected.total) || items.length !== expected.pageSize)
          throw new Error(
            `storefront check: the list shows ${items.length} of ${a.totalCount}, want ${expected.pageSize} of ${expected.total}`,
          );
      }
    }
  }
};
