import { api, openCreatorShop, productIn, statementCounter, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const { onStatement, counted } = statementCounter();
const h = useHarness({ env: { RUN_WORKER: "off" }, onStatement });

describe("the statements of a storefront read", () => {
  it("reads a page of products with their variants, or one product, in one statement of its own", async () => {
    const shop = await openCreatorShop(h);
    for (let index = 0; index < 3; index++) await productIn(h, shop, "PUBLISHED");
    const key = shop.tenant.memberKey;
    // The first call warms the key cache and the rate limiter's lease, which later requests reuse.
    await api(h, "GET", `/creator/${shop.creatorSlug}/products`, { key });

    const list = await counted(() =>
      api<unknown[]>(h, "GET", `/creator/${shop.creatorSlug}/products`, { key }),
    );
    expect(list.result.status).toBe(200);
    expect(list.result.body).toHaveLength(3);
    const product = (list.result.body[0] as { slug: string }).slug;
    const one = await counted(() =>
      api(h, "GET", `/creator/${shop.creatorSlug}/product/${product}`, { key }),
    );
    expect(one.result.status).toBe(200);
    console.info(`storefront statements: list=${list.statements.length} one=${one.statements.length}`);
    // The tenant transaction's opening, the read and the commit (on PostgreSQL one write, one round trip).
    const reads = (statements: string[]) => statements.filter((sql) => /from "creators"/.test(sql));
    expect(reads(list.statements)).toHaveLength(1);
    expect(reads(one.statements)).toHaveLength(1);
    expect(list.statements.length).toBeLessThanOrEqual(STOREFRONT_READ_BUDGET);
    expect(one.statements.length).toBeLessThanOrEqual(STOREFRONT_READ_BUDGET);
  });
});

/** Every statement a warm storefront read sends, whatever it is for (four reads before issue 24). */
const STOREFRONT_READ_BUDGET = 3;
