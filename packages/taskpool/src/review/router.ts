import { withTenant } from "@tally/db";
import { router, sendTotalCount } from "@tally/trpc";
import { taskPoolProcedure } from "../access.ts";
import { taskpoolDeps } from "../deps.ts";
import { presentTask } from "../task/present.ts";
import { taskIdParam, taskListSchema, taskSchema } from "../task/schemas.ts";
import { pendingReviewInput, resolveTaskInput, retryVerificationResult } from "./schemas.ts";
import { listPendingReview, resolveByAdmin, retryVerification } from "./service.ts";

const tags = ["Task pool"];

/** The admin's side of verification: the review list, a manual resolution, a retry (ADMIN key, GROWTH or PRO). */
export const reviewRouter = router({
  pendingReview: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/admin/tasks/pending-review",
        tags,
        summary: "The organization's tasks flagged for an admin's review, oldest flag first",
        description:
          "SubmittedForVerification tasks whose AIEval evaluation fell below its thresholds (score, confidence), was inconsistent, failed, or whose verdict the escrow refused; each with its evaluation (score, confidence), reviewRequestedAt and reviewReason. The page in the body as {data, total, limit, offset}; the total also in X-Total-Count.",
      },
    })
    .input(pendingReviewInput)
    .output(taskListSchema)
    .query(async ({ ctx, input }) => {
      const { organizationId } = ctx.principal;
      const { rows, total } = await withTenant(ctx.deps.database.db, organizationId, (tx) =>
        listPendingReview(tx, organizationId, input),
      );
      sendTotalCount(ctx, total);
      const now = ctx.deps.clock.now();
      return {
        data: rows.map((row) => presentTask(row, now)),
        total,
        limit: input.limit,
        offset: input.offset,
      };
    }),
  resolve: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/admin/tasks/{taskId}/resolve",
        tags,
        summary: "An admin approves or rejects a submitted Oracle or AIEval task, on chain",
        description:
          "SubmittedForVerification only (409 invalid_state naming the state). Approved: the escrow settles it (the solver's claimable balance) and it ends Settled; rejected: Open again while its deadline is ahead, else Expired and refunded. adminNotes and the resolving key's id are recorded, and the review flag is cleared. A Consensus task is 409 invalid_state: only its verifiers' signatures resolve it (POST /tasks/{taskId}/verify). A chain failure answers 503 and the task stays SubmittedForVerification.",
      },
    })
    .input(resolveTaskInput)
    .output(taskSchema)
    .mutation(async ({ ctx, input }) =>
      presentTask(await resolveByAdmin(taskpoolDeps(ctx), ctx.principal, input), ctx.deps.clock.now()),
    ),
  retryVerification: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/admin/tasks/{taskId}/retry-verification",
        tags,
        summary: "Run a submitted task's verification again",
        description:
          "SubmittedForVerification only (409 invalid_state naming the state). A resolution already sent (Oracle or AIEval) is reconciled against the chain (action reconciled). Otherwise an AIEval submission is evaluated again now and answered: settled, reopened, or flagged for review (action evaluated; 503 when the model is unavailable); an Oracle or Consensus task has task-verification-requested published again (action republished).",
      },
    })
    .input(taskIdParam)
    .output(retryVerificationResult)
    .mutation(async ({ ctx, input }) => {
      const { action, task } = await retryVerification(
        taskpoolDeps(ctx),
        ctx.principal.organizationId,
        input.taskId,
      );
      return { action, task: presentTask(task, ctx.deps.clock.now()) };
    }),
});
