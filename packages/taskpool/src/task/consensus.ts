import { AppError } from "@tally/core";
import { withTenant } from "@tally/db";
import { recoverResolutionSigner } from "@tally/providers";
import { type Address, encodePacked, type Hex, keccak256 } from "viem";
import { z } from "zod";
import type { TaskpoolDeps } from "../deps.ts";
import { noVerifierSet, type PoolRow, requirePool } from "../pool/record.ts";
import { concludeVerification } from "./conclude.ts";
import { findTask, type TaskRow } from "./record.ts";
import { taskIdParam } from "./schemas.ts";

/** The `inbound_webhook_events` source of Consensus verdicts: one row per (task, verdict, timestamp). */
export const TASK_CONSENSUS_SOURCE = "task-consensus";

/** How far ahead of the server's clock a verdict's timestamp may be (the chain's clock may run ahead). */
export const CONSENSUS_CLOCK_SKEW_SECONDS = 30;

const signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte signature (0x followed by 130 hex digits)")
  .transform((value) => value.toLowerCase() as Hex);

export const consensusVerifyInput = z.strictObject({
  ...taskIdParam.shape,
  approved: z.boolean(),
  timestamp: z
    .number()
    .int()
    .nonnegative()
    .meta({
      description: `Unix seconds the verifiers signed at: not before the task's current submission, not more than ${CONSENSUS_CLOCK_SKEW_SECONDS} s ahead of the server's clock`,
    }),
  signatures: z.array(signature).min(1).max(256).meta({
    description:
      "The verifiers' EIP-712 signatures of Resolution(bytes32 taskId, bool approved, uint64 timestamp), domain TallyTaskEscrow v1, this chain and escrow (docs/task-pool.md)",
  }),
});
export type ConsensusVerifyInput = z.infer<typeof consensusVerifyInput>;

/** Which route concludes a task of another method, named in the 409. */
const RESOLVED_BY: Record<TaskRow["verificationMethod"], string> = {
  Oracle: "the oracle's signed callback, POST /webhooks/task-verify/{taskId}",
  Consensus: "POST /tasks/{taskId}/verify",
  AIEval: "the automatic evaluation of its submission, or an admin's POST /admin/tasks/{taskId}/resolve",
};

/** 422 naming the field at fault, with `context.reason` and what the client may act on. */
const refused = (
  field: "timestamp" | "signatures",
  message: string,
  context: { reason: string } & Record<string, unknown>,
) => new AppError("validation_failed", message, { details: [{ field, message }], context });

/**
 * The distinct signers of the pool's mirrored verifier set among `signatures`, each with the first signature
 * it gave, in the order given. Unreadable signatures, outsiders and repeats count for nothing, as on chain.
 */
const verifierSignatures = async (
  pool: Pick<PoolRow, "escrowAddress" | "chainId" | "verifiers">,
  input: ConsensusVerifyInput,
): Promise<{ signer: Address; signature: Hex }[]> => {
  const resolution = {
    taskId: input.taskId as Hex,
    approved: input.approved,
    timestamp: BigInt(input.timestamp),
  };
  const contracts = { escrowAddress: pool.escrowAddress as Address };
  const signers = await Promise.all(
    input.signatures.map((signature) =>
      recoverResolutionSigner({ contracts, chainId: pool.chainId, resolution, signature }),
    ),
  );
  const counted = new Map<Address, Hex>();
  signers.forEach((signer, index) => {
    if (signer && pool.verifiers.includes(signer) && !counted.has(signer))
      counted.set(signer, input.signatures[index]!);
  });
  return [...counted].map(([signer, signature]) => ({ signer, signature }));
};

/**
 * `POST /tasks/{taskId}/verify`: the verdict of the pool's Consensus verifiers, whose EIP-712 `Resolution`
 * signatures the merchant collected off chain. A Consensus task only (409 `conflict` naming the route that
 * concludes another method's). Before anything is sent, the signatures are checked as the escrow will:
 * the distinct signers in the pool's mirrored verifier set must reach its threshold, and the timestamp be
 * no earlier than the current submission and not in the future (422 `validation_failed` with
 * `context.reason` below_threshold, timestamp_before_submission or timestamp_in_future), so a short or
 * stale set costs no gas. The conclusion is `concludeVerification`'s, sent with the counted signatures;
 * the delivery's id is (task, verdict, timestamp), so a replayed verdict does nothing again.
 */
export const verifyByConsensus = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">,
  organizationId: string,
  input: ConsensusVerifyInput,
): Promise<TaskRow> => {
  const { task, pool } = await withTenant(deps.database.db, organizationId, async (tx) => ({
    task: await findTask(tx, { organizationId, id: input.taskId }),
    pool: await requirePool(tx, organizationId),
  }));
  if (task.verificationMethod !== "Consensus")
    throw new AppError(
      "conflict",
      `This task is verified by ${task.verificationMethod}: ${RESOLVED_BY[task.verificationMethod]} concludes it`,
      { context: { reason: "not_consensus", verificationMethod: task.verificationMethod } },
    );
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  if (input.timestamp > nowSeconds + CONSENSUS_CLOCK_SKEW_SECONDS)
    throw refused("timestamp", "timestamp is ahead of the server's clock", {
      reason: "timestamp_in_future",
      serverTime: deps.clock.now().toISOString(),
    });
  if (
    task.status === "SubmittedForVerification" &&
    task.submittedAt !== null &&
    input.timestamp < Math.floor(task.submittedAt.getTime() / 1000)
  )
    throw refused(
      "timestamp",
      "timestamp is before the task's current submission: the verifiers signed an earlier one",
      { reason: "timestamp_before_submission", submittedAt: task.submittedAt.toISOString() },
    );
  if (pool.verifierThreshold === 0) throw noVerifierSet();
  const counted = await verifierSignatures(pool, input);
  if (counted.length < pool.verifierThreshold)
    throw refused(
      "signatures",
      `${counted.length} distinct verifier(s) of the pool signed this verdict; ${pool.verifierThreshold} are needed`,
      {
        reason: "below_threshold",
        validSigners: counted.length,
        threshold: pool.verifierThreshold,
        signers: counted.map(({ signer }) => signer),
      },
    );
  const escrow = deps.providers.taskEscrow;
  const conclusion = await concludeVerification(deps, task, {
    approved: input.approved,
    resolutionMetadata: { method: "Consensus", signers: counted.map(({ signer }) => signer) },
    delivery: {
      source: TASK_CONSENSUS_SOURCE,
      eventId: keccak256(
        encodePacked(
          ["bytes32", "bool", "uint64"],
          [input.taskId as Hex, input.approved, BigInt(input.timestamp)],
        ),
      ),
    },
    send: (approved) =>
      escrow.resolveWithSignatures(
        input.taskId as Hex,
        approved,
        BigInt(input.timestamp),
        counted.map(({ signature }) => signature),
      ),
  });
  return conclusion.task;
};
