import {
  type ApiSchema,
  api,
  asOwner,
  type CampaignRecord,
  codeAt,
  createCreator,
  expectError,
  fieldsOf,
  publishableCampaign,
  publishedCampaign,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

type RewardLink = ApiSchema<"CampaignRewardLink">;

const shop = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const owner = asOwner(tenant, creator);
  return { tenant, creator, owner };
};

const collectible = { name: "Early Voter", imageUrl: "https://cdn.example.com/voter.png", points: 5 };

describe("PUT /campaign/{id}/nft", () => {
  it("creates, links and deploys the campaign's collectible programme once", async () => {
    const { tenant, creator, owner } = await shop();
    const campaign = await publishableCampaign(h, tenant, creator);
    const linked = await api<RewardLink>(h, "PUT", `/campaign/${campaign.id}/nft`, {
      ...owner,
      body: collectible,
    });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toMatchObject({
      campaignId: campaign.id,
      rewardId: expect.any(String),
      reward: {
        type: "EXCLUSIVE_ACCESS",
        source: "CAMPAIGN",
        status: "PUBLISHED",
        creatorId: creator.id,
        genericRewardDetails: { contentDescription: `Completed the campaign "${campaign.title}"` },
        contract: {
          name: "Early Voter",
          points: 5,
          proxyAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/i),
        },
      },
    });
    expect(await codeAt(h, linked.body.reward.contract.proxyAddress!)).not.toBe("0x");
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${campaign.id}`, owner);
    expect(read.body.reward.rewardId).toBe(linked.body.rewardId);
    const programmes = await api<{ id: string }[]>(h, "GET", `/creator/id/${creator.id}/nft-rewards`, owner);
    expect(programmes.body.map((reward) => reward.id)).toEqual([linked.body.rewardId]);

    // Deployed: its metadata is fixed in the contract.
    const again = await api(h, "PUT", `/campaign/${campaign.id}/nft`, {
      ...owner,
      body: { ...collectible, name: "Renamed" },
    });
    expectError(again, 409, "invalid_state");
    expect(again.text).toContain("PUBLISHED");
  });

  it("refuses a collectible without an image or animation (422), for an ENDED campaign (409), elsewhere (404)", async () => {
    const { tenant, creator, owner } = await shop();
    const campaign = await publishedCampaign(h, tenant, creator);
    const noImage = await api(h, "PUT", `/campaign/${campaign.id}/nft`, {
      ...owner,
      body: { name: "Badge" },
    });
    expectError(noImage, 422, "validation_failed");
    expect(fieldsOf(noImage)).toEqual(["imageUrl"]);
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${campaign.id}`, owner);
    expect(read.body.reward.rewardId).toBeNull();

    await api(h, "PATCH", `/campaign/${campaign.id}`, { ...owner, body: { status: "ENDED" } });
    const ended = await api(h, "PUT", `/campaign/${campaign.id}/nft`, { ...owner, body: collectible });
    expectError(ended, 409, "invalid_state");
    expect(ended.text).toContain("ENDED");

    const other = await shop();
    expectError(
      await api(h, "PUT", `/campaign/${campaign.id}/nft`, { ...other.owner, body: collectible }),
      404,
      "not_found",
    );
  });
});
