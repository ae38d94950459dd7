import { createCreator, participate, seedCampaign, seedUser, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("participation takes its locks in one order", () => {
  it("newcomers and completing voters of the same option at once all succeed (no deadlock between the campaign row and the option)", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const campaign = await seedCampaign(h, tenant, creator.id, {
      type: "MULTIVARIANT",
      attributes: [
        ["a", "b"],
        ["c", "d"],
      ],
      rewardPoints: 10,
    });
    const [first, second] = campaign.attributes;
    const returning = await Promise.all(Array.from({ length: 15 }, () => seedUser(h, tenant)));
    for (const user of returning) {
      const started = await participate(h, tenant, campaign.id, "vote", {
        userId: user.id,
        votes: [{ attributeId: first!.id, optionId: first!.optionIds[0]! }],
      });
      expect(started.status, started.text).toBe(201);
    }
    const newcomers = await Promise.all(Array.from({ length: 15 }, () => seedUser(h, tenant)));
    const lastVote = (userId: string) => ({
      userId,
      votes: [{ attributeId: second!.id, optionId: second!.optionIds[0]! }],
    });

    // A newcomer's first vote takes a participant slot (the campaign row) and then counts the option; a
    // returning voter completing the journey counts the option and then claims a rewarded completion
    // (the campaign row). Both orders at once would deadlock and one of them answer 500.
    const answers = await Promise.all(
      returning.flatMap((user, index) => [
        participate(h, tenant, campaign.id, "vote", lastVote(user.id)),
        participate(h, tenant, campaign.id, "vote", lastVote(newcomers[index]!.id)),
      ]),
    );

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const completed = answers.filter((answer) => answer.body.completed);
    expect(completed).toHaveLength(15);
    for (const answer of completed) expect(answer.body.pointsAwarded).toBe(10);
  });
});
