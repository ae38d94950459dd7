import {
  createCreator,
  createUser,
  handlerDeps,
  seedOrder,
  statementCounter,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { handleCreatorOrderConfirmations, handleOrderConfirmations } from "./confirmations.ts";

const { onStatement, counted } = statementCounter();
// No worker: the handlers run below by hand, each batch counted on its own.
const h = useHarness({ env: { RUN_WORKER: "off" }, onStatement });

describe("the statements of a batch of paid-order notices", () => {
  it("sends one order's receipt and creator notice in as many statements as ten orders'", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const orderIds: string[] = [];
    for (let index = 0; index < 11; index++) {
      const buyer = await createUser(h, tenant);
      orderIds.push(
        await seedOrder(h, tenant, creator.id, {
          userId: buyer.id,
          status: "PAID",
          items: [{ price: 1000 + index, quantity: 1 }],
        }),
      );
    }
    const { organizationId } = tenant;
    const payloads = orderIds.map((orderId) => ({ organizationId, orderId, creatorId: creator.id }));
    const deps = handlerDeps(h);
    const receipts = async (batch: typeof payloads) => {
      const { result, statements } = await counted(() => handleOrderConfirmations(deps, batch));
      expect(result.sent).toHaveLength(batch.length);
      return statements.length;
    };
    const notices = async (batch: typeof payloads) =>
      (await counted(() => handleCreatorOrderConfirmations(deps, batch))).statements.length;

    const one = {
      receipts: await receipts(payloads.slice(0, 1)),
      notices: await notices(payloads.slice(0, 1)),
    };
    const ten = { receipts: await receipts(payloads.slice(1)), notices: await notices(payloads.slice(1)) };
    console.info(
      `paid-order notices' statements: one order ${JSON.stringify(one)}, ten ${JSON.stringify(ten)}`,
    );
    expect(ten).toEqual(one);
  });
});
