import { idPattern, offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { CONNECTED_ACCOUNT_MACHINE } from "./account-state.ts";
import { PAYOUT_MACHINE } from "./payout-state.ts";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048);

export const creatorPayoutSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    orderId: z.string().describe("One payout per order"),
    amount: z.number().int().describe("Cents: the amount charged minus the application fee"),
    currency: z.string(),
    status: z.enum(PAYOUT_MACHINE.states),
    eligibleAt: z.date().describe("End of the hold: the sweep makes the payout ELIGIBLE from then"),
    transferId: z.string().nullable().describe("The processor's transfer id, once TRANSFERRED"),
    createdAt: z.date(),
    transferredAt: z.date().nullable(),
  })
  .meta({ id: "CreatorPayout" });

export type CreatorPayout = z.infer<typeof creatorPayoutSchema>;

export const listPayoutsInput = z.strictObject({
  creatorId: id,
  ...offsetPaginationInput.shape,
  status: z.enum(PAYOUT_MACHINE.states).optional().describe("Only payouts in this status"),
});

export const onboardingInput = z.strictObject({
  creatorId: id,
  returnUrl: httpUrl
    .optional()
    .describe(
      "Where the processor sends the creator after onboarding (default: this service's `GET /cardproc/onboarding/return`)",
    ),
  refreshUrl: httpUrl
    .optional()
    .describe(
      "Where the processor sends the creator when the link expired (default: this service's `GET /cardproc/onboarding/refresh`)",
    ),
});

export const onboardingResultSchema = z
  .object({
    url: z.string().describe("The processor's onboarding page: redirect the creator there"),
    accountId: z.string().describe("The creator's connected account at the processor"),
    status: z.enum(CONNECTED_ACCOUNT_MACHINE.states).describe("ENABLED once the processor allows payouts"),
  })
  .meta({ id: "CardprocOnboarding" });
