import type { SandboxCardProcessor } from "@tally/providers";
import { api, buyer, checkout, openShop, type TestRuntime, useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Two runtimes in one process (tests and `startInstance` do this) share no hooks, ports or
 * handlers: what one domain offers another is wired per runtime by the composition root.
 */
let second: TestRuntime;
const h = useHarness();
beforeAll(async () => {
  second = await h.startInstance();
});
const cardProcessorOf = (runtime: TestRuntime) =>
  runtime.deps.providers.cardProcessor as unknown as SandboxCardProcessor;

describe("two runtimes in one process", () => {
  it("each wires its own payments port, event bus and providers", () => {
    expect(second.deps.services.orderPayments).not.toBe(h.runtime.deps.services.orderPayments);
    expect(second.deps.events).not.toBe(h.runtime.deps.events);
    expect(cardProcessorOf(second)).not.toBe(cardProcessorOf(h.runtime));
  });

  it("hands a live card intent's resize to the event bus of the runtime that served the change, not the last one built", async () => {
    const shop = await openShop(h);
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.status, started.text).toBe(200);
    const mine = vi.spyOn(h.runtime.deps.events, "publish");
    const other = vi.spyOn(second.deps.events, "publish");
    try {
      const quote = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: shop.tenant.adminKey,
        body: {
          firstName: "Ada",
          lastName: "Lovelace",
          address: {
            line1: "1 Main St",
            city: "Austin",
            state: "TX",
            postalCode: "78701",
            countryCode: "US",
          },
        },
      });
      expect(quote.status, quote.text).toBe(200);
      const resizes = (spy: typeof mine) =>
        spy.mock.calls
          .filter(([, event]) => event === "card-intent-amount-changed")
          .map(([, , payload]) => payload);
      expect(resizes(mine)).toEqual([{ organizationId: shop.tenant.organizationId, orderId: order.id }]);
      expect(resizes(other)).toEqual([]);
    } finally {
      mine.mockRestore();
      other.mockRestore();
    }
  });
});
