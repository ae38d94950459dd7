import { offsetPaginationInput } from "@tally/core";
import { followTargetTypes } from "@tally/db";
import { z } from "zod";
import { id, userIdParam } from "../shared/schemas.ts";

export const followSchema = z
  .object({
    followerId: z.string().describe("The following user"),
    followingId: z.string().describe("The followed user or creator"),
    followingType: z.enum(followTargetTypes),
    createdAt: z.date().describe("When the follow started (the first time, for a repeated follow)"),
  })
  .meta({ id: "Follow" });

export type Follow = z.infer<typeof followSchema>;

export const followInput = userIdParam.extend({
  followingId: id.describe("A user id or a creator id of the organization"),
});

export const followCreatorInput = userIdParam.extend({ creatorId: id });

export const followListInput = userIdParam.extend(offsetPaginationInput.shape);

export const countSchema = z.object({ count: z.number().int() }).meta({ id: "Count" });
