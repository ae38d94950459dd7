import { idSchema, offsetPaginationInput } from "@tally/core";
import { solverTypes } from "@tally/db";
import { z } from "zod";

const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const solverAddressInput = addressSchema.meta({ description: "The solver's EVM address" });

/**
 * The proof that solverAddress authorized a keyless call: its EIP-191 signature of the action's message
 * (docs/task-pool.md "Solvers") and the message's time. Optional in the schema (spec 02); a call without
 * them is 401 `signature_required`, with the message to sign in `context.message`.
 */
const signedBy = (message: string, replay: string) => ({
  signedTx: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, "a hex signature")
    .optional()
    .meta({
      description: `EIP-191 signature (personal_sign) by solverAddress of ${message} (docs/task-pool.md). Without it: 401 signature_required`,
    }),
  issuedAt: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({
      description: `The signed message's time (ISO 8601, extension): within 300 s of the server's clock; ${replay}`,
    }),
});

export const addressParam = z.strictObject({ address: solverAddressInput });

export const registerSolverInput = z.strictObject({
  solverAddress: solverAddressInput,
  metadata: z
    .strictObject({
      name: z.string().trim().min(1).max(200).optional(),
      type: z.enum(solverTypes).optional(),
      capabilities: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    })
    .optional(),
  ...signedBy(
    "the registration message built from solverAddress and issuedAt",
    "a registration must also be signed later than the solver's previous one",
  ),
});
export type RegisterSolverInput = z.infer<typeof registerSolverInput>;

export const solverSchema = z
  .object({
    solverAddress: z.string(),
    name: z.string().nullable(),
    type: z.enum(solverTypes).nullable(),
    capabilities: z.array(z.string()),
    registeredAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Solver" });
export type SolverView = z.infer<typeof solverSchema>;

export const solverPerformanceSchema = z
  .object({
    solver: z.string(),
    totalTasksClaimed: z.number().int(),
    totalTasksCompleted: z.number().int().meta({ description: "Settled tasks it solved" }),
    totalRewardsEarned: z
      .number()
      .int()
      .meta({ description: "USDC atomic units (6 decimals) of the Settled tasks it solved" }),
    reputationScore: z
      .number()
      .int()
      .meta({ description: "0 to 100: round(100 * completed / (claimed + 3)) (docs/task-pool.md)" }),
    completionRate: z.number().meta({ description: "completed / claimed, 0 when nothing was claimed" }),
  })
  .meta({ id: "SolverPerformance" });
export type SolverPerformance = z.infer<typeof solverPerformanceSchema>;

export const openTasksInput = z.strictObject({
  campaignId: idSchema
    .optional()
    .meta({ description: "Only the open tasks of this campaign: what a storefront shows a campaign's fans" }),
  ...offsetPaginationInput.shape,
});

export const claimTaskInput = z.strictObject({
  taskId: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "a task id (0x followed by 64 hex digits)")
    .transform((value) => value.toLowerCase()),
  solverAddress: solverAddressInput,
  ...signedBy(
    "the claim message built from solverAddress, taskId and issuedAt",
    "later claims of the same task by the same solver may reuse it within that window",
  ),
});

export const submitTaskInput = z.strictObject({
  taskId: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "a task id (0x followed by 64 hex digits)")
    .transform((value) => value.toLowerCase()),
  solverAddress: solverAddressInput,
  submissionHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "a bytes32 hash (0x followed by 64 hex digits)")
    .transform((value) => value.toLowerCase())
    .meta({ description: "The deliverable's bytes32 hash, relayed to the escrow" }),
  metadata: z.record(z.string(), z.unknown()).optional(),
  ...signedBy(
    "the submission message built from solverAddress, taskId, submissionHash and issuedAt",
    "it can only ever submit that hash for that solver",
  ),
});
export type SubmitTaskInput = z.infer<typeof submitTaskInput>;
