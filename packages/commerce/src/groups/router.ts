import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withCreator } from "../access/scope.ts";
import {
  createGroupInput,
  creatorGroupSchema,
  creatorGroupWithMembersSchema,
  listGroupsInput,
} from "./schemas.ts";
import { createGroup, listGroups } from "./service.ts";

const tags = ["Creator groups"];

export const groupsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/group",
        tags,
        summary: "Create a group of the creator's followers (owner or ADMIN)",
      },
      successStatus: 201,
    })
    .input(createGroupInput)
    .output(creatorGroupWithMembersSchema)
    .mutation(({ ctx, input }) => {
      const { creatorId, ...group } = input;
      return withCreator(ctx, creatorId, (tx, creator) =>
        createGroup({ tx, now: ctx.deps.clock.now() }, creator, group),
      );
    }),
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/groups",
        tags,
        summary:
          "The creator's follower groups with member counts, newest first; X-Total-Count (owner or ADMIN)",
      },
    })
    .input(listGroupsInput)
    .output(z.array(creatorGroupSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listGroups(tx, creator, input)),
      );
    }),
});
