import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/**
 * Where the card processor sends a creator's browser back when the integrator gave no `returnUrl` /
 * `refreshUrl`: pages of this service under `/api/v1`, so the default link never lands on a 404. They
 * need no API key (a browser follows them) and read nothing: the creator id in the query is echoed,
 * never looked up, so they reveal nothing about any tenant.
 */
export const ONBOARDING_RETURN_PATH = "/cardproc/onboarding/return";
export const ONBOARDING_REFRESH_PATH = "/cardproc/onboarding/refresh";

const landing = {
  return: {
    onboarding: "returned",
    message:
      "The card processor handed you back. Payouts start once the processor enables the account: its account.updated webhook moves the status to ENABLED. POST /api/v1/creator/id/{creatorId}/cardproc/account answers the current status (and a fresh link if something is missing).",
  },
  refresh: {
    onboarding: "link_expired",
    message:
      "This onboarding link expired or was already used. Ask the app you came from for a new one: POST /api/v1/creator/id/{creatorId}/cardproc/account answers a fresh link.",
  },
} as const;

/** A creator id as the onboarding call writes it; anything else is not echoed. */
const creatorIdOf = (value: string | undefined): string | null =>
  value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;

export const mountOnboardingLandings = <E extends Env>(api: Hono<E>): void => {
  for (const [kind, path] of [
    ["return", ONBOARDING_RETURN_PATH],
    ["refresh", ONBOARDING_REFRESH_PATH],
  ] as const) {
    api.get(path, (c) => c.json({ ...landing[kind], creatorId: creatorIdOf(c.req.query("creatorId")) }, 200));
  }
};

const landingSchema = z
  .object({
    onboarding: z.enum(["returned", "link_expired"]),
    creatorId: z.string().nullable().describe("The creatorId query parameter, echoed (null when absent)"),
    message: z.string().describe("What happens next, for the creator or the app that sent them"),
  })
  .meta({ id: "CardprocOnboardingLanding" });

const landingOperation = (operationId: string, summary: string, description: string) => ({
  get: {
    operationId,
    tags: ["Payouts"],
    summary,
    description: `${description} The default when \`POST /creator/id/{creatorId}/cardproc/account\` is called without it; pass your own URL to bring the creator back into your app instead. No API key; reads nothing.`,
    security: [],
    requestParams: { query: z.object({ creatorId: z.string().optional() }) },
    responses: {
      "200": {
        description: "The landing answer",
        content: { "application/json": { schema: landingSchema } },
      },
    },
  },
});

export const onboardingLandingPaths: ZodOpenApiPathsObject = {
  [ONBOARDING_RETURN_PATH]: landingOperation(
    "cardproc-onboarding-return",
    "Where the card processor returns a creator after payout onboarding (default return URL)",
    "Says onboarding was handed back and that payouts start when the processor enables the account.",
  ),
  [ONBOARDING_REFRESH_PATH]: landingOperation(
    "cardproc-onboarding-refresh",
    "Where the card processor sends a creator whose onboarding link expired (default refresh URL)",
    "Says the link expired and how the app gets a fresh one.",
  ),
};
