import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { taskIdParam, taskSchema } from "../task/schemas.ts";

export const pendingReviewInput = z.strictObject({ ...offsetPaginationInput.shape });
export type PendingReviewInput = z.infer<typeof pendingReviewInput>;

export const resolveTaskInput = z.strictObject({
  ...taskIdParam.shape,
  approved: z.boolean(),
  adminNotes: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .meta({ description: "Recorded with the task (adminNotes), with the id of the key that resolved it" }),
});
export type ResolveTaskInput = z.infer<typeof resolveTaskInput>;

export const retryActions = ["evaluated", "reconciled", "republished"] as const;

export const retryVerificationResult = z
  .object({
    action: z.enum(retryActions).meta({
      description:
        "evaluated: an AIEval submission was evaluated again and answered; reconciled: a resolution already sent was read back from the chain (or sent again); republished: task-verification-requested was published again",
    }),
    task: taskSchema,
  })
  .meta({ id: "TaskVerificationRetry" });
export type RetryAction = (typeof retryActions)[number];
