import { answerPage } from "@tally/trpc";
import { z } from "zod";
import { campaignsProcedure, withCreatorsCampaign, withFanVisibleCampaign } from "../campaign/access.ts";
import { listApprovedUgcPosts, listUgcPosts, moderateUgcPost } from "./moderation.ts";
import {
  creatorUgcInput,
  fanUgcInput,
  moderateUgcInput,
  publicUgcPostSchema,
  ugcPostSchema,
} from "./schemas.ts";

const tags = ["Campaigns"];
const notUgc = "409 `conflict` for a campaign of another type.";

/** UGC moderation (creator side) and the approved posts' wall (fan side). */
export const ugcProcedures = {
  creatorUgcPosts: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/campaign/{id}/ugc",
        tags,
        summary: "The campaign's UGC posts with their moderation status, newest first (X-Total-Count)",
        description: `The moderation queue: every post (\`status\` filters, e.g. PENDING), with its author's user id and username. New posts are PENDING and shown to fans once APPROVED. ${notUgc}`,
      },
    })
    .input(creatorUgcInput)
    .output(z.array(ugcPostSchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withCreatorsCampaign(ctx, { creatorId: input.creatorId, campaignId: input.id }, (tx, row) =>
          listUgcPosts(tx, row, input),
        ),
      ),
    ),
  moderateUgcPost: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/creator/id/{creatorId}/campaign/{id}/ugc/{postId}",
        tags,
        summary: "Approve a UGC post (fans see it) or hide it",
        description:
          "PENDING → APPROVED or HIDDEN; APPROVED → HIDDEN; HIDDEN → APPROVED. 409 `invalid_state` naming the post's status otherwise (e.g. approving an APPROVED post); 404 for a post that is not the campaign's.",
      },
    })
    .input(moderateUgcInput)
    .output(ugcPostSchema)
    .mutation(({ ctx, input }) =>
      withCreatorsCampaign(ctx, { creatorId: input.creatorId, campaignId: input.id }, (tx, row) =>
        moderateUgcPost({ tx, now: ctx.deps.clock.now() }, row, input),
      ),
    ),
  ugcPosts: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/ugc",
        tags,
        summary: "The campaign's approved UGC posts, newest first (X-Total-Count; extension)",
        description: `What a storefront shows of a UGC campaign: APPROVED posts only, with their public fields (the author's username, never their e-mail or wallet). The fan side reads a PUBLISHED or ENDED campaign (404 before). ${notUgc}`,
      },
    })
    .input(fanUgcInput)
    .output(z.array(publicUgcPostSchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withFanVisibleCampaign(ctx, input.id, (tx, row) => listApprovedUgcPosts(tx, row, input)),
      ),
    ),
};
