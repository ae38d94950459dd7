import { findCreatorBySlug, inTenant, withCreator } from "@tally/commerce";
import { answerPage } from "@tally/trpc";
import { z } from "zod";
import { campaignReviewProcedure, campaignsProcedure, withCreatorsCampaign } from "./access.ts";
import { archiveCampaign, purgeCampaign, restoreCampaign, reviewCampaign } from "./lifecycle.ts";
import { readCampaign, toCampaignSummary } from "./present.ts";
import { findCampaign } from "./record.ts";
import {
  adminCampaignsInput,
  campaignSchema,
  campaignSummaryListSchema,
  campaignTitlesSchema,
  creatorCampaignParam,
  creatorCampaignsInput,
  creatorIdParam,
  joinableCampaignsInput,
  reviewCampaignInput,
} from "./schemas.ts";
import {
  creatorCampaignTitles,
  latestCreatorCampaign,
  listCreatorCampaigns,
  listJoinableCampaigns,
  listOrganizationCampaigns,
} from "./service.ts";

const tags = ["Campaigns"];
const adminTags = ["Campaign review"];

/** The creator's campaign routes (spec 01) and the organization's review routes (spec 02, ADMIN). */
export const creatorCampaignProcedures = {
  creatorCampaigns: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/campaigns",
        tags,
        summary: "The creator's campaigns, newest first (archived ones with archived=true); X-Total-Count",
      },
    })
    .input(creatorCampaignsInput)
    .output(campaignSummaryListSchema)
    .query(async ({ ctx, input }) => {
      const page = await withCreator(ctx, input.creatorId, (tx, creator) =>
        listCreatorCampaigns(tx, creator, input),
      );
      return answerPage(ctx, { items: page.items.map(toCampaignSummary), total: page.total });
    }),
  joinableCampaigns: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/creator/{slug}/campaigns",
        tags,
        summary: "The campaigns a fan can join now: the creator's PUBLISHED campaigns inside their window",
        description:
          "Not archived, started and not ended, newest first; limit/offset page it, X-Total-Count the whole list. Render one with GET /campaign/{id}.",
      },
    })
    .input(joinableCampaignsInput)
    .output(campaignSummaryListSchema)
    .query(async ({ ctx, input }) => {
      const page = await inTenant(ctx, async (tx) =>
        listJoinableCampaigns(
          { tx, now: ctx.deps.clock.now() },
          await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug),
          input,
        ),
      );
      return answerPage(ctx, { items: page.items.map(toCampaignSummary), total: page.total });
    }),
  creatorCampaignTitles: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/campaigns/titles",
        tags,
        summary: "The titles of the creator's campaigns that are not archived, newest first",
      },
    })
    .input(creatorIdParam)
    .output(campaignTitlesSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => creatorCampaignTitles(tx, creator)),
    ),
  latestCreatorCampaign: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/campaigns/latest",
        tags,
        summary: "The creator's most recently created campaign that is not archived (404 when none)",
      },
    })
    .input(creatorIdParam)
    .output(campaignSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, async (tx, creator) =>
        readCampaign(tx, await latestCreatorCampaign(tx, creator)),
      ),
    ),
  archiveCampaign: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/campaign/{id}",
        tags,
        summary: "Archive a campaign (the lifecycle's DELETED): it keeps its status; restore brings it back",
        description:
          "A PUBLISHED campaign is ended first (409); an archived one takes no change until restored.",
      },
    })
    .input(creatorCampaignParam)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withCreatorsCampaign(ctx, { creatorId: input.creatorId, campaignId: input.id }, async (tx, row) =>
        readCampaign(tx, await archiveCampaign({ tx, now: ctx.deps.clock.now() }, row)),
      ),
    ),
  restoreCampaign: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/campaign/{id}/restore",
        tags,
        summary: "Restore an archived campaign in the status it was archived in",
      },
    })
    .input(creatorCampaignParam)
    .output(campaignSchema)
    .mutation(({ ctx, input }) =>
      withCreatorsCampaign(ctx, { creatorId: input.creatorId, campaignId: input.id }, async (tx, row) =>
        readCampaign(tx, await restoreCampaign({ tx, now: ctx.deps.clock.now() }, row)),
      ),
    ),
  purgeCampaign: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/campaign/{id}/purge",
        tags,
        summary: "Delete an archived campaign for good, with its configuration and participation",
        description:
          "409 unless archived first. A linked collectible programme stays (its tokens are on chain).",
      },
      successStatus: 204,
    })
    .input(creatorCampaignParam)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await withCreatorsCampaign(ctx, { creatorId: input.creatorId, campaignId: input.id }, (tx, row) =>
        purgeCampaign(tx, row),
      );
    }),
  adminCampaigns: campaignReviewProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/admin/campaigns",
        tags: adminTags,
        summary: "The organization's campaigns, newest first, by status (ADMIN); X-Total-Count",
      },
    })
    .input(adminCampaignsInput)
    .output(campaignSummaryListSchema)
    .query(async ({ ctx, input }) => {
      const page = await inTenant(ctx, (tx) => listOrganizationCampaigns(tx, ctx.principal, input));
      return answerPage(ctx, { items: page.items.map(toCampaignSummary), total: page.total });
    }),
  reviewCampaign: campaignReviewProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: "/admin/campaigns/{id}/status",
        tags: adminTags,
        summary: "Review a SUBMITTED campaign (ADMIN): APPROVED, or REJECTED (or DRAFT) back to DRAFT",
        description:
          "A rejection may give `reason` (optional): kept and shown on the campaign as `rejectionReason` until the next decision, null when none was given. campaign-reviewed notifies the creator. 409 naming the state unless SUBMITTED.",
      },
    })
    .input(reviewCampaignInput)
    .output(campaignSchema)
    .mutation(({ ctx, input }) => {
      const approve = input.status === "APPROVED";
      return inTenant(ctx, async (tx) => {
        const row = await findCampaign(
          tx,
          { organizationId: ctx.principal.organizationId, id: input.id },
          { lock: true },
        );
        const { clock, events } = ctx.deps;
        const reviewed = await reviewCampaign(
          { tx, now: clock.now(), events, reviewerKeyId: ctx.principal.keyId },
          row,
          { approve, reason: input.reason },
        );
        return readCampaign(tx, reviewed);
      });
    }),
};
