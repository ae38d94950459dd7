import { AppError, isAppError } from "@tally/core";
import { campaigns, type Tx } from "@tally/db";
import type { RewardRow } from "@tally/rewards";
import {
  createReward,
  findReward,
  type PublishPlan,
  planPublish,
  updateReward,
  updateRewardNft,
} from "@tally/rewards";
import type { AppDeps } from "@tally/trpc";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { CampaignRow } from "./record.ts";
import type { campaignNftInput } from "./schemas.ts";
import { assertNotArchived } from "./service.ts";

type NftInput = z.output<typeof campaignNftInput>;

/** The token name of an untitled campaign's collectible when none is given: publish needs one. */
const DEFAULT_COLLECTIBLE_NAME = "Campaign collectible";

/**
 * `PUT /campaign/{id}/nft`, step one (the campaign locked): the campaign's collectible programme, an
 * EXCLUSIVE_ACCESS reward with source CAMPAIGN, created on the first call and linked (`rewardId`),
 * its metadata set while it is a DRAFT (the name, when none is given, kept or taken from the campaign's title);
 * then planned for deployment. An ENDED or archived campaign takes no collectible; a programme already deployed
 * keeps its metadata (409, from the rewards slice).
 */
export const linkCampaignReward = async (
  { tx, now, ...deps }: { tx: Tx; now: Date } & Pick<AppDeps, "providers" | "config">,
  scope: { campaign: CampaignRow; creator: { organizationId: string; id: string } },
  input: NftInput,
): Promise<{ reward: RewardRow; plan: PublishPlan | undefined }> => {
  const { campaign, creator } = scope;
  assertNotArchived(campaign, "Linking a collectible");
  if (campaign.status === "ENDED")
    throw new AppError(
      "invalid_state",
      "Linking a collectible needs a campaign that has not ended; this one is ENDED",
      {
        context: { currentStatus: campaign.status },
      },
    );
  if (input.imageUrl === undefined && input.animationUrl === undefined)
    throw new AppError("validation_failed", "imageUrl: imageUrl or animationUrl is required", {
      details: [{ field: "imageUrl", message: "imageUrl or animationUrl is required" }],
    });
  const linked = campaign.rewardId
    ? await findReward(
        tx,
        { organizationId: campaign.organizationId, id: campaign.rewardId },
        { lock: true },
      ).catch(
        // A DRAFT programme its creator deleted (its deployment had failed): the campaign gets a new one.
        (error: unknown) =>
          isAppError(error) && error.code === "not_found" ? undefined : Promise.reject(error),
      )
    : undefined;
  let reward =
    linked ??
    (await createReward({ tx, ...deps }, creator, {
      type: "EXCLUSIVE_ACCESS",
      creatorId: creator.id,
      source: "CAMPAIGN",
    }));
  if (!linked) {
    reward = await updateReward({ tx, now }, reward, {
      id: reward.id,
      creatorId: creator.id,
      genericRewardDetails: {
        contentDescription: `Completed the campaign "${campaign.title ?? campaign.id}"`,
      },
    });
    await tx
      .update(campaigns)
      .set({ rewardId: reward.id, updatedAt: now })
      .where(and(eq(campaigns.organizationId, campaign.organizationId), eq(campaigns.id, campaign.id)));
  }
  if (reward.status === "DRAFT")
    reward = await updateRewardNft({ tx, now }, reward, {
      ...input,
      id: reward.id,
      name: input.name ?? reward.name ?? campaign.title ?? DEFAULT_COLLECTIBLE_NAME,
    });
  else
    throw new AppError(
      "invalid_state",
      `The campaign's collectible is ${reward.status}: its metadata is fixed in its contract`,
      { context: { rewardId: reward.id, rewardStatus: reward.status } },
    );
  return { reward, plan: await planPublish({ tx, ...deps }, reward) };
};
