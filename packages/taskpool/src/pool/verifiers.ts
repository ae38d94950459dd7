import { taskPools, withTenant } from "@tally/db";
import { eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { callEscrow } from "../escrow.ts";
import { type PoolRow, requirePool } from "./record.ts";
import type { SetVerifiersInput } from "./schemas.ts";

/**
 * `PUT /tasks/pools/verifiers`: replaces the pool's Consensus verifier set (N addresses, M of them needed).
 * The escrow holds the set that counts: the registered pool is read (409 before `POST /tasks/pools`), the
 * escrow's `setVerifiers` is sent (503 unreachable, 409 naming the contract's refusal), then its
 * `verifiersOf` is read back and mirrored in the pool's row, so the record answered is what the chain holds.
 */
export const setPoolVerifiers = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">,
  organizationId: string,
  input: SetVerifiersInput,
): Promise<PoolRow> => {
  const { database } = deps;
  const escrow = deps.providers.taskEscrow;
  const pool = await withTenant(database.db, organizationId, (tx) => requirePool(tx, organizationId));
  const tenantId = pool.tenantId as Hex;
  const write = await callEscrow(() =>
    escrow.setVerifiers(tenantId, input.verifiers as Address[], input.threshold),
  );
  const onChain = await callEscrow(() => escrow.verifiersOf(tenantId));
  const now = deps.clock.now();
  const [row] = await withTenant(database.db, organizationId, (tx) =>
    tx
      .update(taskPools)
      .set({
        verifiers: onChain.verifiers.map((verifier) => verifier.toLowerCase()),
        verifierThreshold: onChain.threshold,
        updatedAt: now,
      })
      .where(eq(taskPools.organizationId, organizationId))
      .returning(),
  );
  deps.logger.info(
    {
      organizationId,
      txHash: write.txHash,
      verifiers: onChain.verifiers.length,
      threshold: onChain.threshold,
    },
    "task pool verifier set replaced",
  );
  return row!;
};
