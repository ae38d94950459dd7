import { type Context, publicProcedure, router, sendTotalCount } from "@tally/trpc";
import { taskpoolDeps } from "../deps.ts";
import { presentTask } from "../task/present.ts";
import { taskListSchema, taskSchema } from "../task/schemas.ts";
import { claimTask, releaseLapsedClaims } from "./claim.ts";
import { presentSolver } from "./present.ts";
import {
  addressParam,
  claimTaskInput,
  openTasksInput,
  registerSolverInput,
  solverPerformanceSchema,
  solverSchema,
  submitTaskInput,
} from "./schemas.ts";
import { getSolver, listOpenTasks, registerSolver, solverPerformance, takeSolverToken } from "./service.ts";
import { verifySolverSignature } from "./signature.ts";
import { submitTask } from "./submit.ts";

const tags = ["Task pool: solvers"];

/** Every organization's open tasks as `{data, total, limit, offset}`, for the solver routes without a key. */
export const answerOpenTasks = async (
  ctx: Pick<Context, "deps" | "clientAddress" | "responseHeaders">,
  input: { campaignId?: string | undefined; limit: number; offset: number },
) => {
  const db = ctx.deps.database.db;
  await takeSolverToken(db, ctx.clientAddress);
  await releaseLapsedClaims(ctx.deps);
  const now = ctx.deps.clock.now();
  const { rows, total } = await listOpenTasks({ db, now }, input);
  sendTotalCount(ctx, total);
  const data = rows.map((row) => presentTask(row, now));
  return { data, total, limit: input.limit, offset: input.offset };
};
const limited = "Rate-limited per solver address (429 rate_limited with Retry-After).";

/**
 * The solver side: no API key (a solver is nobody's tenant). Solvers are a global registry; tasks are
 * read across organizations. Every route takes a token of the solver's bucket first.
 */
export const solverRouter = router({
  register: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "POST",
        path: "/solver/register",
        tags,
        summary: "Register a solver (or replace its metadata) by proving control of its address",
        description: `signedTx is the EIP-191 signature by solverAddress of "Tally solver registration\\nAddress: <solverAddress, lowercase>\\nIssued at: <issuedAt>", issuedAt within 300 s of the server's time and later than the solver's previous registration (401 signature_required otherwise, with context.reason). ${limited}`,
      },
    })
    .input(registerSolverInput)
    .output(solverSchema)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.deps.database.db;
      await takeSolverToken(db, input.solverAddress);
      return presentSolver(await registerSolver({ db, now: ctx.deps.clock.now() }, input));
    }),
  tasks: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "GET",
        path: "/solver/tasks",
        tags,
        summary: "Open tasks of every organization whose deadline is ahead, soonest deadline first",
        description: `The page in the body as {data, total, limit, offset}; the total also in X-Total-Count. Rate-limited per client address (429 rate_limited with Retry-After).`,
      },
    })
    .input(openTasksInput)
    .output(taskListSchema)
    .query(({ ctx, input }) => answerOpenTasks(ctx, input)),
  claim: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "POST",
        path: "/solver/tasks/{taskId}/claim",
        tags,
        summary: "Claim an Open task for a lease of min(30 min, time to its deadline): status Claimed",
        description: `signedTx is the EIP-191 signature by solverAddress of "Tally task claim\\nAddress: <solverAddress>\\nTask: <taskId>\\nIssued at: <issuedAt>" (lowercase hex), issuedAt within 300 s of the server's time (401 signature_required otherwise, with context.message). A registered solver only (403 forbidden). Of concurrent claims exactly one succeeds; the others, and a task not Open, get 409 invalid_state naming its state. A lease that ran out without a submission makes the task Open again. ${limited}`,
      },
    })
    .input(claimTaskInput)
    .output(taskSchema)
    .mutation(async ({ ctx, input }) => {
      await takeSolverToken(ctx.deps.database.db, input.solverAddress);
      await verifySolverSignature({ now: ctx.deps.clock.now() }, input.solverAddress, {
        ...input,
        action: { kind: "claim", taskId: input.taskId },
      });
      const claimed = await claimTask(taskpoolDeps(ctx), input.taskId, input.solverAddress);
      return presentTask(claimed, ctx.deps.clock.now());
    }),
  submit: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "POST",
        path: "/solver/tasks/{taskId}/submit",
        tags,
        summary:
          "Submit a claimed task's bytes32 deliverable: relayed on chain, status SubmittedForVerification",
        description: `signedTx is the EIP-191 signature by solverAddress of "Tally task submission\\nAddress: <solverAddress>\\nTask: <taskId>\\nSubmission: <submissionHash>\\nIssued at: <issuedAt>" (lowercase hex), issuedAt within 300 s (401 signature_required otherwise). The claimant only (403 forbidden), before its lease and the deadline end (409 invalid_state). The escrow's submit is mined first; then task-verification-requested is published. A chain failure leaves the task Claimed: 503 (retryable; context.submissionPending when the send's outcome is unknown: submit again) or 409 conflict naming the contract's refusal. ${limited}`,
      },
    })
    .input(submitTaskInput)
    .output(taskSchema)
    .mutation(async ({ ctx, input }) => {
      await takeSolverToken(ctx.deps.database.db, input.solverAddress);
      await verifySolverSignature({ now: ctx.deps.clock.now() }, input.solverAddress, {
        ...input,
        action: { kind: "submission", taskId: input.taskId, submissionHash: input.submissionHash },
      });
      const submitted = await submitTask(taskpoolDeps(ctx), input.taskId, input);
      return presentTask(submitted, ctx.deps.clock.now());
    }),
  performance: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "GET",
        path: "/solver/performance/{address}",
        tags,
        summary: "A registered solver's claims, completions, earnings (atomic units) and reputation",
        description: `404 for an address never registered. ${limited}`,
      },
    })
    .input(addressParam)
    .output(solverPerformanceSchema)
    .query(async ({ ctx, input }) => {
      const db = ctx.deps.database.db;
      await takeSolverToken(db, input.address);
      return solverPerformance(db, input.address);
    }),
  get: publicProcedure
    .meta({
      audience: "public",
      openapi: {
        method: "GET",
        path: "/solver/{address}",
        tags,
        summary: "A registered solver's profile",
        description: `404 for an address never registered. ${limited}`,
      },
    })
    .input(addressParam)
    .output(solverSchema)
    .query(async ({ ctx, input }) => {
      const db = ctx.deps.database.db;
      await takeSolverToken(db, input.address);
      return presentSolver(await getSolver(db, input.address));
    }),
});
