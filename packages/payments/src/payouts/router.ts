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
        description:
          "Redirect the creator to `url`. The processor sends them back to `returnUrl` when done and to `refreshUrl` when the link expired; without them, to this service's `GET /cardproc/onboarding/return` and `/refresh` (landing answers, no key). The account's status changes when the processor's `account.updated` webhook arrives; call again for the current status and a fresh link.",
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
