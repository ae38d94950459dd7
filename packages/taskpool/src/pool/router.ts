import { router } from "@tally/trpc";
import { taskPoolProcedure } from "../access.ts";
import { taskpoolDeps } from "../deps.ts";
import { presentPool } from "./present.ts";
import {
  depositInput,
  depositResultSchema,
  noInput,
  poolsRecordSchema,
  setVerifiersInput,
  withdrawInput,
  withdrawResultSchema,
} from "./schemas.ts";
import { creditDeposit, getPool, registerTaskPool, withdrawFromPool } from "./service.ts";
import { setPoolVerifiers } from "./verifiers.ts";

const tags = ["Task pool"];

/**
 * The organization's pool on the task escrow: register, read, deposit, withdraw, and its Consensus verifier
 * set (ADMIN key, GROWTH or PRO).
 */
export const taskPoolsRouter = router({
  register: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/tasks/pools",
        tags,
        summary: "Register the organization's task pool on the escrow (idempotent)",
        description:
          "Registers the pool (tenantId = keccak256 of the organization id) on the multi-tenant task escrow once and answers its Pools record; a later call answers the same record. task-pool-deployed is published once. ADMIN key; GROWTH or PRO tier.",
      },
    })
    .input(noInput)
    .output(poolsRecordSchema)
    .mutation(async ({ ctx }) =>
      presentPool(await registerTaskPool(taskpoolDeps(ctx), ctx.principal.organizationId)),
    ),
  get: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/tasks/pools",
        tags,
        summary: "The organization's Pools record, with its mirrored balances (extension)",
        description:
          "taskPoolAddress and rewardPoolAddress are both the task escrow's address. 404 before POST /tasks/pools.",
      },
    })
    .input(noInput)
    .output(poolsRecordSchema)
    .query(async ({ ctx }) => presentPool(await getPool(ctx.deps, ctx.principal.organizationId))),
  deposit: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/tasks/pools/deposit",
        tags,
        summary: "Credit a USDC deposit made on chain to the pool",
        description:
          "txHash is a mined transaction in which the escrow emitted PoolDeposited for this organization's tenantId, of exactly amountUSDC, with enough confirmations (CHAIN_CONFIRMATIONS). A hash is credited once across organizations (409 already_exists). Refusals are 422 payment_verification_failed with context.reason: tx_not_found, tx_pending, insufficient_confirmations (retryable, Retry-After), tx_reverted, no_deposit, wrong_tenant, amount_mismatch.",
      },
    })
    .input(depositInput)
    .output(depositResultSchema)
    .mutation(({ ctx, input }) => creditDeposit(taskpoolDeps(ctx), ctx.principal.organizationId, input)),
  withdraw: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: "/tasks/pools/withdraw",
        tags,
        summary: "Withdraw USDC from the pool's unescrowed balance to the organization's receiving address",
        description:
          "Pays on chain to settings x402WalletAddress (409 payment_method_unavailable without one). Only the unescrowed balance: 409 insufficient_funds when it is short, nothing written. 503 when the chain is unreachable (context.withdrawalId names the attempt).",
      },
    })
    .input(withdrawInput)
    .output(withdrawResultSchema)
    .mutation(({ ctx, input }) => withdrawFromPool(taskpoolDeps(ctx), ctx.principal.organizationId, input)),
  setVerifiers: taskPoolProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PUT",
        path: "/tasks/pools/verifiers",
        tags,
        summary: "Set the pool's Consensus verifier set: N addresses, M of them sign a verdict (extension)",
        description:
          "Replaces the set on the escrow (setVerifiers) and answers the Pools record with the set the escrow holds (verifiersOf, read back). verifiers: 1 to 256 distinct addresses; threshold: 1 to their number (422 otherwise). The set in force when a verdict arrives is the one that counts. 409 before POST /tasks/pools or when the escrow refuses; 503 when the chain is unreachable.",
      },
    })
    .input(setVerifiersInput)
    .output(poolsRecordSchema)
    .mutation(async ({ ctx, input }) =>
      presentPool(await setPoolVerifiers(taskpoolDeps(ctx), ctx.principal.organizationId, input)),
    ),
});
