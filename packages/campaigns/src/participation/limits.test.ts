import { campaignJourneys, campaigns, pointTransactions } from "@tally/db";
import {
  balancesOf,
  createCreator,
  expectError,
  inTenant,
  participate,
  seedCampaign,
  seedUser,
  type Tenant,
  useHarness,
  voteAll,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

const campaignRow = (tenant: Tenant, campaignId: string) =>
  inTenant(h, tenant, async (tx) => {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.organizationId, tenant.organizationId), eq(campaigns.id, campaignId)));
    return row!;
  });

const journeysOf = (tenant: Tenant, campaignId: string) =>
  inTenant(h, tenant, (tx) =>
    tx
      .select()
      .from(campaignJourneys)
      .where(
        and(
          eq(campaignJourneys.organizationId, tenant.organizationId),
          eq(campaignJourneys.campaignId, campaignId),
        ),
      ),
  );

const history = async (tenant: Tenant, userId: string) => {
  const response = await h.request<{
    data: {
      amount: number;
      type: string;
      journeyId?: string;
      campaignId?: string;
      creatorId: string | null;
    }[];
  }>("GET", `/api/v1/user/${userId}/points/history`, { key: tenant.memberKey });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};

const setup = async (options: Partial<Parameters<typeof seedCampaign>[3]>) => {
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const campaign = await seedCampaign(h, tenant, creator.id, {
    type: "MULTIVARIANT",
    attributes: [["a", "b"]],
    ...options,
  });
  return { tenant, creator, campaign };
};

describe("participation limits hold under concurrency", () => {
  it("50 concurrent first participations against maxParticipants 10: exactly 10 journeys, the rest 409 campaign_full", async () => {
    const { tenant, campaign } = await setup({ maxParticipants: 10 });
    const users = await Promise.all(Array.from({ length: 50 }, () => seedUser(h, tenant)));

    const answers = await Promise.all(
      users.map((user) => participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id))),
    );

    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expectError(answer, 409, "campaign_full");
    expect(refused[0]!.body).toMatchObject({ context: { maxParticipants: 10 } });
    expect(await journeysOf(tenant, campaign.id)).toHaveLength(10);
    expect((await campaignRow(tenant, campaign.id)).participantCount).toBe(10);

    // A participant already in keeps participating; the campaign stays full for newcomers.
    const returning = await participate(
      h,
      tenant,
      campaign.id,
      "vote",
      voteAll(campaign, accepted[0]!.body.userId),
    );
    expect(returning.status, returning.text).toBe(201);
    expect(returning.body).toMatchObject({ participations: 2 });
    const newcomer = await seedUser(h, tenant);
    expectError(
      await participate(h, tenant, campaign.id, "vote", voteAll(campaign, newcomer.id)),
      409,
      "campaign_full",
    );
  });

  it("rateLimit 2: the third participation of a user is 409 participation_limit_reached, also when sent at once", async () => {
    const { tenant, campaign } = await setup({ rateLimit: 2 });
    const user = await seedUser(h, tenant);

    const first = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
    expect(first.body).toMatchObject({ participations: 1, remainingParticipations: 1 });
    const second = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
    expect(second.body).toMatchObject({ participations: 2, remainingParticipations: 0 });
    const third = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
    expectError(third, 409, "participation_limit_reached");
    expect(third.body).toMatchObject({ context: { rateLimit: 2 } });

    const racer = await seedUser(h, tenant);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () =>
        participate(h, tenant, campaign.id, "vote", voteAll(campaign, racer.id)),
      ),
    );
    expect(raced.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const answer of raced.filter((answer) => answer.status !== 201))
      expectError(answer, 409, "participation_limit_reached");
    const journeys = await journeysOf(tenant, campaign.id);
    expect(journeys.map((journey) => journey.participations).sort()).toEqual([2, 2]);
  });

  it("10 duplicate concurrent completions of one journey award the points once", async () => {
    const { tenant, creator, campaign } = await setup({ rewardPoints: 30 });
    const user = await seedUser(h, tenant);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id)),
      ),
    );

    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    expect(answers.map((answer) => answer.body.pointsAwarded).sort((a, b) => b - a)).toEqual([
      30, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(new Set(answers.map((answer) => answer.body.journeyId)).size).toBe(1);
    expect(await balancesOf(h, tenant, user.id)).toEqual({
      balance: 30,
      creatorBalances: [{ creatorId: creator.id, balance: 30 }],
    });
    const journeyId = answers[0]!.body.journeyId;
    expect(await history(tenant, user.id)).toEqual([
      expect.objectContaining({
        amount: 30,
        type: "CAMPAIGN",
        creatorId: creator.id,
        journeyId,
        campaignId: campaign.id,
      }),
    ]);
    expect((await campaignRow(tenant, campaign.id)).rewardedCount).toBe(1);
  });

  it("the ledger refuses a second CAMPAIGN transaction for a journey", async () => {
    const { tenant, creator, campaign } = await setup({ rewardPoints: 30 });
    const user = await seedUser(h, tenant);
    const voted = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
    const again = inTenant(h, tenant, (tx) =>
      tx.insert(pointTransactions).values({
        organizationId: tenant.organizationId,
        userId: user.id,
        creatorId: creator.id,
        amount: 30,
        type: "CAMPAIGN",
        reference: { journeyId: voted.body.journeyId, campaignId: campaign.id },
      }),
    );
    await expect(again).rejects.toThrow();
  });

  it("rewardMaxSupply 3: five completing users, points for the first three only", async () => {
    const { tenant, campaign } = await setup({ rewardPoints: 10, rewardMaxSupply: 3 });
    const users = await Promise.all(Array.from({ length: 5 }, () => seedUser(h, tenant)));

    const answers = await Promise.all(
      users.map((user) => participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id))),
    );

    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const paid = answers.filter((answer) => answer.body.pointsAwarded === 10);
    const unpaid = answers.filter((answer) => answer.body.pointsAwarded === 0);
    expect(paid).toHaveLength(3);
    expect(unpaid).toHaveLength(2);
    for (const answer of unpaid)
      expect(answer.body).toMatchObject({
        completed: true,
        rewardSupplyExhausted: true,
        pointTransactionId: null,
      });
    const balances = await Promise.all(
      users.map(async (user) => (await balancesOf(h, tenant, user.id)).balance),
    );
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(30);
    expect((await campaignRow(tenant, campaign.id)).rewardedCount).toBe(3);
  });
});
