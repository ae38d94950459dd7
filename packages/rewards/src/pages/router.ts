import { findCreatorBySlug, inTenant, takeAddressToken, withCreator } from "@tally/commerce";
import { findObjectRoute, withTenant } from "@tally/db";
import { answerPage, type Context, publicProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { rewardsProcedure } from "../programmes/access.ts";
import { REWARD_ROUTE_KIND, rewardMetadataBase } from "../programmes/publish.ts";
import { findReward } from "../programmes/service.ts";
import {
  latestEarnedReward,
  listEarnedRewards,
  listManagedCollectibles,
  rewardsDashboard,
} from "./creator-pages.ts";
import {
  collectibleMetadataSchema,
  contractMetadataInput,
  contractMetadataSchema,
  creatorIdInput,
  creatorPageInput,
  earnedRewardSchema,
  managedCollectibleSchema,
  publicCollectibleSchema,
  publicRewardSchema,
  rewardsDashboardSchema,
  slugInput,
  tokenMetadataInput,
  tokenMetadataSchema,
} from "./schemas.ts";
import {
  contractMetadataOf,
  findDeployedReward,
  listCollectibleMetadata,
  listPublicCollectibles,
  listPublicRewards,
  mintedTokenMetadata,
} from "./storefront.ts";

const tags = ["Rewards"];

/** Marketplaces and wallets fetch token metadata without a key: limited per client address. */
export const METADATA_LIMIT = { scope: "reward-metadata", ratePerSecond: 20, burst: 200 };

export const rewardPagesRouter = router({
  earnedRewards: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/earned-rewards",
        tags,
        summary: "Tokens minted from the creator's programmes, newest first (X-Total-Count)",
        description:
          "Every COMPLETED mint of the creator's reward programmes: who received it (user, wallet), the programme, the token id, the mint transaction and when it was recorded.",
      },
    })
    .input(creatorPageInput)
    .output(z.array(earnedRewardSchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listEarnedRewards(tx, creator, input)),
      ),
    ),
  latestEarnedReward: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/latest-earned-reward",
        tags,
        summary: "The newest token minted from the creator's programmes; null when none was",
      },
    })
    .input(creatorIdInput)
    .output(earnedRewardSchema.nullable())
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => latestEarnedReward(tx, creator)),
    ),
  collectibles: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/collectibles",
        tags,
        summary: "The creator's programmes for management: contract, minted and pending counts, supply left",
        description:
          "Every programme of the creator, any status, newest first, with what the contract-monitor job last found (`contractDrift`, null when the contract is as deployed).",
      },
    })
    .input(creatorIdInput)
    .output(z.array(managedCollectibleSchema))
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => listManagedCollectibles(tx, creator)),
    ),
  dashboard: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/dashboard/rewards",
        tags,
        summary:
          "Reward programme performance: minted, pending, errors and holders per programme, and totals",
      },
    })
    .input(creatorIdInput)
    .output(rewardsDashboardSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => rewardsDashboard(tx, creator)),
    ),
  publicCollectibles: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/creator/{slug}/collectibles",
        tags,
        summary:
          "A creator's storefront collectibles: PUBLISHED programmes with their contract and minted count",
      },
    })
    .input(slugInput)
    .output(z.array(publicCollectibleSchema))
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        listPublicCollectibles(tx, await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug)),
      ),
    ),
  publicCollectiblesMetadata: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/creator/{slug}/collectibles/metadata",
        tags,
        summary:
          "The ERC-721 metadata of a creator's PUBLISHED programmes, with their tokenURI and contractURI",
        description:
          "The documents the contracts point at: `tokenURI` (the token id in place of `{tokenId}`) and `contractURI` are served without an API key.",
      },
    })
    .input(slugInput)
    .output(z.array(collectibleMetadataSchema))
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        listCollectibleMetadata(
          tx,
          await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug),
          (rewardId) => rewardMetadataBase(ctx.deps.config, rewardId),
        ),
      ),
    ),
  publicRewards: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/creator/{slug}/rewards",
        tags,
        summary:
          "A creator's available reward programmes (PUBLISHED): type, points cost, what a fan receives",
      },
    })
    .input(slugInput)
    .output(z.array(publicRewardSchema))
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        listPublicRewards(tx, await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug)),
      ),
    ),
  contractMetadata: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}/metadata/contract",
        tags,
        summary: "A programme's contract metadata (its contractURI; no API key, extension)",
        description:
          "ERC-7572 JSON of a PUBLISHED or DISABLED programme; 404 for anything else. Rate-limited per client address.",
      },
    })
    .input(contractMetadataInput)
    .output(contractMetadataSchema)
    .query(async ({ ctx, input }) => {
      const organizationId = await publishedRewardTenant(ctx, input.id);
      return withTenant(ctx.deps.database.db, organizationId, async (tx) =>
        contractMetadataOf(await findDeployedReward(tx, { organizationId, rewardId: input.id })),
      );
    }),
  tokenMetadata: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "GET",
        path: "/nft-reward/{id}/metadata/{tokenId}",
        tags,
        summary: "A reward token's ERC-721 metadata (its tokenURI; no API key, extension)",
        description:
          "name, description, image, animation_url, external_url and attributes of a token the service minted; 404 for a token it has not recorded. Rate-limited per client address.",
      },
    })
    .input(tokenMetadataInput)
    .output(tokenMetadataSchema)
    .query(async ({ ctx, input }) => {
      const organizationId = await publishedRewardTenant(ctx, input.id);
      return withTenant(ctx.deps.database.db, organizationId, (tx) =>
        mintedTokenMetadata(tx, { organizationId, rewardId: input.id, tokenId: input.tokenId }),
      );
    }),
});

/** The organization of a published reward, from the global routing table (404 when unknown). */
const publishedRewardTenant = async (
  ctx: Pick<Context, "deps" | "clientAddress">,
  rewardId: string,
): Promise<string> => {
  const db = ctx.deps.database.db;
  await takeAddressToken(db, ctx.clientAddress, METADATA_LIMIT);
  const organizationId = await findObjectRoute(db, { objectId: rewardId, kind: REWARD_ROUTE_KIND });
  if (!organizationId) throw findReward.notFound();
  return organizationId;
};
