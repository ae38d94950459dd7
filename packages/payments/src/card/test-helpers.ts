import { AppError, parseJsonBody } from "@tally/core";
import { CardProcessorError, type CardProcessorPort, SandboxCardProcessor } from "@tally/providers";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/**
 * The sandbox processor's test helpers are mounted only on a `test` deployment whose card processor
 * is the sandbox (a `live` deployment refuses to boot with the sandbox at all).
 */
export const isSandboxCardProcessor = (processor: CardProcessorPort): processor is SandboxCardProcessor =>
  processor instanceof SandboxCardProcessor;

const outcomes = { succeed: "succeed", fail: "fail", process: "process" } as const;

const asAppError = (error: unknown): unknown => {
  if (!(error instanceof CardProcessorError)) return error;
  return error.kind === "not_found"
    ? new AppError("not_found", error.message)
    : new AppError("invalid_state", error.message);
};

const accountUpdateBody = z.strictObject({
  detailsSubmitted: z.boolean().optional(),
  chargesEnabled: z.boolean().optional(),
  payoutsEnabled: z.boolean().optional(),
});

const presentDelivery = (delivery: {
  event: { id: string; type: string };
  path: string;
  status: number;
  body: unknown;
}) => ({
  eventId: delivery.event.id,
  type: delivery.event.type,
  path: delivery.path,
  status: delivery.status,
  response: delivery.body,
});

/**
 * `POST /test-helpers/cardproc/payment-intents/{id}/succeed|fail|process`, account onboarding and
 * transfer helpers: they move the sandbox's object like the customer or the processor would, then
 * deliver the correctly signed event to the public webhook endpoint over HTTP (in-process when the
 * runtime wired `app.request`) and answer what the endpoint answered.
 */
export const mountCardprocTestHelpers = <E extends Env>(
  api: Hono<E>,
  sandbox: SandboxCardProcessor,
): void => {
  for (const outcome of Object.keys(outcomes) as (keyof typeof outcomes)[]) {
    api.post(`/test-helpers/cardproc/payment-intents/:id/${outcome}`, async (c) => {
      try {
        const { intent, delivery } = await sandbox.simulateIntent(c.req.param("id"), outcome);
        return c.json({ intent, delivery: presentDelivery(delivery) }, 200);
      } catch (error) {
        throw asAppError(error);
      }
    });
  }
  api.post("/test-helpers/cardproc/accounts/:id/update", async (c) => {
    const update = await parseJsonBody(accountUpdateBody, c.req, { whole: "body" });
    try {
      const { account, delivery } = await sandbox.simulateAccountUpdate(c.req.param("id"), update);
      return c.json({ account, delivery: presentDelivery(delivery) }, 200);
    } catch (error) {
      throw asAppError(error);
    }
  });
  // The sandbox's onboarding link: completing it enables the account (GET redirects to return_url).
  const onboard = async (id: string) => {
    try {
      return await sandbox.simulateAccountUpdate(id, {
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      });
    } catch (error) {
      throw asAppError(error);
    }
  };
  api.post("/test-helpers/cardproc/accounts/:id/onboard", async (c) => {
    const { account, delivery } = await onboard(c.req.param("id"));
    return c.json({ account, delivery: presentDelivery(delivery) }, 200);
  });
  api.get("/test-helpers/cardproc/accounts/:id/onboard", async (c) => {
    const { account, delivery } = await onboard(c.req.param("id"));
    const returnUrl = c.req.query("return_url");
    if (returnUrl && /^https?:\/\//.test(returnUrl)) return c.redirect(returnUrl, 302);
    return c.json({ account, delivery: presentDelivery(delivery) }, 200);
  });
  api.post("/test-helpers/cardproc/transfers/:id/created", async (c) => {
    try {
      const { transfer, delivery } = await sandbox.deliverTransferCreated(c.req.param("id"));
      return c.json({ transfer, delivery: presentDelivery(delivery) }, 200);
    } catch (error) {
      throw asAppError(error);
    }
  });
};

const deliverySchema = z
  .object({
    eventId: z.string(),
    type: z.string(),
    path: z.string(),
    status: z.number().int().describe("What the public webhook endpoint answered"),
    response: z.unknown(),
  })
  .meta({ id: "CardprocSandboxDelivery" });

const idParam = z.object({ id: z.string() });
const helper = (operationId: string, summary: string, description: string, body?: z.ZodType) => ({
  post: {
    operationId,
    tags: ["Test helpers"],
    summary,
    description: `${description} Mounted only on a \`test\` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.`,
    requestParams: { path: idParam },
    ...(body ? { requestBody: { content: { "application/json": { schema: body } } } } : {}),
    responses: {
      "200": {
        description: "Moved, and the signed event delivered",
        content: {
          "application/json": {
            schema: z.object({ delivery: deliverySchema }).catchall(z.unknown()),
          },
        },
      },
      "404": { description: "The sandbox does not know the id" },
      "409": { description: "The object's status does not allow the move (`invalid_state`)" },
    },
  },
});

export const cardprocTestHelperPaths: ZodOpenApiPathsObject = {
  ...Object.fromEntries(
    (Object.keys(outcomes) as (keyof typeof outcomes)[]).map((outcome) => [
      `/test-helpers/cardproc/payment-intents/{id}/${outcome}`,
      helper(
        `test-helpers-cardproc-intent-${outcome}`,
        `Sandbox: the customer's card payment ${outcome === "succeed" ? "succeeds" : outcome === "fail" ? "fails" : "starts processing"}`,
        `Moves the sandbox payment intent (${outcome === "succeed" ? "-> succeeded" : outcome === "fail" ? "-> requires_payment_method with a card_declined error" : "-> processing"}) and delivers \`payment_intent.${outcome === "succeed" ? "succeeded" : outcome === "fail" ? "payment_failed" : "processing"}\`, signed with CARDPROC_WEBHOOK_SECRET, to the public webhook endpoint.`,
      ),
    ]),
  ),
  "/test-helpers/cardproc/accounts/{id}/update": helper(
    "test-helpers-cardproc-account-update",
    "Sandbox: change a connected account's onboarding flags",
    "Sets the given flags on the sandbox account and delivers a signed `account.updated`.",
    accountUpdateBody,
  ),
  "/test-helpers/cardproc/accounts/{id}/onboard": helper(
    "test-helpers-cardproc-account-onboard",
    "Sandbox: complete onboarding (the sandbox's account link)",
    "Enables the account (details submitted, charges and payouts enabled) and delivers a signed `account.updated`. The onboarding URL the sandbox hands out is the GET form of this route, which redirects to the link's return_url.",
  ),
  "/test-helpers/cardproc/transfers/{id}/created": helper(
    "test-helpers-cardproc-transfer-created",
    "Sandbox: deliver transfer.created for a sandbox transfer",
    "Delivers a signed `transfer.created` for a transfer the sandbox made (its metadata names the payout).",
  ),
};
