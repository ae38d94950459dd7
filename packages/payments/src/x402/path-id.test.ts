import { api, createUser, expectError, openShop, useHarness } from "@tally/testing";
import { x402Fixtures } from "@tally/testing/x402";
import { describe, expect, it } from "vitest";

/** The keyless pay route checks its path id as every keyed route does: a bad id is 422, never a 500. */

const h = useHarness();
const { newClient, pay } = x402Fixtures(h, 48);

describe("POST /x402/orders/{id}/pay with a malformed id", () => {
  it("NUL, uppercase, spaces or an overlong id: 422 validation_failed naming `id`, as on a keyed route", async () => {
    const client = newClient();
    for (const id of ["%00", "abc%00def", "ABC", "a%20b", "a".repeat(65)]) {
      const response = await pay(id, { client });
      expectError(response, 422, "validation_failed");
      expect((response.body as unknown as { details: { field: string }[] }).details).toEqual([
        expect.objectContaining({ field: "id" }),
      ]);
    }
    const shop = await openShop(h);
    const user = await createUser(h, shop.tenant);
    const keyed = await api(h, "GET", `/user/${user.id}/order/%00`, { key: shop.tenant.adminKey });
    expectError(keyed, 422, "validation_failed");
  });
});
