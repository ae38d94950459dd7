import { withTenant } from "@tally/db";
import { router, sendTotalCount } from "@tally/trpc";
import { z } from "zod";
import { taskPoolProcedure } from "../access.ts";
import { taskpoolDeps } from "../deps.ts";
import { consensusVerifyInput, verifyByConsensus } from "./consensus.ts";
import { presentTask } from "./present.ts";
import {
  createTaskInput,
  type ListTasksInput,
  listTasksInput,
  noInput,
  taskIdParam,
  taskListSchema,
  taskSchema,
  taskSummarySchema,
} from "./schemas.ts";
import { cancelTask, createTask, getTask, listTasks, taskSummary } from "./service.ts";

const tags = ["Task pool"];

type KeyedContext = Parameters<typeof taskpoolDeps>[0] &
  Parameters<typeof sendTotalCount>[0] & { principal: { organizationId: string } };

/** A page of the organization's tasks as `{data, total, limit, offset}`, the total also in X-Total-Count. */
export const answerTaskPage = async (ctx: KeyedContext, input: ListTasksInput) => {
  const { organizationId } = ctx.principal;
  const now = ctx.deps.clock.now();
  const { rows, total } = await withTenant(ctx.deps.database.db, organizationId, (tx) =>
    listTasks({ db: tx, now }, organizationId, input),
  );
  sendTotalCount(ctx, total);
  const data = rows.map((row) => presentTask(row, now));
  return { data, total, limit: input.limit, offset: input.offset };
};

export const organizationTaskSummary = (ctx: KeyedContext) => {
  const { organizationId } = ctx.principal;
  return withTenant(ctx.deps.database.db, organizationId, (tx) =>
    taskSummary({ db: tx, now: ctx.deps.clock.now() }, organizationId),
  );
};

/**
 * The merchant's tasks: create, list, read, cancel, the summary, and the Consensus verdict (ADMIN key,
 * GROWTH or PRO).
 */
export const tasksRouter = router({
  create: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/tasks",
        tags,
        summary: "Create a task: its amount is escrowed on chain from the pool (status Open)",
        description:
          "The pool must be registered (409 conflict otherwise) and its unescrowed balance cover amountUSDC (409 insufficient_funds, nothing written). amountUSDC has at most 6 decimals (422). The task opens once the escrow's createTask is mined; task-created is published. 503 when the chain is unreachable: nothing is left Open without escrow (context.status Creating when the send's outcome is unknown; GET the task later).",
      },
      successStatus: 201,
    })
    .input(createTaskInput)
    .output(taskSchema)
    .mutation(async ({ ctx, input }) =>
      presentTask(
        await createTask(taskpoolDeps(ctx), ctx.principal.organizationId, input),
        ctx.deps.clock.now(),
      ),
    ),
  list: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/tasks",
        tags,
        summary: "The organization's tasks, newest first, filtered by status and campaignId",
        description: "The page in the body as {data, total, limit, offset}; the total also in X-Total-Count.",
      },
    })
    .input(listTasksInput)
    .output(taskListSchema)
    .query(({ ctx, input }) => answerTaskPage(ctx, input)),
  summary: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/tasks/analytics/summary",
        tags,
        summary: "Task counts (created, active, completed, expired, cancelled) and the value escrowed",
      },
    })
    .input(noInput)
    .output(taskSummarySchema)
    .query(({ ctx }) => organizationTaskSummary(ctx)),
  get: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: { method: "GET", path: "/tasks/{taskId}", tags, summary: "A task of the organization" },
    })
    .input(taskIdParam)
    .output(taskSchema)
    .query(async ({ ctx, input }) =>
      presentTask(
        await getTask(taskpoolDeps(ctx), ctx.principal.organizationId, input.taskId),
        ctx.deps.clock.now(),
      ),
    ),
  cancel: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "DELETE",
        path: "/tasks/{taskId}",
        tags,
        summary: "Cancel an Open task: its escrow goes back to the pool, on chain and in the mirror",
        description:
          "Open only (409 invalid_state naming the state). When the chain is unreachable the task stays Cancelled with its refund pending (503): calling DELETE again retries the refund.",
      },
      successStatus: 204,
    })
    .input(taskIdParam)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await cancelTask(taskpoolDeps(ctx), ctx.principal.organizationId, input.taskId);
    }),
  verify: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/tasks/{taskId}/verify",
        tags,
        summary: "Conclude a Consensus task with its verifiers' signatures (internal verification)",
        description:
          "The merchant hands in the EIP-712 Resolution(bytes32 taskId, bool approved, uint64 timestamp) signatures its pool's verifiers gave (domain TallyTaskEscrow v1, this chain and escrow). Checked before anything is sent: distinct signers of the pool's verifier set must reach its threshold (422 validation_failed, context.reason below_threshold with validSigners and threshold), the timestamp must not be before the task's current submission nor ahead of the clock (422, timestamp_before_submission / timestamp_in_future). Then the escrow's resolveWithSignatures: approved, the task ends Settled (the solver's claimable balance); rejected, Open again while its deadline is ahead, else Expired and refunded. The same verdict and timestamp again does nothing and answers the task as it is. Consensus tasks only: another method's task is 409 conflict naming the route that concludes it; a task not SubmittedForVerification is 409 invalid_state naming its state; 503 when the chain is unreachable (the task stays SubmittedForVerification).",
      },
    })
    .input(consensusVerifyInput)
    .output(taskSchema)
    .mutation(async ({ ctx, input }) =>
      presentTask(
        await verifyByConsensus(taskpoolDeps(ctx), ctx.principal.organizationId, input),
        ctx.deps.clock.now(),
      ),
    ),
});
