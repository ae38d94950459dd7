import { offsetPaginationInput } from "@tally/core";
import { listDeadLetters, replayDeadLetter } from "@tally/events";
import { answerPage, operatorProcedure, router } from "@tally/trpc";
import { z } from "zod";

const tags = ["Administration"];

const deadLetterSchema = z
  .object({
    id: z.string(),
    organizationId: z.string().nullable(),
    event: z.string().describe("Event name, or `cron:<job>` for a scheduled job"),
    subscriber: z
      .string()
      .nullable()
      .describe("The subscriber whose queue gave up (a replay goes to it alone); null for a cron job"),
    jobId: z.string(),
    payload: z.unknown(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    failedAt: z.date(),
    replayedAt: z.date().nullable(),
  })
  .meta({ id: "DeadLetter" });

/** Operator view of events that exhausted their retries (extension endpoints). */
export const deadLettersRouter = router({
  list: operatorProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/dead-letters",
        tags,
        summary: "List events that exhausted their retries (OPERATOR, extension)",
      },
    })
    .input(
      offsetPaginationInput.extend({
        pendingOnly: z.boolean().default(false).describe("Only those not replayed yet"),
        organizationId: z.string().max(64).optional(),
      }),
    )
    .output(z.array(deadLetterSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(ctx, await listDeadLetters(ctx.deps.database.db, input));
    }),
  replay: operatorProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/dead-letters/{id}/replay",
        tags,
        summary: "Enqueue a dead letter's payload again, once (OPERATOR, extension)",
      },
    })
    .input(z.strictObject({ id: z.string().min(1).max(64) }))
    .output(z.object({ deadLetter: deadLetterSchema, jobId: z.string() }))
    .mutation(({ ctx, input }) =>
      replayDeadLetter(
        { db: ctx.deps.database.db, bus: ctx.deps.events, now: ctx.deps.clock.now() },
        input.id,
      ),
    ),
});
