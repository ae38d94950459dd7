import { AppError } from "@tally/core";
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
import { describe, expect, it, vi } from "vitest";

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

  it("takes the spec's all-optional body: only an image, named after the campaign, free to redeem", async () => {
    const { tenant, creator, owner } = await shop();
    const campaign = await publishableCampaign(h, tenant, creator);
    const linked = await api<RewardLink>(h, "PUT", `/campaign/${campaign.id}/nft`, {
      ...owner,
      body: { imageUrl: "https://cdn.example.com/voter.png" },
    });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.reward).toMatchObject({
      status: "PUBLISHED",
      contract: {
        name: campaign.title,
        points: 0,
        metadata: { imageUrl: "https://cdn.example.com/voter.png" },
      },
    });
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
  it("keeps the programme linked as a DRAFT when the deployment fails; calling again deploys it, or links a new one", async () => {
    const { tenant, creator, owner } = await shop();
    const campaign = await publishableCampaign(h, tenant, creator);
    const link = (body = collectible) =>
      api<RewardLink>(h, "PUT", `/campaign/${campaign.id}/nft`, { ...owner, body });
    const chain = h.runtime.deps.providers.rewardChain;
    const down = vi
      .spyOn(chain, "deploy")
      .mockRejectedValue(new AppError("service_unavailable", "chain down"));
    expectError(await link(), 503, "service_unavailable");
    down.mockRestore();
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${campaign.id}`, owner);
    const draftId = read.body.reward.rewardId;
    expect(draftId).toEqual(expect.any(String));
    const draft = await api<{ status: string }>(h, "GET", `/nft-reward/${draftId}`, owner);
    expect(draft.body.status).toBe("DRAFT");

    const retried = await link();
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ rewardId: draftId, reward: { status: "PUBLISHED" } });

    // A second campaign whose failed DRAFT its creator deleted gets a new programme.
    const other = await publishableCampaign(h, tenant, creator);
    const otherLink = () =>
      api<RewardLink>(h, "PUT", `/campaign/${other.id}/nft`, { ...owner, body: collectible });
    const again = vi
      .spyOn(chain, "deploy")
      .mockRejectedValue(new AppError("service_unavailable", "chain down"));
    expectError(await otherLink(), 503, "service_unavailable");
    again.mockRestore();
    const failed = (await api<CampaignRecord>(h, "GET", `/campaign/${other.id}`, owner)).body.reward.rewardId;
    const deleted = await api(h, "DELETE", `/nft-reward/${failed}`, {
      ...owner,
      body: { creatorId: creator.id },
    });
    expect(deleted.status, deleted.text).toBe(200);
    const relinked = await otherLink();
    expect(relinked.status, relinked.text).toBe(200);
    expect(relinked.body.rewardId).not.toBe(failed);
    expect(relinked.body.reward.status).toBe("PUBLISHED");
  });
});
