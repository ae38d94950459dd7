import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { findCreator, inTenant, withCreator } from "../access/scope.ts";
import { creatorIdParam } from "../shared/schemas.ts";
import {
  creatorFollowerSchema,
  creatorPaginatedInput,
  dashboardSchema,
  fansInput,
  fansSchema,
  followerCountSchema,
  growthInput,
  growthSchema,
  publicFollowersInput,
  topFollowerSchema,
} from "./schemas.ts";
import {
  countCreatorFollowers,
  creatorDashboard,
  creatorFans,
  creatorFollowerGrowth,
  listCreatorFollowers,
  topCreatorFollowers,
} from "./service.ts";

const tags = ["Creator insights"];

export const insightsRouter = router({
  dashboard: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/dashboard",
        tags,
        summary:
          "Overview: followers, products, paid orders and revenue, with a 30-day window (owner or ADMIN)",
      },
    })
    .input(creatorIdParam)
    .output(dashboardSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        creatorDashboard({ tx, now: ctx.deps.clock.now() }, creator),
      ),
    ),
  fans: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/dashboard/fans",
        tags,
        summary:
          "Fan analytics: buyers, repeat buyers, followers who buy and top fans by spend (owner or ADMIN)",
      },
    })
    .input(fansInput)
    .output(fansSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        creatorFans({ tx, now: ctx.deps.clock.now() }, creator, input.limit),
      ),
    ),
  followers: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/followers",
        tags,
        summary: "Followers of the creator, newest first; X-Total-Count (owner or ADMIN)",
      },
    })
    .input(creatorPaginatedInput)
    .output(z.array(creatorFollowerSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listCreatorFollowers(tx, creator, input)),
      );
    }),
  followerCount: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/followers/count",
        tags,
        summary: "Number of followers of the creator (owner or ADMIN)",
      },
    })
    .input(creatorIdParam)
    .output(followerCountSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => countCreatorFollowers(tx, creator)),
    ),
  publicFollowers: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/followers/{id}",
        tags,
        summary: "Followers of a creator (public), newest first; X-Total-Count",
      },
    })
    .input(publicFollowersInput)
    .output(z.array(creatorFollowerSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await inTenant(ctx, async (tx) =>
          listCreatorFollowers(
            tx,
            await findCreator(tx, { organizationId: ctx.principal.organizationId, id: input.id }),
            input,
          ),
        ),
      );
    }),
  topFollowers: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/followers/{id}/top",
        tags,
        summary:
          "Top followers of a creator (public): by spend with the creator, then paid orders, then earliest follow; amounts not shown",
      },
    })
    .input(publicFollowersInput)
    .output(z.array(topFollowerSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await inTenant(ctx, async (tx) =>
          topCreatorFollowers(
            tx,
            await findCreator(tx, { organizationId: ctx.principal.organizationId, id: input.id }),
            input,
          ),
        ),
      );
    }),
  followerGrowth: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/followers/{id}/growth",
        tags,
        summary: "Daily new followers and running total over the last `days` days (public)",
      },
    })
    .input(growthInput)
    .output(growthSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) => {
        const creator = await findCreator(tx, { organizationId: ctx.principal.organizationId, id: input.id });
        return creatorFollowerGrowth({ tx, now: ctx.deps.clock.now() }, creator, input.days);
      }),
    ),
});
