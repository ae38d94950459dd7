import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { findCreator, withUser } from "../access/scope.ts";
import { publicCreatorSchema } from "../creators/schemas.ts";
import { userSchema } from "../users/schemas.ts";
import { countSchema, followCreatorInput, followInput, followListInput, followSchema } from "./schemas.ts";
import {
  countFollowedCreators,
  follow,
  listFollowedCreators,
  listFollowedUsers,
  listFollowers,
  resolveTarget,
  unfollow,
} from "./service.ts";

const tags = ["Follows"];

export const followsRouter = router({
  follow: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/followers/follow",
        tags,
        summary: "Follow a user or a creator (idempotent: a repeat returns the existing follow)",
      },
      successStatus: 201,
    })
    .input(followInput)
    .output(followSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => {
        const target = await resolveTarget(tx, user.organizationId, input.followingId);
        return follow({ tx, events: ctx.deps.events, now: ctx.deps.clock.now() }, user, target);
      }),
    ),
  unfollow: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/user/{id}/followers/follow",
        tags,
        summary: "Stop following a user or a creator (followingId in the body or the query; idempotent)",
      },
      successStatus: 204,
    })
    .input(followInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, (tx, user) => unfollow(tx, user, input.followingId));
    }),
  followCreator: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/creator/{creatorId}/followers/follow",
        tags,
        summary: "Follow a creator (idempotent: a repeat returns the existing follow)",
      },
      successStatus: 201,
    })
    .input(followCreatorInput)
    .output(followSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => {
        const creator = await findCreator(tx, { organizationId: user.organizationId, id: input.creatorId });
        return follow({ tx, events: ctx.deps.events, now: ctx.deps.clock.now() }, user, {
          type: "CREATOR",
          id: creator.id,
        });
      }),
    ),
  following: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/following",
        tags,
        summary: "Users this user follows, most recent follow first",
      },
    })
    .input(followListInput)
    .output(z.array(userSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(ctx, await withUser(ctx, input.id, (tx, user) => listFollowedUsers(tx, user, input)));
    }),
  followingCreators: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/following/creators",
        tags,
        summary: "Creators this user follows, most recent follow first",
      },
    })
    .input(followListInput)
    .output(z.array(publicCreatorSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withUser(ctx, input.id, (tx, user) => listFollowedCreators(tx, user, input)),
      );
    }),
  followingCreatorsCount: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/following/creators/count",
        tags,
        summary: "How many creators this user follows",
      },
    })
    .input(z.strictObject({ id: followInput.shape.id }))
    .output(countSchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => ({ count: await countFollowedCreators(tx, user) })),
    ),
  followers: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/followers",
        tags,
        summary: "Users following this user, most recent first",
      },
    })
    .input(followListInput)
    .output(z.array(userSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(ctx, await withUser(ctx, input.id, (tx, user) => listFollowers(tx, user, input)));
    }),
});
