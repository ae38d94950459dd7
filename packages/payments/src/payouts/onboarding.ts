import { inTenant, withCreator } from "@tally/commerce";
import { AppError } from "@tally/core";
import type { Context, Principal } from "@tally/trpc";
import type { z } from "zod";
import { ONBOARDING_REFRESH_PATH, ONBOARDING_RETURN_PATH } from "./onboarding-routes.ts";
import type { onboardingInput, onboardingResultSchema } from "./schemas.ts";
import { creatorOwnerEmails, findConnectedAccount, recordConnectedAccount } from "./service.ts";

type AuthedContext = Context & { principal: Principal };

/** A processor failure answers 502 `bad_gateway` (an AppError passes through). */
const viaProcessor = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_gateway", `The card processor could not ${what}`, { cause: error });
  }
};

/** `PUBLIC_BASE_URL`, or the local default the composition root uses. */
export const publicBaseUrl = (config: Context["deps"]["config"]): string =>
  (config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, "");

/**
 * `POST /creator/id/{creatorId}/cardproc/account`: the creator's connected account at the card
 * processor (created on the first call, reused afterwards) and a fresh onboarding link. The processor
 * is called between transactions: the account is created outside any transaction, then recorded; when
 * two first calls race, the one recorded first is the creator's account and both answer with it (the
 * other processor account stays unused). Return and refresh URLs default to this service's landing
 * routes (`onboarding-routes.ts`) under `PUBLIC_BASE_URL`.
 */
export const startOnboarding = async (
  ctx: AuthedContext,
  input: z.infer<typeof onboardingInput>,
): Promise<z.infer<typeof onboardingResultSchema>> => {
  const processor = ctx.deps.providers.cardProcessor;
  const organizationId = ctx.principal.organizationId;
  const { creator, account, owners } = await withCreator(ctx, input.creatorId, async (tx, creator) => ({
    creator,
    account: await findConnectedAccount(tx, organizationId, creator.id),
    owners: await creatorOwnerEmails(tx, organizationId, creator.id),
  }));
  let connected = account;
  if (!connected) {
    const created = await viaProcessor("create the payout account", () =>
      processor.createAccount({
        email: owners[0]?.email,
        metadata: { organizationId, creatorId: creator.id, creatorSlug: creator.slug },
      }),
    );
    const now = ctx.deps.clock.now();
    connected = (
      await inTenant(ctx, (tx) =>
        recordConnectedAccount(
          { tx, now },
          { organizationId, creatorId: creator.id, processorAccountId: created.id },
        ),
      )
    ).account;
  }
  const base = `${publicBaseUrl(ctx.deps.config)}/api/v1`;
  const query = `creatorId=${encodeURIComponent(creator.id)}`;
  const accountId = connected.processorAccountId;
  const link = await viaProcessor("create the onboarding link", () =>
    processor.createAccountLink(accountId, {
      returnUrl: input.returnUrl ?? `${base}${ONBOARDING_RETURN_PATH}?${query}`,
      refreshUrl: input.refreshUrl ?? `${base}${ONBOARDING_REFRESH_PATH}?${query}`,
    }),
  );
  return { url: link.url, accountId, status: connected.status };
};
