import { authedProcedure, router } from "@tally/trpc";
import { inTenant, withCreator, withUser } from "../access/scope.ts";
import {
  availabilityResultSchema,
  checkAvailabilityInput,
  createCreatorInput,
  creatorIdInput,
  creatorSchema,
  creatorStatsSchema,
  publicCreatorSchema,
  slugParam,
  updateCreatorInput,
} from "./schemas.ts";
import {
  checkAvailability,
  createCreator,
  creatorPublicStats,
  findCreatorBySlug,
  presentCreator,
  presentPublicCreator,
  updateCreator,
} from "./service.ts";

const tags = ["Creators"];

export const creatorsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/creator",
        tags,
        summary: "Create a creator owned by the user (slug and displayName unique; tier's maxCreators)",
      },
      successStatus: 201,
    })
    .input(createCreatorInput)
    .output(creatorSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) =>
        createCreator({ tx, now: ctx.deps.clock.now() }, user, {
          displayName: input.displayName,
          slug: input.slug,
          categoryIds: input.categoryIds,
        }),
      ),
    ),
  checkAvailability: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/creator/check-availability",
        tags,
        summary: "Check whether a slug and a display name can be used for a new creator",
      },
    })
    .input(checkAvailabilityInput)
    .output(availabilityResultSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) => checkAvailability(tx, user.organizationId, input)),
    ),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}",
        tags,
        summary: "Get a creator with its loyalty settings, categories and owners (owner or ADMIN)",
      },
    })
    .input(creatorIdInput)
    .output(creatorSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => presentCreator(tx, creator)),
    ),
  update: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/creator/id/{creatorId}",
        tags,
        summary: "Update a creator: omitted fields unchanged, null clears (owner or ADMIN)",
      },
    })
    .input(updateCreatorInput)
    .output(creatorSchema)
    .mutation(({ ctx, input }) => {
      const { creatorId, ...changes } = input;
      return withCreator(ctx, creatorId, (tx, creator) =>
        updateCreator({ tx, now: ctx.deps.clock.now() }, creator, changes),
      );
    }),
  bySlug: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/{slug}",
        tags,
        summary: "Public storefront profile of a creator",
      },
    })
    .input(slugParam)
    .output(publicCreatorSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        presentPublicCreator(await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug)),
      ),
    ),
  stats: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/{slug}/stats",
        tags,
        summary:
          "Public stats of a creator: followers, published products, paid orders, units sold, customers",
      },
    })
    .input(slugParam)
    .output(creatorStatsSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) => {
        const creator = await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug);
        return creatorPublicStats({ tx, now: ctx.deps.clock.now() }, creator);
      }),
    ),
});
