import { withCreator, withFanVisibleRow, withOwnedRow } from "@tally/commerce";
import { AppError } from "@tally/core";
import type { Tx } from "@tally/db";
import { answerPage, type Context, type Principal, router } from "@tally/trpc";
import { rewardsProcedure, withCreatorsReward } from "../programmes/access.ts";
import { airdropRedemptions } from "./redemption.ts";
import {
  airdropIdParam,
  airdropSchema,
  createAirdropInput,
  creatorAirdropsInput,
  deliveredInput,
  deliveredSchema,
  latestAirdropInput,
  redemptionTrackingSchema,
} from "./schemas.ts";
import {
  type AirdropRow,
  createAirdrop,
  findAirdrop,
  listCreatorAirdrops,
  listDelivered,
  readAirdrop,
  toAirdrop,
} from "./service.ts";

const tags = ["Airdrops"];

type AuthedContext = Context & { principal: Principal };

/** `/airdrop/{id}…`: the airdrop's creator's ownership guard applies (as for its reward); another tenant's is 404. */
const withOwnedAirdrop = <T>(
  ctx: AuthedContext,
  airdropId: string,
  fn: (tx: Tx, airdrop: AirdropRow) => Promise<T>,
): Promise<T> => withOwnedRow(ctx, { find: findAirdrop, id: airdropId, lock: false }, fn);

export const airdropsRouter = router({
  create: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/nft-reward/{id}/airdrops",
        tags,
        summary: "Schedule an airdrop of a PUBLISHED reward (extension: the spec lists no create route)",
        description:
          "Eligibility: CONDITIONS (every user meeting the reward's conditions; 400 when it has none), GROUP (a group of the reward's creator; 404 otherwise) or LIST (at most 9000 users of the organization; 422 naming how many are unknown). The reward's conditions apply to every recipient. 400 unless the reward is PUBLISHED with a contract. At `airdropDate` (absent = now) the airdrop-monitor job, or the `airdrop` event's handler, moves it to PROCESSING and queues one mint per recipient wallet; users without a wallet or failing the conditions are skipped. It ends COMPLETED when every recipient holds the token, FAILED with the counts otherwise.",
      },
      successStatus: 201,
    })
    .input(createAirdropInput)
    .output(airdropSchema)
    .mutation(({ ctx, input }) => {
      const { deps } = ctx;
      return withCreatorsReward(ctx, { creatorId: input.creatorId, rewardId: input.id }, async (tx, reward) =>
        toAirdrop(
          await createAirdrop({ tx, events: deps.events, now: deps.clock.now() }, reward, input),
          reward,
        ),
      );
    }),
  get: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/airdrop/{id}",
        tags,
        summary: "An airdrop: its date, status, eligible users, outcome counts and reward contract",
        description:
          "Its public status: any key of the organization reads it; the fan side sees `groupId` as null (the creator's audience is the creator's).",
      },
    })
    .input(airdropIdParam)
    .output(airdropSchema)
    .query(({ ctx, input }) =>
      withFanVisibleRow(
        ctx,
        { find: findAirdrop, id: input.id, fanVisible: () => true },
        async (tx, row, { creatorSide }) => {
          const airdrop = await readAirdrop(tx, row);
          return creatorSide ? airdrop : { ...airdrop, groupId: null };
        },
      ),
    ),
  delivered: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/airdrop/{id}/delivered",
        tags,
        summary: "Users who received the airdrop's token: wallet, tokenId, txHash (paged, X-Total-Count)",
      },
    })
    .input(deliveredInput)
    .output(deliveredSchema.array())
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withOwnedAirdrop(ctx, input.id, (tx, airdrop) => listDelivered(tx, airdrop, input)),
      ),
    ),
  redemption: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/airdrop/{id}/redemption",
        tags,
        summary: "Redemption tracking: how many of the airdrop's delivered tokens were redeemed",
      },
    })
    .input(airdropIdParam)
    .output(redemptionTrackingSchema)
    .query(({ ctx, input }) =>
      withOwnedAirdrop(ctx, input.id, (tx, airdrop) => airdropRedemptions(tx, airdrop)),
    ),
  latest: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/latest-airdrop",
        tags,
        summary: "The creator's most recently created airdrop (404 when it has none)",
      },
    })
    .input(latestAirdropInput)
    .output(airdropSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, async (tx, creator) => {
        const [latest] = (await listCreatorAirdrops(tx, creator, { limit: 1, offset: 0 })).items;
        if (!latest) throw new AppError("not_found", "The creator has no airdrop");
        return latest;
      }),
    ),
  list: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/airdrops",
        tags,
        summary: "The creator's airdrops, newest first (paged, X-Total-Count)",
      },
    })
    .input(creatorAirdropsInput)
    .output(airdropSchema.array())
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listCreatorAirdrops(tx, creator, input)),
      ),
    ),
});
