import {
  api,
  createUser,
  getOrder,
  helper,
  openShop,
  publishedProduct,
  statementCounter,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const { onStatement, counted } = statementCounter();
// No worker: jobs would run their own statements inside the counted windows.
const h = useHarness({ env: { RUN_WORKER: "off" }, onStatement });

const address = {
  firstName: "Bench",
  lastName: "User",
  address: { line1: "1 Main St", city: "New York", state: "NY", postalCode: "10001", countryCode: "US" },
};

/**
 * A transaction's framing differs by driver (PGlite sends the tenant setting and a closing check as
 * statements of their own; PostgreSQL sends them with the first statement and COMMIT): not counted.
 * Nor is the rate limiter's lease, taken for a batch of the key's requests and so falling on
 * whichever step comes when the batch runs out.
 */
const counts = (statements: string[]) =>
  statements.filter(
    (sql) =>
      !/^(select set_config\(|select 1$|begin;|commit$|insert into rate_limit_buckets )/.test(sql.trim()),
  ).length;

/**
 * The statements of each step of the checkout pipeline the side-by-side benchmark runs (create,
 * second product, shipping quote, card checkout, processor success, read), with a budget per step:
 * every statement is a round trip and a query to build, and a checkout is mostly statements.
 */
describe("the statements of a card checkout", () => {
  it("stays within each step's budget, the second order as the first", async () => {
    const shop = await openShop(h, { price: 2500, stock: 100 });
    const second = await publishedProduct(h, shop.tenant, shop.creator.id, { price: 1500, stock: 100 });
    const key = shop.tenant.adminKey;
    for (let round = 0; round < 2; round++) {
      const user = await createUser(h, shop.tenant);
      const headers = { "x-user-id": user.id };
      const create = await counted(() =>
        api<{ id: string }>(h, "POST", `/user/${user.id}/order`, {
          key,
          headers,
          body: { productId: shop.product.id, variantIds: [shop.product.variants[0]!.id] },
        }),
      );
      expect(create.result.status, create.result.text).toBe(201);
      const orderId = create.result.body.id;
      const add = await counted(() =>
        api(h, "POST", `/user/${user.id}/order/${orderId}/product/${second.id}`, {
          key,
          headers,
          body: { variantIds: [second.variants[0]!.id] },
        }),
      );
      expect(add.result.status, add.result.text).toBeLessThan(300);
      const quote = await counted(() =>
        api(h, "POST", `/order/${orderId}/shipping/quote`, { key, headers, body: address }),
      );
      expect(quote.result.status, quote.result.text).toBeLessThan(300);
      const co = await counted(() =>
        api<{ paymentIntentId: string }>(h, "POST", `/user/${user.id}/order/${orderId}/checkout`, {
          key,
          headers,
          body: {},
        }),
      );
      expect(co.result.status, co.result.text).toBe(200);
      const succeed = await counted(() => helper(h, co.result.body.paymentIntentId, "succeed"));
      expect(succeed.result.status, succeed.result.text).toBe(200);
      const read = await counted(() => getOrder(h, shop.tenant, user.id, orderId));
      const steps = {
        create: counts(create.statements),
        add: counts(add.statements),
        quote: counts(quote.statements),
        checkout: counts(co.statements),
        succeed: counts(succeed.statements),
        read: counts(read.statements),
      };
      console.info(`checkout statements, order ${round + 1}: ${JSON.stringify(steps)}`);
      for (const [step, n] of Object.entries(steps))
        expect(n, step).toBeLessThanOrEqual(CHECKOUT_BUDGET[step as keyof typeof steps]);
      // The processor's webhook paid the order in its own request: no job is needed for that.
      expect(read.result.status).toBe("PAID");
    }
  });
});

/**
 * Statements per step, framing aside (before issue 24: 19, 15, 19, 37, 26, 6). An item change resolves
 * its product once and returns the order its last write returned; the claim and the settlement read
 * and lock their order once and hand the locked row to each step (`LockedOrder`); a quote presents its
 * order once. The claim's read is also the check that the order is the user's. An order's points hold
 * is one statement when it holds none, as is its finalization; its stock is one read, one change of
 * all of its variants' stock and one write of all of its reservations, and a settlement's read commits
 * the holds that fit its items. The payer's processor customer and e-mail are one read.
 */
const CHECKOUT_BUDGET = { create: 14, add: 12, quote: 13, checkout: 20, succeed: 17, read: 5 };
