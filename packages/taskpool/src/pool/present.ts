import type { z } from "zod";
import { atomicToUsdc } from "../amount.ts";
import type { PoolRow } from "./record.ts";
import type { poolsRecordSchema } from "./schemas.ts";

/** Spec 02's Pools record: both pool addresses are the escrow's (docs/task-pool.md). */
export const presentPool = (row: PoolRow): z.infer<typeof poolsRecordSchema> => ({
  taskPoolAddress: row.escrowAddress,
  rewardPoolAddress: row.escrowAddress,
  tenantId: row.tenantId,
  active: row.active,
  createdAt: row.createdAt,
  chainId: row.chainId,
  balanceUSDC: atomicToUsdc(row.balanceAtomic),
  escrowedUSDC: atomicToUsdc(row.escrowedAtomic),
  balanceAtomic: row.balanceAtomic.toString(),
  escrowedAtomic: row.escrowedAtomic.toString(),
  verifiers: row.verifiers,
  verifierThreshold: row.verifierThreshold,
});
