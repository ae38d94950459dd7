import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { userSummarySchema } from "../insights/schemas.ts";
import { id } from "../shared/schemas.ts";

export const groupTypes = ["MANUAL"] as const;

export const createGroupInput = z.strictObject({
  creatorId: id,
  groupName: z.string().trim().min(1).max(100).describe("Unique per creator, compared case-insensitively"),
  groupType: z.enum(groupTypes).default("MANUAL").describe("MANUAL: members are listed by hand"),
  memberIds: z
    .array(id)
    .max(1000)
    .default([])
    .describe("User ids of the organization who follow the creator; duplicates are ignored"),
});

export const listGroupsInput = offsetPaginationInput.extend({ creatorId: id }).strict();

export const creatorGroupSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    groupName: z.string(),
    groupType: z.enum(groupTypes),
    memberCount: z.number().int(),
    createdAt: z.date(),
  })
  .meta({ id: "CreatorGroup" });

export const creatorGroupWithMembersSchema = creatorGroupSchema
  .extend({ members: z.array(userSummarySchema) })
  .meta({ id: "CreatorGroupWithMembers" });
