import { withCreator } from "@tally/commerce";
import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { startOnboarding } from "./onboarding.ts";
import { creatorPayoutSchema, listPayoutsInput, onboardingInput, onboardingResultSchema } from "./schemas.ts";
import { listCreatorPayouts } from "./service.ts";

const tags = ["Payouts"];

export const payoutsRouter = router({
  onboard: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/cardproc/account",
        tags,
        summary:
          "Start or resume payout onboarding: the creator's connected account (created once) and a fresh onboarding URL",
      },
    })
    .input(onboardingInput)
    .output(onboardingResultSchema)
    .mutation(({ ctx, input }) => startOnboarding(ctx, input)),
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/payouts",
        tags,
        summary: "The creator's payouts, newest first (X-Total-Count holds the total; owner or ADMIN)",
      },
    })
    .input(listPayoutsInput)
    .output(z.array(creatorPayoutSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) =>
          listCreatorPayouts(tx, { ...input, organizationId: creator.organizationId }),
        ),
      );
    }),
});
