import { AppError, parseJsonObject, parsePathParams } from "@tally/core";
import { withTenant } from "@tally/db";
import { verifyOracleResolution } from "@tally/providers";
import type { Env, Hono } from "hono";
import type { Hex } from "viem";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { TaskpoolDeps } from "../deps.ts";
import { callEscrow } from "../escrow.ts";
import { taskTenant } from "../solver/claim.ts";
import { SIGNATURE_TOLERANCE_SECONDS } from "../solver/signature.ts";
import { concludeVerification } from "./conclude.ts";
import { presentTask } from "./present.ts";
import { findTask } from "./record.ts";
import { taskIdParam, taskSchema } from "./schemas.ts";

/** The `inbound_webhook_events` source of the oracle's callbacks: one row per task and signature. */
export const TASK_ORACLE_WEBHOOK_SOURCE = "task-oracle";

export const oracleCallbackBody = z.strictObject({
  approved: z.boolean(),
  resolverSignature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte signature (0x followed by 130 hex digits)")
    .transform((value) => value.toLowerCase())
    .meta({
      description:
        "The oracle's EIP-712 signature of Resolution(bytes32 taskId, bool approved, uint64 timestamp), domain TallyTaskEscrow v1, this chain and escrow",
    }),
  timestamp: z
    .number()
    .int()
    .nonnegative()
    .meta({
      description: `Unix seconds the oracle signed at; within ${SIGNATURE_TOLERANCE_SECONDS} s of the server's clock`,
    }),
  resolutionMetadata: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "Recorded with the task, not signed (evaluationType, confidence, notes)" }),
});
export type OracleCallback = z.infer<typeof oracleCallbackBody>;

export const oracleCallbackResult = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe("This task and signature were processed before: nothing was done again"),
    task: taskSchema,
  })
  .meta({ id: "TaskVerifyResult" });

const refused = (reason: "mismatch" | "stale", message: string, context: Record<string, unknown> = {}) =>
  new AppError("signature_required", message, { context: { reason, ...context } });

/**
 * `POST /webhooks/task-verify/{taskId}`: the oracle's verdict on an Oracle task's submission. No API key:
 * `task_routes` names the tenant (404 otherwise), the body's `resolverSignature` must be the configured
 * oracle's signature of (taskId, approved, timestamp) and the timestamp within 300 s of the clock (401
 * `signature_required` with `context.reason` mismatch or stale), the task an Oracle task (409
 * `invalid_state`). The conclusion is `concludeVerification`'s; the delivery's id is the task and the
 * signature, so a replay answers 200 `duplicate: true` with the task as it is and does nothing.
 */
export const processOracleCallback = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">,
  taskId: string,
  body: OracleCallback,
) => {
  const escrow = deps.providers.taskEscrow;
  const organizationId = await taskTenant(deps.database.db, taskId);
  const task = await withTenant(deps.database.db, organizationId, (tx) =>
    findTask(tx, { organizationId, id: taskId }),
  );
  const contracts = await callEscrow(() => escrow.contracts());
  const valid = await verifyOracleResolution({
    contracts,
    chainId: escrow.chainId,
    resolution: { taskId: taskId as Hex, approved: body.approved, timestamp: BigInt(body.timestamp) },
    signature: body.resolverSignature as Hex,
  });
  if (!valid)
    throw refused(
      "mismatch",
      "resolverSignature is not the oracle's signature of this task's resolution (taskId, approved, timestamp)",
    );
  const now = deps.clock.now();
  if (Math.abs(now.getTime() / 1000 - body.timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw refused("stale", `timestamp must be within ${SIGNATURE_TOLERANCE_SECONDS} s of the server's time`, {
      serverTime: now.toISOString(),
    });
  if (task.verificationMethod !== "Oracle")
    throw new AppError(
      "invalid_state",
      `Only an Oracle task takes the oracle's callback; this one is verified by ${task.verificationMethod}`,
      { context: { currentStatus: task.status, verificationMethod: task.verificationMethod } },
    );
  const conclusion = await concludeVerification(deps, task, {
    approved: body.approved,
    resolutionMetadata: body.resolutionMetadata,
    delivery: { source: TASK_ORACLE_WEBHOOK_SOURCE, eventId: `${taskId}:${body.resolverSignature}` },
    send: (approved) => escrow.resolve(taskId as Hex, approved),
  });
  const presented = presentTask(conclusion.task, deps.clock.now());
  return { received: true as const, duplicate: conclusion.duplicate, task: presented };
};

/** Mounts `POST /webhooks/task-verify/{taskId}` on the `/api/v1` app. */
export const mountOracleWebhook = <E extends Env>(
  api: Hono<E>,
  deps: Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">,
): void => {
  api.post("/webhooks/task-verify/:taskId", async (c) => {
    const { taskId } = parsePathParams(taskIdParam, c.req.param());
    const parsed = oracleCallbackBody.safeParse(parseJsonObject(await c.req.text()));
    if (!parsed.success) throw parsed.error;
    return c.json(await processOracleCallback(deps, taskId, parsed.data), 200);
  });
};

export const oracleWebhookPaths: ZodOpenApiPathsObject = {
  "/webhooks/task-verify/{taskId}": {
    post: {
      operationId: "webhooks-task-verify",
      tags: ["Webhooks"],
      summary: "The verification oracle's verdict on an Oracle task (signed in the body)",
      description: [
        "Called by the verification oracle, without an API key. `resolverSignature` is the oracle's EIP-712",
        "signature of `Resolution(bytes32 taskId, bool approved, uint64 timestamp)` (domain TallyTaskEscrow v1,",
        "this chain and escrow). Approved: the escrow settles the task (the solver's claimable balance) and it",
        "ends Settled. Rejected: it is Open again while its deadline is ahead, else Expired and refunded to the",
        "pool. A replay of a processed callback (same task and signature) answers `duplicate: true` and does",
        "nothing; a chain failure answers 503 and the task stays SubmittedForVerification.",
      ].join(" "),
      requestParams: { path: taskIdParam },
      requestBody: { content: { "application/json": { schema: oracleCallbackBody } } },
      responses: {
        "200": {
          description: "Concluded, or a duplicate",
          content: { "application/json": { schema: oracleCallbackResult } },
        },
        "400": { description: "Body is not a JSON object" },
        "401": { description: "Not the oracle's signature, or a timestamp outside 300 s of the clock" },
        "404": { description: "Unknown task" },
        "409": {
          description:
            "Not an Oracle task, not SubmittedForVerification, a resolution already in flight, or the escrow refused",
        },
        "422": { description: "Body failed validation" },
        "503": {
          description: "The chain is unreachable (retryable; the task stays SubmittedForVerification)",
        },
      },
    },
  },
};
