import { newId } from "@tally/core";
import { subscriberQueue } from "@tally/events";
import { listOutbox } from "@tally/providers";
import {
  createCreator,
  createUser,
  eventually,
  handlerDeps,
  notificationsOf,
  seedOrder,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { handleCreatorOrderConfirmations, handleOrderConfirmations } from "./confirmations.ts";

const h = useHarness();

describe("order-confirmation", () => {
  it("e-mails the buyer's receipt once per paid order (user or guest); unpaid orders get none", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [
        { price: 1250, quantity: 2 },
        { price: 500, quantity: 1 },
      ],
      shippingFee: 499,
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    expect(await handleOrderConfirmations(handlerDeps(h), [payload, payload])).toEqual({ sent: [orderId] });
    expect(await handleOrderConfirmations(handlerDeps(h), [payload])).toEqual({ sent: [] });
    const mails = (await listOutbox(h.database.db, { to: buyer.email })).filter(
      (mail) => mail.template === "order-confirmation",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "order-confirmation", organizationId: tenant.organizationId });
    expect(mails[0]!.subject).toContain(orderId);
    expect(mails[0]!.text).toContain("Product 0 x 2: $25.00");
    expect(mails[0]!.text).toContain("Shipping: $4.99");
    expect(mails[0]!.text).toContain("Paid: $34.99");

    const guestEmail = `guest-${newId()}@example.com`;
    const guestOrder = await seedOrder(h, tenant, creator.id, {
      guestEmail,
      status: "PAID",
      items: [{ price: 700, quantity: 1 }],
    });

    const open = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "OPEN",
      items: [{ price: 1, quantity: 1 }],
    });
    // One batch: the guest's receipt goes out; the unpaid and the missing orders get none.
    expect(
      await handleOrderConfirmations(handlerDeps(h), [
        { ...payload, orderId: open },
        { ...payload, orderId: guestOrder },
        { ...payload, orderId: "nosuchorder" },
        payload,
      ]),
    ).toEqual({ sent: [guestOrder] });
    expect(await listOutbox(h.database.db, { to: guestEmail })).toHaveLength(1);
    expect(
      (await listOutbox(h.database.db, { to: buyer.email })).filter(
        (mail) => mail.template === "order-confirmation",
      ),
    ).toHaveLength(1);
  });

  it("runs on the bus: a published event reaches the buyer", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [{ price: 900, quantity: 1 }],
    });
    await h.runtime.deps.events.publish(h.database.db, "order-confirmation", {
      organizationId: tenant.organizationId,
      orderId,
    });
    await h.runtime.deps.events.publish(h.database.db, "creator-order-confirmation", {
      organizationId: tenant.organizationId,
      orderId,
      creatorId: creator.id,
    });
    await eventually(async () => {
      const mails = await listOutbox(h.database.db, { to: buyer.email });
      return mails.some((mail) => mail.template === "order-confirmation") ? true : undefined;
    });
    await eventually(async () =>
      (await notificationsOf(h, tenant, creator.id, "new-order")).length === 1 ? true : undefined,
    );
  });

  it("works a fetched batch across tenants: a receipt that cannot be sent fails its job alone", async () => {
    const paidOrders = [];
    for (const tenant of [await h.createTenant(), await h.createTenant()]) {
      const creator = await createCreator(h, tenant);
      for (const price of [300, 400]) {
        const buyer = await createUser(h, tenant);
        const orderId = await seedOrder(h, tenant, creator.id, {
          userId: buyer.id,
          status: "PAID",
          items: [{ price, quantity: 1 }],
        });
        paidOrders.push({ tenant, creatorId: creator.id, email: buyer.email, orderId });
      }
    }
    const [first] = paidOrders;
    const poisoned = await seedOrder(h, first!.tenant, first!.creatorId, {
      guestEmail: "not-an-email",
      status: "PAID",
      items: [{ price: 100, quantity: 1 }],
    });
    const { events } = h.runtime.deps;
    const payloads = paidOrders.map(({ tenant, orderId }) => ({
      organizationId: tenant.organizationId,
      orderId,
    }));
    const jobIds = await h.database.db.transaction((tx) =>
      events.publishMany(tx, "order-confirmation", [
        ...payloads.slice(0, 2),
        { organizationId: first!.tenant.organizationId, orderId: poisoned },
        ...payloads.slice(2),
      ]),
    );
    const queue = subscriberQueue("order-confirmation", "commerce");
    expect(events.subscriptions().find((subscription) => subscription.queue === queue)?.handler).toBe(
      "batch",
    );
    const [poisonedJob] = jobIds.splice(2, 1);
    await eventually(async () => {
      const jobs = await Promise.all(jobIds.map((id) => events.boss.getJobById(queue, id)));
      return jobs.every((job) => job?.state === "completed") || undefined;
    });
    for (const { email, orderId } of paidOrders) {
      const mails = await listOutbox(h.database.db, { to: email });
      expect(
        mails.filter((mail) => mail.template === "order-confirmation").map((mail) => mail.dedupeKey),
      ).toEqual([expect.stringContaining(orderId)]);
    }
    const failed = await events.boss.getJobById(queue, poisonedJob!);
    expect(["retry", "failed"]).toContain(failed?.state);
    expect(failed?.output).toMatchObject({ message: expect.stringContaining("Invalid email message") });
  });
});

describe("creator-order-confirmation", () => {
  it("notifies the creator once per paid order of theirs", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const other = await createCreator(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      guestEmail: "g@example.com",
      status: "PAID",
      items: [{ price: 1000, quantity: 3 }],
    });
    const payload = { organizationId: tenant.organizationId, orderId, creatorId: creator.id };
    await handleCreatorOrderConfirmations(handlerDeps(h), [payload, payload]);
    await handleCreatorOrderConfirmations(handlerDeps(h), [payload, { ...payload, creatorId: other.id }]);
    const rows = await notificationsOf(h, tenant, creator.id, "new-order");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipientType: "CREATOR",
      title: "New order: 3 items, $30.00 paid",
      data: { orderId, amountPaid: 3000, units: 3 },
    });
    expect(await notificationsOf(h, tenant, other.id, "new-order")).toHaveLength(0);
  });
});
