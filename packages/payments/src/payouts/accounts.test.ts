import { connectedAccounts, creatorPayouts, sandboxProcessorObjects, withTenant } from "@tally/db";
import type { SandboxCardProcessor } from "@tally/providers";
import {
  type ApiSchema,
  api,
  createCreator,
  createUser,
  expectError,
  seedOrder,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyAccountUpdated, applyTransferCreated, createPayoutForOrder } from "./service.ts";

const h = useHarness();

type Onboarding = ApiSchema<"CardprocOnboarding">;
type Payout = ApiSchema<"CreatorPayout">;

const sandbox = () => h.runtime.deps.providers.cardProcessor as unknown as SandboxCardProcessor;

const onboard = (tenant: Tenant, creatorId: string, body: Record<string, unknown> = {}) =>
  api<Onboarding>(h, "POST", `/creator/id/${creatorId}/cardproc/account`, { key: tenant.adminKey, body });

const setMoneySettings = async (
  tenant: Tenant,
  settings: { applicationFeeBps?: number; payoutHoldDays?: number },
) => {
  const response = await api(h, "PATCH", `/admin/organizations/${tenant.organizationId}/settings`, {
    key: h.operatorKey,
    body: settings,
  });
  expect(response.status, response.text).toBe(200);
};

const inTenant = <T>(tenant: Tenant, fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(h.database.db, tenant.organizationId, fn);

describe("POST /creator/id/{creatorId}/cardproc/account (onboarding)", () => {
  it("creates the connected account once and answers a fresh onboarding link each time", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const first = await onboard(tenant, creator.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      url: expect.any(String),
      accountId: expect.stringMatching(/^acct_/),
      status: "PENDING",
    });
    const url = new URL(first.body.url);
    expect(url.pathname).toBe(`/api/v1/test-helpers/cardproc/accounts/${first.body.accountId}/onboard`);
    const returnUrl = new URL(url.searchParams.get("return_url")!);
    expect(`${returnUrl.pathname}${returnUrl.search}`).toBe(
      `/api/v1/cardproc/onboarding/return?creatorId=${creator.id}`,
    );
    const refreshUrl = new URL(url.searchParams.get("refresh_url")!);
    expect(`${refreshUrl.pathname}${refreshUrl.search}`).toBe(
      `/api/v1/cardproc/onboarding/refresh?creatorId=${creator.id}`,
    );

    const again = await onboard(tenant, creator.id, {
      returnUrl: "https://shop.example.com/payouts/done",
      refreshUrl: "https://shop.example.com/payouts/retry",
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.accountId).toBe(first.body.accountId);
    expect(new URL(again.body.url).searchParams.get("return_url")).toBe(
      "https://shop.example.com/payouts/done",
    );

    const rows = await h.database.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.organizationId, tenant.organizationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      creatorId: creator.id,
      processorAccountId: first.body.accountId,
      status: "PENDING",
    });

    // Following the link as the creator's browser does: the sandbox redirects to the default return
    // URL, which answers 200 without a key; so does the refresh URL.
    const completed = await h.request("GET", `${url.pathname}${url.search}`);
    expect(completed.status, completed.text).toBe(302);
    const landed = new URL(completed.headers.get("location")!);
    expect(landed.href).toBe(returnUrl.href);
    const landing = await h.request<Record<string, unknown>>("GET", `${landed.pathname}${landed.search}`);
    expect(landing.status, landing.text).toBe(200);
    expect(landing.body).toMatchObject({ onboarding: "returned", creatorId: creator.id });
    expect(landing.body.message).toContain(`/creator/id/{creatorId}/cardproc/account`);
    const expired = await h.request<Record<string, unknown>>(
      "GET",
      `${refreshUrl.pathname}${refreshUrl.search}`,
    );
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body).toMatchObject({ onboarding: "link_expired", creatorId: creator.id });
  });

  it("records one account per creator under concurrent first calls", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const responses = await Promise.all(Array.from({ length: 8 }, () => onboard(tenant, creator.id)));
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const accountIds = new Set(responses.map((response) => response.body.accountId));
    expect(accountIds.size).toBe(1);
    const rows = await h.database.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.organizationId, tenant.organizationId));
    expect(rows.map((row) => row.processorAccountId)).toEqual([...accountIds]);
  });

  it("requires the creator's owner (or ADMIN), hides other tenants' creators, validates the URLs", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const stranger = await createUser(h, tenant);
    const path = `/creator/id/${creator.id}/cardproc/account`;
    expectError(await api(h, "POST", path, { key: tenant.memberKey, body: {} }), 403, "not_owner");
    expectError(
      await api(h, "POST", path, { key: tenant.memberKey, body: {}, userId: stranger.id }),
      403,
      "not_owner",
    );
    const owned = await api<Onboarding>(h, "POST", path, {
      key: tenant.memberKey,
      body: {},
      userId: creator.ownerId,
    });
    expect(owned.status, owned.text).toBe(200);
    const other = await h.createTenant();
    expectError(await api(h, "POST", path, { key: other.adminKey, body: {} }), 404, "not_found");
    expectError(
      await onboard(tenant, creator.id, { returnUrl: "javascript:alert(1)" }),
      422,
      "validation_failed",
    );
    expectError(await onboard(tenant, creator.id, { extra: true }), 422, "validation_failed");
  });

  it("follows account.updated delivered by the processor as a signed webhook", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const { body } = await onboard(tenant, creator.id);
    const submitted = await sandbox().simulateAccountUpdate(body.accountId, { detailsSubmitted: true });
    expect(submitted.delivery.status, JSON.stringify(submitted.delivery.body)).toBe(200);
    expect((await onboard(tenant, creator.id)).body.status).toBe("RESTRICTED");
    const enabled = await sandbox().simulateAccountUpdate(body.accountId, {
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect(enabled.delivery.status, JSON.stringify(enabled.delivery.body)).toBe(200);
    const [row] = await h.database.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.organizationId, tenant.organizationId));
    expect(row).toMatchObject({
      status: "ENABLED",
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  });
});

describe("applyAccountUpdated", () => {
  it("derives the status from the processor's flags, idempotently; an unknown account is null", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const { body } = await onboard(tenant, creator.id);
    const flags = { organizationId: tenant.organizationId, accountId: body.accountId };
    const apply = (f: { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean }) =>
      inTenant(tenant, (tx) => applyAccountUpdated({ tx, now: new Date() }, { ...flags, ...f }));
    expect(
      (await apply({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false }))?.status,
    ).toBe("PENDING");
    expect(
      (await apply({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false }))?.status,
    ).toBe("RESTRICTED");
    expect(
      (await apply({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }))?.status,
    ).toBe("ENABLED");
    expect(
      (await apply({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }))?.status,
    ).toBe("ENABLED");
    // Another tenant cannot touch it (and sees nothing).
    const other = await h.createTenant();
    expect(
      await withTenant(h.database.db, other.organizationId, (tx) =>
        applyAccountUpdated(
          { tx, now: new Date() },
          {
            organizationId: other.organizationId,
            accountId: body.accountId,
            detailsSubmitted: false,
            chargesEnabled: false,
            payoutsEnabled: false,
          },
        ),
      ),
    ).toBeNull();
  });
});

describe("createPayoutForOrder", () => {
  it("is the amount charged minus the application fee, eligible after the hold, once per order", async () => {
    const tenant = await h.createTenant();
    await setMoneySettings(tenant, { applicationFeeBps: 1234, payoutHoldDays: 3 });
    const creator = await createCreator(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      status: "PAID",
      items: [{ price: 999, quantity: 3 }],
    });
    const now = new Date("2030-01-01T00:00:00.000Z");
    const input = { organizationId: tenant.organizationId, orderId, amountPaid: 2997 };
    const payouts = await Promise.all(
      Array.from({ length: 10 }, () => inTenant(tenant, (tx) => createPayoutForOrder({ tx, now }, input))),
    );
    // fee = floor(2997 * 1234 / 10000) = 369
    expect(payouts[0]).toMatchObject({
      creatorId: creator.id,
      orderId,
      amount: 2997 - 369,
      currency: "usd",
      status: "PENDING",
      eligibleAt: new Date("2030-01-04T00:00:00.000Z"),
      transferId: null,
    });
    expect(new Set(payouts.map((payout) => payout?.id)).size).toBe(1);
    const rows = await h.database.db
      .select()
      .from(creatorPayouts)
      .where(eq(creatorPayouts.organizationId, tenant.organizationId));
    expect(rows).toHaveLength(1);
    // Nothing charged (paid with points only): no payout.
    const pointsOnly = await seedOrder(h, tenant, creator.id, {
      status: "PAID",
      items: [{ price: 100, quantity: 1 }],
    });
    expect(
      await inTenant(tenant, (tx) =>
        createPayoutForOrder(
          { tx, now },
          {
            organizationId: tenant.organizationId,
            orderId: pointsOnly,
            amountPaid: 0,
          },
        ),
      ),
    ).toBeNull();
  });

  it("uses the defaults (500 bps, 7 days)", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      status: "PAID",
      items: [{ price: 1001, quantity: 1 }],
    });
    const now = new Date("2030-01-01T00:00:00.000Z");
    const payout = await inTenant(tenant, (tx) =>
      createPayoutForOrder({ tx, now }, { organizationId: tenant.organizationId, orderId, amountPaid: 1001 }),
    );
    // fee = floor(1001 * 500 / 10000) = 50: the fee rounds down, the creator keeps the cent.
    expect(payout).toMatchObject({ amount: 951, eligibleAt: new Date("2030-01-08T00:00:00.000Z") });
  });
});

describe("applyTransferCreated", () => {
  it("moves a payout to TRANSFERRED once, keeping the first transfer", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      status: "PAID",
      items: [{ price: 500, quantity: 2 }],
    });
    const now = new Date("2030-02-01T00:00:00.000Z");
    const payout = await inTenant(tenant, (tx) =>
      createPayoutForOrder({ tx, now }, { organizationId: tenant.organizationId, orderId, amountPaid: 1000 }),
    );
    const ref = { organizationId: tenant.organizationId, payoutId: payout!.id };
    const first = await inTenant(tenant, (tx) =>
      applyTransferCreated({ tx, now }, { ...ref, transferId: "tr_first" }),
    );
    expect(first).toMatchObject({ status: "TRANSFERRED", transferId: "tr_first", transferredAt: now });
    const again = await inTenant(tenant, (tx) =>
      applyTransferCreated(
        { tx, now: new Date("2030-03-01T00:00:00.000Z") },
        {
          ...ref,
          transferId: "tr_second",
        },
      ),
    );
    expect(again).toMatchObject({ status: "TRANSFERRED", transferId: "tr_first", transferredAt: now });
    expect(
      await inTenant(tenant, (tx) =>
        applyTransferCreated(
          { tx, now: new Date() },
          { ...ref, payoutId: "nosuchpayout", transferId: "tr_x" },
        ),
      ),
    ).toBeNull();
  });

  it("records a transfer.created webhook delivered by the processor", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const { body } = await onboard(tenant, creator.id);
    await sandbox().simulateAccountUpdate(body.accountId, {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    const orderId = await seedOrder(h, tenant, creator.id, {
      status: "PAID",
      items: [{ price: 2500, quantity: 1 }],
    });
    const payout = await inTenant(tenant, (tx) =>
      createPayoutForOrder(
        { tx, now: new Date() },
        {
          organizationId: tenant.organizationId,
          orderId,
          amountPaid: 2500,
        },
      ),
    );
    // A transfer made at the processor (e.g. from its dashboard) for this payout.
    const transfer = await sandbox().createTransfer(
      {
        amount: payout!.amount,
        currency: "usd",
        destination: body.accountId,
        metadata: { organizationId: tenant.organizationId, payoutId: payout!.id },
      },
      payout!.id,
    );
    const delivered = await sandbox().deliverTransferCreated(transfer.id);
    expect(delivered.delivery.status, JSON.stringify(delivered.delivery.body)).toBe(200);
    const redelivered = await sandbox().deliverTransferCreated(transfer.id);
    expect(redelivered.delivery.status).toBe(200);
    const [row] = await h.database.db
      .select()
      .from(creatorPayouts)
      .where(
        and(eq(creatorPayouts.organizationId, tenant.organizationId), eq(creatorPayouts.id, payout!.id)),
      );
    expect(row).toMatchObject({ status: "TRANSFERRED", transferId: transfer.id });
    const transfers = await h.database.db
      .select()
      .from(sandboxProcessorObjects)
      .where(eq(sandboxProcessorObjects.idempotencyKey, `tr:${payout!.id}`));
    expect(transfers).toHaveLength(1);
  });
});

describe("GET /creator/id/{creatorId}/payouts", () => {
  it("lists the creator's payouts newest first with X-Total-Count, a status filter and paging", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const otherCreator = await createCreator(h, tenant);
    const ids: string[] = [];
    for (let day = 1; day <= 3; day += 1) {
      const orderId = await seedOrder(h, tenant, creator.id, {
        status: "PAID",
        items: [{ price: 1000 * day, quantity: 1 }],
      });
      const payout = await inTenant(tenant, (tx) =>
        createPayoutForOrder(
          { tx, now: new Date(`2030-04-0${day}T00:00:00.000Z`) },
          {
            organizationId: tenant.organizationId,
            orderId,
            amountPaid: 1000 * day,
          },
        ),
      );
      ids.push(payout!.id);
    }
    const foreign = await seedOrder(h, tenant, otherCreator.id, {
      status: "PAID",
      items: [{ price: 100, quantity: 1 }],
    });
    await inTenant(tenant, (tx) =>
      createPayoutForOrder(
        { tx, now: new Date() },
        {
          organizationId: tenant.organizationId,
          orderId: foreign,
          amountPaid: 100,
        },
      ),
    );
    await inTenant(tenant, (tx) =>
      applyTransferCreated(
        { tx, now: new Date() },
        {
          organizationId: tenant.organizationId,
          payoutId: ids[0]!,
          transferId: "tr_1",
        },
      ),
    );

    const list = await api<Payout[]>(h, "GET", `/creator/id/${creator.id}/payouts`, { key: tenant.adminKey });
    expect(list.status, list.text).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("3");
    expect(list.body.map((payout) => payout.id)).toEqual([...ids].reverse());
    expect(list.body[2]).toEqual({
      id: ids[0],
      creatorId: creator.id,
      orderId: expect.any(String),
      amount: 950,
      currency: "usd",
      status: "TRANSFERRED",
      eligibleAt: "2030-04-08T00:00:00.000Z",
      transferId: "tr_1",
      createdAt: "2030-04-01T00:00:00.000Z",
      transferredAt: expect.any(String),
    });
    const pending = await api<Payout[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/payouts?status=PENDING&limit=1&offset=1`,
      {
        key: tenant.adminKey,
      },
    );
    expect(pending.headers.get("x-total-count")).toBe("2");
    expect(pending.body.map((payout) => payout.id)).toEqual([ids[1]]);

    const owner = await api<Payout[]>(h, "GET", `/creator/id/${creator.id}/payouts`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
    });
    expect(owner.status).toBe(200);
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/payouts`, { key: tenant.memberKey }),
      403,
      "not_owner",
    );
    const other = await h.createTenant();
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/payouts`, { key: other.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/payouts?status=DONE`, { key: tenant.adminKey }),
      422,
      "validation_failed",
    );
  });

  it("is in the OpenAPI document with the onboarding route", () => {
    const doc = h.runtime.openApiDocument as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/creator/id/{creatorId}/payouts"]?.get).toBeDefined();
    expect(doc.paths["/creator/id/{creatorId}/cardproc/account"]?.post).toBeDefined();
  });
});
