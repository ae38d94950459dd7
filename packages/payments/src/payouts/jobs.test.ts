import { ManualClock } from "@tally/core";
import { creatorPayouts, creators, sandboxProcessorObjects, withTenant } from "@tally/db";
import { signEventRequest } from "@tally/events";
import { listOutbox, type SandboxCardProcessor } from "@tally/providers";
import {
  type ApiSchema,
  api,
  type CreatedCreator,
  createCreator,
  createUser,
  eventually,
  seedOrder,
  silentLogger,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  claimOnboardingReminders,
  ONBOARDING_REMINDER_CLAIM_MS,
  type PayoutJobDeps,
  sendOnboardingReminder,
  sweepPayouts,
} from "./jobs.ts";
import { createPayoutForOrder } from "./service.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = new ManualClock(new Date("2031-01-01T00:00:00.000Z"));

const h = useHarness({ clock });

const sandbox = () => h.runtime.deps.providers.cardProcessor as unknown as SandboxCardProcessor;
const jobDeps = (): PayoutJobDeps => ({
  database: h.database,
  clock,
  logger: silentLogger(),
  processor: h.runtime.deps.providers.cardProcessor,
});

const onboard = async (tenant: Tenant, creatorId: string): Promise<string> => {
  const response = await api<ApiSchema<"CardprocOnboarding">>(
    h,
    "POST",
    `/creator/id/${creatorId}/cardproc/account`,
    {
      key: tenant.adminKey,
      body: {},
    },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.accountId;
};

const enable = async (accountId: string) => {
  const { delivery } = await sandbox().simulateAccountUpdate(accountId, {
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
};

const paidOrderWithPayout = async (tenant: Tenant, creator: CreatedCreator, cents: number) => {
  const orderId = await seedOrder(h, tenant, creator.id, {
    status: "PAID",
    items: [{ price: cents, quantity: 1 }],
  });
  const payout = await withTenant(h.database.db, tenant.organizationId, (tx) =>
    createPayoutForOrder(
      { tx, now: clock.now() },
      {
        organizationId: tenant.organizationId,
        orderId,
        amountPaid: cents,
      },
    ),
  );
  return payout!;
};

const payoutsOf = (tenant: Tenant) =>
  h.database.db.select().from(creatorPayouts).where(eq(creatorPayouts.organizationId, tenant.organizationId));

describe("payouts-sweep", () => {
  it("holds payouts for payoutHoldDays, then transfers them once even with two concurrent sweeps", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    await enable(await onboard(tenant, creator.id));
    const first = await paidOrderWithPayout(tenant, creator, 2000);
    const second = await paidOrderWithPayout(tenant, creator, 3100);
    const scope = { organizationId: tenant.organizationId };

    clock.advance(7 * DAY - 1);
    expect(await sweepPayouts(jobDeps(), scope)).toEqual({
      eligible: 0,
      transferred: 0,
      waiting: 0,
      failed: 0,
    });
    expect((await payoutsOf(tenant)).map((payout) => payout.status)).toEqual(["PENDING", "PENDING"]);

    clock.advance(1);
    const sweeps = await Promise.all([sweepPayouts(jobDeps(), scope), sweepPayouts(jobDeps(), scope)]);
    expect(sweeps.reduce((sum, summary) => sum + summary.eligible, 0)).toBe(2);
    expect(sweeps.reduce((sum, summary) => sum + summary.transferred, 0)).toBe(2);
    expect(sweeps.reduce((sum, summary) => sum + summary.failed, 0)).toBe(0);

    for (const payout of [first, second]) {
      const transfers = await h.database.db
        .select()
        .from(sandboxProcessorObjects)
        .where(eq(sandboxProcessorObjects.idempotencyKey, `tr:${payout.id}`));
      expect(transfers).toHaveLength(1);
      expect(transfers[0]!.data).toMatchObject({ amount: payout.amount, metadata: { payoutId: payout.id } });
      const [row] = await h.database.db
        .select()
        .from(creatorPayouts)
        .where(
          and(eq(creatorPayouts.organizationId, tenant.organizationId), eq(creatorPayouts.id, payout.id)),
        );
      expect(row).toMatchObject({
        status: "TRANSFERRED",
        transferId: transfers[0]!.id,
        transferredAt: clock.now(),
      });
    }
    // Nothing left to do.
    expect(await sweepPayouts(jobDeps(), scope)).toEqual({
      eligible: 0,
      transferred: 0,
      waiting: 0,
      failed: 0,
    });
  });

  it("leaves ELIGIBLE payouts waiting until the creator's account is ENABLED", async () => {
    const tenant = await h.createTenant();
    const noAccount = await createCreator(h, tenant);
    const onboarding = await createCreator(h, tenant);
    const accountId = await onboard(tenant, onboarding.id);
    await paidOrderWithPayout(tenant, noAccount, 1000);
    const waiting = await paidOrderWithPayout(tenant, onboarding, 1000);
    clock.advance(8 * DAY);
    // Across every organization (the cron's form).
    const summary = await sweepPayouts(jobDeps());
    expect(summary).toMatchObject({ transferred: 0, failed: 0 });
    expect((await payoutsOf(tenant)).map((payout) => payout.status)).toEqual(["ELIGIBLE", "ELIGIBLE"]);
    await enable(accountId);
    expect(await sweepPayouts(jobDeps(), { organizationId: tenant.organizationId })).toEqual({
      eligible: 0,
      transferred: 1,
      waiting: 1,
      failed: 0,
    });
    const rows = await payoutsOf(tenant);
    expect(rows.find((row) => row.id === waiting.id)?.status).toBe("TRANSFERRED");
    expect(rows.find((row) => row.id !== waiting.id)?.status).toBe("ELIGIBLE");
  });

  it("counts a refused transfer as failed and retries it on the next sweep", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const accountId = await onboard(tenant, creator.id);
    await enable(accountId);
    const payout = await paidOrderWithPayout(tenant, creator, 1500);
    clock.advance(8 * DAY);
    // The processor disables payouts but the webhook has not arrived yet: the sandbox refuses.
    await h.database.db
      .update(sandboxProcessorObjects)
      .set({
        data: {
          id: accountId,
          object: "account",
          email: null,
          metadata: {},
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: false,
        },
      })
      .where(eq(sandboxProcessorObjects.id, accountId));
    expect(await sweepPayouts(jobDeps(), { organizationId: tenant.organizationId })).toMatchObject({
      transferred: 0,
      failed: 1,
    });
    await enable(accountId);
    expect(await sweepPayouts(jobDeps(), { organizationId: tenant.organizationId })).toMatchObject({
      transferred: 1,
      failed: 0,
    });
    expect((await payoutsOf(tenant)).find((row) => row.id === payout.id)?.status).toBe("TRANSFERRED");
  });

  it("is a registered cron job: POST /webhooks/cron/payouts-sweep (signed) is accepted", async () => {
    const raw = JSON.stringify({ tick: `payouts-${Date.now()}` });
    const response = await h.request("POST", "/api/v1/webhooks/cron/payouts-sweep", {
      rawBody: raw,
      headers: {
        "content-type": "application/json",
        ...signEventRequest("test-events-signing-key-0123456789", raw, clock.now()),
      },
    });
    expect(response.status, response.text).toBe(202);
    expect(h.runtime.deps.events.hasCronHandler("cardproc-onboarding-reminder")).toBe(true);
  });
});

describe("cardproc-onboarding-reminder", () => {
  const remindDeps = () => ({
    database: h.database,
    clock,
    logger: silentLogger(),
    events: h.runtime.deps.events,
  });

  it("reminds an unfinished onboarding after 48 h, once per claim window across instances", async () => {
    const tenant = await h.createTenant();
    const owner = await createUser(h, tenant);
    const creator = await createCreator(h, tenant, { owner });
    const scope = { organizationId: tenant.organizationId };
    await onboard(tenant, creator.id);

    clock.advance(47 * HOUR);
    expect(await claimOnboardingReminders(remindDeps(), scope)).toBe(0);
    clock.advance(2 * HOUR);
    const claims = await Promise.all([
      claimOnboardingReminders(remindDeps(), scope),
      claimOnboardingReminders(remindDeps(), scope),
      claimOnboardingReminders(remindDeps(), scope),
    ]);
    expect(claims.reduce((sum, n) => sum + n, 0)).toBe(1);
    // The cron's form (every organization) finds nothing more to claim here.
    await claimOnboardingReminders(remindDeps());

    // The event's handler (this process's worker) sends the e-mail and records the time.
    const reminders = async () =>
      (await listOutbox(h.database.db, { to: owner.email, limit: 10 })).filter(
        (mail) => mail.template === "cardproc-onboarding-reminder",
      );
    const mails = await eventually(async () => {
      const rows = await reminders();
      return rows.length > 0 ? rows : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "cardproc-onboarding-reminder",
      organizationId: tenant.organizationId,
    });
    const sentAt = await eventually(async () => {
      const [row] = await h.database.db.select().from(creators).where(eq(creators.id, creator.id));
      return row?.onboardingReminderSentAt ?? undefined;
    });
    expect(sentAt).toEqual(clock.now());

    // A redelivery of the event sends nothing more; nor does the next run inside the window.
    expect(
      await sendOnboardingReminder(
        { ...remindDeps(), email: h.runtime.deps.providers.email },
        {
          ...scope,
          creatorId: creator.id,
        },
      ),
    ).toEqual({ sent: 0 });
    clock.advance(ONBOARDING_REMINDER_CLAIM_MS - 1);
    expect(await claimOnboardingReminders(remindDeps(), scope)).toBe(0);

    // The next window: one more reminder.
    clock.advance(1);
    expect(await claimOnboardingReminders(remindDeps(), scope)).toBe(1);
    await eventually(async () => {
      const rows = await reminders();
      return rows.length === 2 ? rows : undefined;
    });
  });

  it("does not remind a finished onboarding", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    await enable(await onboard(tenant, creator.id));
    clock.advance(3 * DAY);
    expect(await claimOnboardingReminders(remindDeps(), { organizationId: tenant.organizationId })).toBe(0);
    // A hand-dispatched event (no claim) sends nothing.
    expect(
      await sendOnboardingReminder(
        { ...remindDeps(), email: h.runtime.deps.providers.email },
        { organizationId: tenant.organizationId, creatorId: creator.id },
      ),
    ).toEqual({ sent: 0 });
  });
});
