import { withCreator } from "@tally/commerce";
import { answerPage, router } from "@tally/trpc";
import { z } from "zod";
import { rewardsProcedure, withOwnedReward } from "../programmes/access.ts";
import { checkInPass } from "./check-in.ts";
import { listCreatorRedemptions, verifyPass } from "./read.ts";
import { redeemToken, redemptionStatus } from "./redeem.ts";
import {
  creatorRedemptionsInput,
  passCheckInSchema,
  passVerificationSchema,
  redeemInput,
  redemptionSchema,
  redemptionStatusSchema,
  tokenPathInput,
  verifyPassInput,
} from "./schemas.ts";

const tags = ["Rewards"];

export const redemptionsRouter = router({
  redeem: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/user/{id}/nfts/{network}/{address}/{tokenId}/redeem",
        tags,
        summary:
          "Redeem a reward token the user holds: its point cost is deducted and its effect produced once",
        description:
          "404 when the contract is no programme of the organization on that network, or the token does not exist; 403 `not_owner` when none of the user's wallets holds the token on chain now; 409 `conditions_not_met`; 409 `insufficient_points` (the cost is taken from the user's points with the reward's creator; nothing changes); 409 `already_redeemed` when the token's redemption is REDEEMED or being processed; FREE_PRODUCT: 422 `shipping_address_required` when the body gives no `shippingAddress` and the user has none saved (nothing claimed or deducted). A DISABLED programme's tokens stay redeemable. The effect runs after the claim commits; if it refuses (4xx) the redemption is FAILED, the cost refunded and the token redeemable again; if it breaks (5xx) the redemption stays PROCESSING and the same user's redeem after 60 s completes it.",
      },
    })
    .input(redeemInput)
    .output(redemptionStatusSchema)
    .mutation(({ ctx, input }) => redeemToken(ctx, input)),
  status: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/nfts/{network}/{address}/{tokenId}/status",
        tags,
        summary: "The user's redemption of a reward token (status NOT_REDEEMED when there is none)",
        description: "404 when the contract is no programme of the organization on that network.",
      },
    })
    .input(tokenPathInput)
    .output(redemptionStatusSchema)
    .query(({ ctx, input }) => redemptionStatus(ctx, input)),
  creatorRedeemed: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/nft-rewards/redeemed",
        tags,
        summary: "Redemptions of the creator's reward programmes, newest first (X-Total-Count)",
        description: "REDEEMED redemptions only; owner (X-User-Id) or ADMIN key.",
      },
    })
    .input(creatorRedemptionsInput)
    .output(z.array(redemptionSchema))
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) => listCreatorRedemptions(tx, creator, input)),
      ),
    ),
  verifyPass: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/nft-reward/{id}/passes/verify",
        tags,
        summary: "Check an EVENT_PASS pass a holder presents (the creator's owner or an ADMIN key)",
        description:
          "Valid when the pass's signature holds, it was issued for this reward, and its redemption is REDEEMED; otherwise `valid: false` with the reason. Checks nothing in (`checkedInAt` tells whether the pass was): a door uses `POST /nft-reward/{id}/passes/consume`. 503 when REWARD_PASS_SIGNING_KEY is not configured.",
      },
    })
    .input(verifyPassInput)
    .output(passVerificationSchema)
    .mutation(({ ctx, input }) =>
      withOwnedReward(ctx, input.id, (tx, reward) =>
        verifyPass({ tx, config: ctx.deps.config }, reward, input.pass),
      ),
    ),
  consumePass: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/nft-reward/{id}/passes/consume",
        tags,
        summary:
          "Check an EVENT_PASS pass in at the door: it admits once (the creator's owner or an ADMIN key)",
        description:
          "The verify route's checks, then the pass is checked in: the first check-in answers `valid: true, firstCheckIn: true` and its `checkedInAt`; every later one answers 200 `valid: false, reason: already_checked_in` with the first check-in's `checkedInAt` and the holder, so the door can tell when it was used. Of concurrent check-ins of one pass exactly one admits. A scanner admits when `valid` is true. 503 when REWARD_PASS_SIGNING_KEY is not configured.",
      },
    })
    .input(verifyPassInput)
    .output(passCheckInSchema)
    .mutation(({ ctx, input }) =>
      withOwnedReward(ctx, input.id, (tx, reward) =>
        checkInPass({ tx, config: ctx.deps.config, now: ctx.deps.clock.now() }, reward, input.pass),
      ),
    ),
});
