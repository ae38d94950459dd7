import { dateTimeInput, idPattern, offsetPaginationInput } from "@tally/core";
import { airdropSources, airdropStatuses } from "@tally/db";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

/** Most users one LIST airdrop names: with the body's other fields, within a request's 10000 JSON values. */
export const MAX_LIST_USERS = 9_000;

const eligibilityInput = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("CONDITIONS") }),
    z.strictObject({ type: z.literal("GROUP"), groupId: id.describe("A group of the reward's creator") }),
    z.strictObject({
      type: z.literal("LIST"),
      userIds: z.array(id).min(1).max(MAX_LIST_USERS).describe("Users of the organization, at most 9000"),
    }),
  ])
  .describe(
    "CONDITIONS: every user meeting the reward's conditions; GROUP: the group's members; LIST: the users named. The reward's conditions apply to every recipient.",
  );

export const createAirdropInput = z.strictObject({
  id: id.describe("The reward"),
  creatorId: id.describe("The reward's creator (ownership check)"),
  airdropDate: dateTimeInput({ min: "2000-01-01T00:00:00Z", max: "2100-01-01T00:00:00Z" })
    .optional()
    .describe("When the airdrop-monitor job queues the mints; absent or past = at once"),
  eligibility: eligibilityInput,
});

export const airdropIdParam = z.strictObject({ id });

export const creatorAirdropsInput = z.strictObject({ creatorId: id }).extend(offsetPaginationInput.shape);

export const latestAirdropInput = z.strictObject({ creatorId: id });

export const deliveredInput = airdropIdParam.extend(offsetPaginationInput.shape);

export const airdropSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    airdropDate: z.date(),
    status: z.enum(airdropStatuses),
    source: z.enum(airdropSources),
    groupId: z.string().nullable(),
    eligible: z
      .number()
      .int()
      .describe(
        "Users the airdrop is for: an estimate while PENDING, fixed once the recipients are resolved",
      ),
    minted: z.number().int().describe("Recipients holding their token (as of the monitor's last run)"),
    failed: z.number().int().describe("Recipients whose mint failed for good"),
    skipped: z.number().int().describe("Recipients left out: no wallet, or the reward's conditions not met"),
    error: z.string().nullable().describe("Why the airdrop FAILED as a whole, when it did"),
    createdAt: z.date(),
    finishedAt: z.date().nullable(),
    nftReward: z.object({
      id: z.string(),
      contract: z.object({ name: z.string().nullable(), proxyAddress: z.string().nullable() }),
    }),
  })
  .meta({ id: "Airdrop" });
export type Airdrop = z.infer<typeof airdropSchema>;

export const deliveredSchema = z
  .object({
    userId: z.string(),
    walletAddress: z.string(),
    tokenId: z.string().describe("Decimal uint256"),
    txHash: z.string().nullable().describe("The mint's transaction; null when the token was found on chain"),
    deliveredAt: z.date(),
  })
  .meta({ id: "AirdropDelivery" });

export const redemptionTrackingSchema = z
  .object({
    airdropId: z.string(),
    delivered: z.number().int().describe("Tokens the airdrop delivered"),
    redeemed: z.number().int().describe("Of those, tokens redeemed"),
    redemptionRate: z.number().describe("redeemed / delivered, 0 when nothing was delivered"),
  })
  .meta({ id: "AirdropRedemptionTracking" });
