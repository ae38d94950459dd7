import { withCreator, withUser } from "@tally/commerce";
import { withTenant } from "@tally/db";
import { answerPage, router } from "@tally/trpc";
import { withLatestAirdrop } from "../airdrops/service.ts";
import { assertWebhookUrlReachable } from "../webhooks/url.ts";
import { rewardsProcedure, withCreatorsReward, withFanVisibleReward, withOwnedReward } from "./access.ts";
import { findMint, programmeOf, queueGrant, readMint } from "./grant.ts";
import { awaitBroadcast, toGrant, toQueuedMint } from "./grant-answer.ts";
import { processMints } from "./mints.ts";
import { disableProgramme } from "./programme-state.ts";
import { ensureClone, planPublish, recordPublish } from "./publish.ts";
import { toFanReward, toReward } from "./record.ts";
import {
  createRewardInput,
  creatorRewardsInput,
  deletedSchema,
  deleteRewardInput,
  grantRewardInput,
  grantSchema,
  mintIdParams,
  queuedMintSchema,
  rewardIdParam,
  rewardListSchema,
  rewardSchema,
  updateRewardInput,
  updateRewardNftInput,
} from "./schemas.ts";
import {
  createReward,
  deleteDraftReward,
  listCreatorRewards,
  updateReward,
  updateRewardNft,
} from "./service.ts";

const tags = ["Rewards"];

export const rewardsRouter = router({
  creatorRewards: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/nft-rewards",
        tags,
        summary: "The creator's reward programmes, newest first (X-Total-Count)",
        description: "`limit` (1-100, default 20) and `offset`; the whole list's size in X-Total-Count.",
      },
    })
    .input(creatorRewardsInput)
    .output(rewardListSchema)
    .query(async ({ ctx, input }) => {
      const page = await withCreator(ctx, input.creatorId, (tx, creator) =>
        listCreatorRewards(tx, creator, input),
      );
      return answerPage(ctx, { items: page.items.map(toReward), total: page.total });
    }),
  create: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/nft-reward",
        tags,
        summary: "Create a reward programme (DRAFT); CUSTOM is taken as CUSTOM_REWARD",
      },
      successStatus: 201,
    })
    .input(createRewardInput)
    .output(rewardSchema)
    .mutation(async ({ ctx, input }) =>
      toReward(
        await withCreator(ctx, input.creatorId, (tx, creator) =>
          createReward({ tx, providers: ctx.deps.providers }, creator, input),
        ),
      ),
    ),
  get: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}",
        tags,
        summary: "A reward programme with its contract",
        description:
          "The creator side reads the whole record in any state, with its latest airdrop. The fan side reads a deployed programme (PUBLISHED or DISABLED; a DRAFT is 404 to it) with the detail record cut to what a fan may see (never a CUSTOM_REWARD's webhook) and `airdrop` null.",
      },
    })
    .input(rewardIdParam)
    .output(rewardSchema)
    .query(({ ctx, input }) =>
      withFanVisibleReward(ctx, input.id, async (tx, row, { creatorSide }) =>
        creatorSide ? withLatestAirdrop(tx, toReward(row)) : toFanReward(row),
      ),
    ),
  update: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/nft-reward/{id}",
        tags,
        summary:
          "Set the detail record of the reward's type, its conditions, and (while DRAFT) maxSupply and transferable",
        description:
          "422 naming `customRewardDetails.webhookUrl` when the webhook URL is one its deliveries would refuse: a loopback, private, link-local or metadata address, or `localhost` (a name is checked again when each delivery resolves it).",
      },
    })
    .input(updateRewardInput)
    .output(rewardSchema)
    .mutation(async ({ ctx, input }) => {
      assertWebhookUrlReachable(ctx.deps.providers, input);
      return toReward(
        await withCreatorsReward(ctx, { creatorId: input.creatorId, rewardId: input.id }, (tx, row) =>
          updateReward({ tx, now: ctx.deps.clock.now() }, row, input),
        ),
      );
    }),
  updateNft: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/nft-reward/{id}/nft",
        tags,
        summary: "Set the NFT metadata of a DRAFT (imageUrl or animationUrl required)",
      },
    })
    .input(updateRewardNftInput)
    .output(rewardSchema)
    .mutation(async ({ ctx, input }) =>
      toReward(
        await withOwnedReward(ctx, input.id, (tx, row) =>
          updateRewardNft({ tx, now: ctx.deps.clock.now() }, row, input),
        ),
      ),
    ),
  delete: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "DELETE",
        path: "/nft-reward/{id}",
        tags,
        summary: "Delete a DRAFT reward; body {creatorId} (required: the ownership check)",
        description:
          'The body is `{"creatorId": "..."}`, the creator owning the reward (the same field in the query is accepted too). 409 unless DRAFT. Answers `{message}`.',
      },
      inputInBody: true,
    })
    .input(deleteRewardInput)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await withCreatorsReward(ctx, { creatorId: input.creatorId, rewardId: input.id }, (tx, row) =>
        deleteDraftReward(tx, row),
      );
      return { message: "Reward deleted" };
    }),
  publish: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/nft-reward/{id}/publish",
        tags,
        summary: "Deploy the reward's contract and publish it (a retry finds the contract it deployed)",
        description:
          "Predicts the clone address from the programme's salt; adopts a contract already there, else deploys one through the factory; then records it (PUBLISHED, publishedAt, `nft-reward-published`). A PUBLISHED reward is answered as is; 409 `invalid_state` for a DISABLED one or a draft without metadata or details.",
      },
    })
    .input(rewardIdParam)
    .output(rewardSchema)
    .mutation(async ({ ctx, input }) => {
      const { deps } = ctx;
      const plan = await withOwnedReward(ctx, input.id, (tx, row) => planPublish({ tx, ...deps }, row));
      const organizationId = ctx.principal.organizationId;
      if (plan) {
        const clone = await ensureClone(deps, { organizationId, rewardId: input.id }, plan);
        return toReward(
          await withOwnedReward(ctx, input.id, (tx, row) =>
            recordPublish({ tx, events: deps.events, now: deps.clock.now() }, row, clone),
          ),
        );
      }
      return toReward(await withOwnedReward(ctx, input.id, async (_tx, row) => row));
    }),
  disable: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/nft-reward/{id}/disable",
        tags,
        summary:
          "Disable a PUBLISHED reward: no new mints, minted tokens unaffected (409 naming the state otherwise)",
      },
    })
    .input(rewardIdParam)
    .output(rewardSchema)
    .mutation(async ({ ctx, input }) =>
      toReward(
        await withOwnedReward(ctx, input.id, (tx, row) =>
          disableProgramme({ tx, now: ctx.deps.clock.now() }, row),
        ),
      ),
    ),
  grant: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/nft-reward/{id}/grant",
        tags,
        summary:
          "Grant the reward's token to a user: a queued mint, sent at once when rewardMode is IMMEDIATE",
        description:
          "400 unless the reward is PUBLISHED with a contract; 404 for an unknown user; 409 `wallet_required` when the user has no EMBEDDED or EXTERNAL wallet; 409 `conditions_not_met` naming each unmet condition. One mint per (reward, wallet): a second grant answers the first's. IMMEDIATE: broadcast now (`BROADCASTED`, txHash). QUEUE: `QUEUED` with `mintId` and `statusUrl`; the mint run starts as the grant commits (grants arriving together share a batch; the minute's mint-queue job is the backstop), and GET `statusUrl` answers the txHash once broadcast.",
      },
    })
    .input(grantRewardInput)
    .output(grantSchema)
    .mutation(async ({ ctx, input }) => {
      const { deps } = ctx;
      const { mint, mode, programme } = await withCreatorsReward(
        ctx,
        { creatorId: input.creatorId, rewardId: input.id },
        async (tx, row) => ({
          ...(await queueGrant({ tx, now: deps.clock.now(), events: deps.events }, row, {
            userId: input.userId,
            sendsItself: true,
          })),
          programme: programmeOf(row),
        }),
      );
      if (mode === "QUEUE") return toGrant(mint);
      await processMints(deps, programme, [mint.id]);
      const current = await withTenant(deps.database.db, mint.organizationId, (tx) => readMint(tx, mint));
      return toGrant(await awaitBroadcast(deps, current));
    }),
  userMint: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/mints/{mintId}",
        tags,
        summary: "A queued mint of the user: its status, txHash once broadcast, tokenId once COMPLETED",
        description:
          "The `statusUrl` of a grant. The fan reads it acting as themselves (X-User-Id = {id}); another user's mint is 404.",
      },
    })
    .input(mintIdParams)
    .output(queuedMintSchema)
    .query(async ({ ctx, input }) =>
      toQueuedMint(
        await withUser(ctx, input.id, (tx, user) =>
          findMint(tx, { organizationId: user.organizationId, id: input.mintId, of: { userId: user.id } }),
        ),
      ),
    ),
  rewardMint: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}/mints/{mintId}",
        tags,
        summary: "A queued mint of the reward, read by its creator (or an ADMIN key)",
      },
    })
    .input(mintIdParams)
    .output(queuedMintSchema)
    .query(async ({ ctx, input }) =>
      toQueuedMint(
        await withOwnedReward(ctx, input.id, (tx, row) =>
          findMint(tx, { organizationId: row.organizationId, id: input.mintId, of: { rewardId: row.id } }),
        ),
      ),
    ),
});
