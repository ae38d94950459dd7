import { publicProcedure, type Retirement, router } from "@tally/trpc";
import type { z } from "zod";
import { taskPoolProcedure } from "../access.ts";
import { taskpoolDeps } from "../deps.ts";
import { presentPool } from "../pool/present.ts";
import type { PoolRow } from "../pool/record.ts";
import { getPool, registerTaskPool } from "../pool/service.ts";
import { answerOpenTasks } from "../solver/router.ts";
import { openTasksInput } from "../solver/schemas.ts";
import { answerTaskPage, organizationTaskSummary } from "../task/router.ts";
import { listTasksInput, noInput, taskListSchema } from "../task/schemas.ts";
import { intentAnalyticsSchema, treasurySchema } from "./schemas.ts";

const tags = ["Task pool: legacy intents"];

/** The intents API became the task pool: each legacy route answers from its successor until the sunset. */
const retiredFor = (successor: string): Retirement => ({
  deprecatedOn: "2026-11-29",
  sunsetOn: "2027-05-31",
  successor,
});

const presentTreasury = (row: PoolRow): z.infer<typeof treasurySchema> => {
  const pool = presentPool(row);
  return {
    treasuryAddress: pool.taskPoolAddress,
    status: pool.active ? "active" : "inactive",
    chainId: pool.chainId,
    balanceUSDC: pool.balanceUSDC,
    escrowedUSDC: pool.escrowedUSDC,
    balanceAtomic: pool.balanceAtomic,
    escrowedAtomic: pool.escrowedAtomic,
    createdAt: pool.createdAt,
  };
};

/**
 * The legacy intents routes (spec 02): an intent is a task and the treasury is the task pool. Each is
 * documented deprecated and answers with Deprecation, Sunset and a Link to its successor.
 */
export const intentsRouter = router({
  list: taskPoolProcedure
    .meta({
      audience: "creator",
      retirement: retiredFor("GET /tasks"),
      openapi: { method: "GET", path: "/intents", tags, summary: "The organization's intents (its tasks)" },
    })
    .input(listTasksInput)
    .output(taskListSchema)
    .query(({ ctx, input }) => answerTaskPage(ctx, input)),
  analytics: taskPoolProcedure
    .meta({
      audience: "creator",
      retirement: retiredFor("GET /tasks/analytics/summary"),
      openapi: {
        method: "GET",
        path: "/intents/analytics",
        tags,
        summary: "Intent counts: total, fulfilled, pending, expired",
      },
    })
    .input(noInput)
    .output(intentAnalyticsSchema)
    .query(async ({ ctx }) => {
      const summary = await organizationTaskSummary(ctx);
      return {
        total: summary.totalCreated,
        fulfilled: summary.completed,
        pending: summary.active,
        expired: summary.expired,
        cancelled: summary.cancelled,
      };
    }),
  treasury: taskPoolProcedure
    .meta({
      audience: "creator",
      retirement: retiredFor("GET /tasks/pools"),
      openapi: {
        method: "GET",
        path: "/intents/treasury",
        tags,
        summary: "The treasury (the task pool): balance and status",
        description: "404 before POST /intents/treasury/create (or POST /tasks/pools).",
      },
    })
    .input(noInput)
    .output(treasurySchema)
    .query(async ({ ctx }) => presentTreasury(await getPool(ctx.deps, ctx.principal.organizationId))),
  createTreasury: taskPoolProcedure
    .meta({
      audience: "creator",
      retirement: retiredFor("POST /tasks/pools"),
      openapi: {
        method: "POST",
        path: "/intents/treasury/create",
        tags,
        summary: "Create the treasury: registers the task pool (idempotent)",
      },
    })
    .input(noInput)
    .output(treasurySchema)
    .mutation(async ({ ctx }) =>
      presentTreasury(await registerTaskPool(taskpoolDeps(ctx), ctx.principal.organizationId)),
    ),
  pendingForSolvers: publicProcedure
    .meta({
      audience: "public",
      retirement: retiredFor("GET /solver/tasks"),
      openapi: {
        method: "GET",
        path: "/solver/intents/pending",
        tags,
        summary: "Pending intents: every organization's open tasks",
        description: "Rate-limited per client address (429 rate_limited with Retry-After).",
      },
    })
    .input(openTasksInput)
    .output(taskListSchema)
    .query(({ ctx, input }) => answerOpenTasks(ctx, input)),
});
