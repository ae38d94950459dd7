import { z } from "zod";
import { amountUsdcInput } from "../amount.ts";

const address = z.string().meta({ description: "EVM address (lowercase)" });
const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "a transaction hash (0x followed by 64 hex digits)")
  .transform((value) => value.toLowerCase());

/** Spec 02's Pools record, with the pool's mirrored balances (extension). */
export const poolsRecordSchema = z
  .object({
    taskPoolAddress: address.meta({
      description: "The task escrow holding the pool (one multi-tenant contract)",
    }),
    rewardPoolAddress: address.meta({
      description: "The same escrow: solvers' payouts are credited and withdrawn there (claimable balances)",
    }),
    tenantId: z
      .string()
      .meta({ description: "keccak256 of the organization id: the pool's bytes32 key on the escrow" }),
    active: z.boolean(),
    createdAt: z.date(),
    chainId: z.number().int(),
    balanceUSDC: z
      .number()
      .meta({ description: "Unescrowed balance: what new tasks and withdrawals draw from" }),
    escrowedUSDC: z.number().meta({ description: "What the organization's live tasks hold in escrow" }),
    balanceAtomic: z.string().meta({ description: "balanceUSDC in atomic units (6 decimals), exact" }),
    escrowedAtomic: z.string().meta({ description: "escrowedUSDC in atomic units (6 decimals), exact" }),
    verifiers: z
      .array(address)
      .meta({ description: "Consensus verification: the pool's authorized verifiers" }),
    verifierThreshold: z
      .number()
      .int()
      .meta({ description: "Consensus verification: signatures required (M of N)" }),
  })
  .meta({ id: "TaskPools" });

export const noInput = z.strictObject({}).optional();

/** The escrow's bound on a verifier set (TaskEscrow.MAX_VERIFIERS: one bit each in its duplicate-signer bitmap). */
export const MAX_VERIFIERS = 256;

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;

export const setVerifiersInput = z
  .strictObject({
    verifiers: z
      .array(
        z
          .string()
          .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
          .transform((value) => value.toLowerCase())
          .refine((value) => value !== ZERO_ADDRESS, "not the zero address"),
      )
      .min(1)
      .max(MAX_VERIFIERS)
      .meta({ description: `The pool's verifiers: 1 to ${MAX_VERIFIERS} distinct addresses` }),
    threshold: z
      .number()
      .int()
      .min(1)
      .max(MAX_VERIFIERS)
      .meta({ description: "Signatures of distinct verifiers a Consensus verdict needs (M), at most N" }),
  })
  .superRefine((input, ctx) => {
    if (new Set(input.verifiers).size !== input.verifiers.length)
      ctx.addIssue({ code: "custom", path: ["verifiers"], message: "verifiers must be distinct" });
    if (input.threshold > input.verifiers.length)
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message: "threshold cannot exceed the number of verifiers",
      });
  });
export type SetVerifiersInput = z.infer<typeof setVerifiersInput>;

export const depositInput = z.strictObject({
  amountUSDC: amountUsdcInput,
  txHash: txHash.meta({
    description: "A mined transaction calling the escrow's deposit for this organization's tenantId",
  }),
});
export type DepositInput = z.infer<typeof depositInput>;

export const depositResultSchema = z
  .object({
    txHash: z.string(),
    amountUSDC: z.number(),
    amountAtomic: z.string(),
    fromAddress: address,
    blockNumber: z.number().int(),
    balanceUSDC: z.number().meta({ description: "The pool's unescrowed balance after the deposit" }),
    createdAt: z.date(),
  })
  .meta({ id: "TaskPoolDeposit" });
export type DepositResult = z.infer<typeof depositResultSchema>;

export const withdrawInput = z.strictObject({ amountUSDC: amountUsdcInput });
export type WithdrawInput = z.infer<typeof withdrawInput>;

export const withdrawResultSchema = z
  .object({
    withdrawalId: z.string(),
    status: z.enum(["CONFIRMED"]),
    amountUSDC: z.number(),
    amountAtomic: z.string(),
    toAddress: address.meta({
      description: "The organization's receiving address (settings x402WalletAddress)",
    }),
    txHash: z.string(),
    blockNumber: z.number().int(),
    balanceUSDC: z.number().meta({ description: "The pool's unescrowed balance after the withdrawal" }),
    createdAt: z.date(),
  })
  .meta({ id: "TaskPoolWithdrawal" });
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;
