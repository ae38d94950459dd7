import { createCreator, handlerDeps, seedOrder, statementCounter, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";
import { settlePresaleOrders } from "./purchase-processed.ts";

const { onStatement, counted } = statementCounter();
// No worker: the handler runs below by hand, each batch counted on its own.
const h = useHarness({ env: { RUN_WORKER: "off" }, onStatement });

describe("the statements of a batch of purchase-processed, rewards' subscription", () => {
  it("finds a batch's presale orders among ten paid orders in as many statements as among one", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const orderIds: string[] = [];
    for (let index = 0; index < 11; index++)
      orderIds.push(
        await seedOrder(h, tenant, creator.id, {
          guestEmail: "guest@example.com",
          status: "PAID",
          items: [{ price: 500, quantity: 1 }],
        }),
      );
    const settle = async (batch: string[]) =>
      (
        await counted(() =>
          settlePresaleOrders(
            handlerDeps(h),
            batch.map((orderId) => ({ organizationId: tenant.organizationId, orderId })),
          ),
        )
      ).statements.length;

    const one = await settle(orderIds.slice(0, 1));
    const ten = await settle(orderIds.slice(1));
    console.info(`presale settlement's statements: one order ${one}, ten ${ten}`);
    expect(ten).toBe(one);
  });
});
