import { withCreator } from "@tally/commerce";
import { ensureClone, findReward, recordPublish, toReward } from "@tally/rewards";
import { router } from "@tally/trpc";
import { campaignsProcedure, withFanVisibleCampaign, withOwnedCampaign } from "./access.ts";
import { creatorCampaignProcedures } from "./creator-router.ts";
import { publishCampaign, submitCampaign } from "./lifecycle.ts";
import { linkCampaignReward } from "./nft.ts";
import { readCampaign } from "./present.ts";
import {
  campaignIdParam,
  campaignNftInput,
  campaignRewardLinkSchema,
  campaignSchema,
  configureCampaignInput,
  createCampaignInput,
  patchCampaignInput,
  publishCampaignInput,
} from "./schemas.ts";
import { configureCampaign, createCampaign, patchCampaign } from "./service.ts";

const tags = ["Campaigns"];

export const campaignsRouter = router({
  create: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/campaign",
        tags,
        summary: "Create a campaign (DRAFT) for a creator",
        description:
          "Needs the creator's owner in X-User-Id, or an ADMIN key. Configure it with PUT /campaign/{id}.",
      },
      successStatus: 201,
    })
    .input(createCampaignInput)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, async (tx, creator) =>
        readCampaign(tx, await createCampaign({ tx, now: ctx.deps.clock.now() }, creator, input)),
      ),
    ),
  get: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/campaign/{id}",
        tags,
        summary:
          "A campaign with its attributes (option ids, voteCount), questions and swipe items (extension)",
        description:
          "What a storefront renders a vote, survey or swipe from. The fan side reads a PUBLISHED or ENDED campaign (an unpublished or archived one is 404 to it); the creator side reads it in any state.",
      },
    })
    .input(campaignIdParam)
    .output(campaignSchema)
    .query(({ ctx, input }) => withFanVisibleCampaign(ctx, input.id, (tx, row) => readCampaign(tx, row))),
  configure: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/campaign/{id}",
        tags,
        summary: "Configure a DRAFT campaign: sets the fields named, replaces the lists named",
        description:
          "DRAFT only (409 `invalid_state` naming the state otherwise). attributes belong to MULTIVARIANT, questions to SURVEY, swipeItems to SWIPE campaigns; a list replaces the stored one (new ids).",
      },
    })
    .input(configureCampaignInput)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withOwnedCampaign(ctx, input.id, async (tx, row) => {
        const { id: _id, ...configuration } = input;
        return readCampaign(
          tx,
          await configureCampaign({ tx, now: ctx.deps.clock.now() }, row, configuration),
        );
      }),
    ),
  update: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/campaign/{id}",
        tags,
        summary:
          "Change a campaign: a DRAFT anything; later only title, description, hero, showInstructions, showLeaderboard, status",
        description:
          'Past DRAFT any other field is 422 naming it. `status: "ENDED"` ends a PUBLISHED campaign by hand (campaign-ended is published); other statuses move through submit, publish and review.',
      },
    })
    .input(patchCampaignInput)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withOwnedCampaign(ctx, input.id, async (tx, row) =>
        readCampaign(
          tx,
          await patchCampaign({ tx, now: ctx.deps.clock.now(), events: ctx.deps.events }, row, input),
        ),
      ),
    ),
  submit: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/campaign/{id}/submit",
        tags,
        summary: "Submit a publishable DRAFT for review (SUBMITTED)",
        description: "409 naming the state unless DRAFT; 422 listing what keeps it from being publishable.",
      },
    })
    .input(campaignIdParam)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withOwnedCampaign(ctx, input.id, async (tx, row) =>
        readCampaign(tx, await submitCampaign({ tx, now: ctx.deps.clock.now() }, row)),
      ),
    ),
  publish: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/campaign/{id}/publish",
        tags,
        summary: "Publish an APPROVED campaign, or with requiresReview false a DRAFT or SUBMITTED one",
        description:
          "Checks it is publishable (422 listing the problems: title, dates in order and not over, the type's list) and publishes campaign-published, which notifies the creator's followers. 409 naming the state otherwise.",
      },
    })
    .input(publishCampaignInput)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withOwnedCampaign(ctx, input.id, async (tx, row) =>
        readCampaign(
          tx,
          await publishCampaign({ tx, now: ctx.deps.clock.now(), events: ctx.deps.events }, row, input),
        ),
      ),
    ),
  nft: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/campaign/{id}/nft",
        tags,
        summary:
          "Link a collectible to the campaign: a reward programme (source CAMPAIGN) created, set and deployed",
        description:
          "The first call creates an EXCLUSIVE_ACCESS reward programme and links it (reward.rewardId); while it is a DRAFT its metadata is set and its contract deployed, so completions can be granted a token. Once deployed its metadata is fixed (409). Every field is optional but imageUrl or animationUrl is required (422); the name defaults to the one already set, else the campaign's title; points (the cost of redeeming a token, > 0) to 0.",
      },
    })
    .input(campaignNftInput)
    .output(campaignRewardLinkSchema)
    .mutation(async ({ ctx, input }) => {
      const { deps } = ctx;
      const { reward, plan } = await withOwnedCampaign(ctx, input.id, (tx, campaign, creator) =>
        linkCampaignReward({ tx, now: deps.clock.now(), ...deps }, { campaign, creator }, input),
      );
      const key = { organizationId: reward.organizationId, id: reward.id };
      const clone =
        plan && (await ensureClone(deps, { organizationId: key.organizationId, rewardId: key.id }, plan));
      const linked = await withOwnedCampaign(ctx, input.id, async (tx) => {
        const row = await findReward(tx, key, { lock: true });
        return clone ? recordPublish({ tx, events: deps.events, now: deps.clock.now() }, row, clone) : row;
      });
      return { campaignId: input.id, rewardId: linked.id, reward: toReward(linked) };
    }),
  ...creatorCampaignProcedures,
});
