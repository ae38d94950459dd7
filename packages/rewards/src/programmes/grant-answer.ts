import { setTimeout as sleep } from "node:timers/promises";
import { withTenant } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { readMint } from "./grant.ts";
import type { MintRow } from "./mint-state.ts";
import type { Grant, QueuedMint } from "./schemas.ts";

/** How long an immediate grant waits for the concurrent grant that claimed the same mint to broadcast it. */
const BROADCAST_WAIT_MS = 15_000;
const POLL_MS = 100;

/** The mint as the API answers it (`QueuedMint`): the failure's text in `message`. */
export const toQueuedMint = (mint: MintRow): QueuedMint => ({
  id: mint.id,
  organizationId: mint.organizationId,
  rewardId: mint.rewardId,
  userId: mint.userId,
  walletAddress: mint.walletAddress,
  status: mint.status,
  chainId: mint.chainId,
  txHash: mint.txHash,
  tokenId: mint.tokenId,
  message: mint.error,
  attempts: mint.attempts,
  createdAt: mint.createdAt,
  updatedAt: mint.updatedAt,
});

/** The answer of a grant: BROADCASTED once the mint has a transaction (or is COMPLETED), ERROR, else QUEUED. */
export const toGrant = (mint: MintRow): Grant => ({
  status:
    mint.status === "COMPLETED" || (mint.status === "PROCESSING" && mint.txHash)
      ? "BROADCASTED"
      : mint.status === "ERROR"
        ? "ERROR"
        : "QUEUED",
  txHash: mint.txHash,
  chainId: mint.chainId,
  mintId: mint.id,
  statusUrl: `/api/v1/user/${mint.userId}/mints/${mint.id}`,
  mint: toQueuedMint(mint),
});

/**
 * The mint once another request's send of it is broadcast: an immediate grant that lost the claim to a
 * concurrent grant of the same wallet answers that grant's transaction rather than "queued".
 */
export const awaitBroadcast = async (deps: Pick<AppDeps, "database">, mint: MintRow): Promise<MintRow> => {
  const deadline = Date.now() + BROADCAST_WAIT_MS;
  let current = mint;
  while (current.status === "PROCESSING" && !current.txHash && Date.now() < deadline) {
    await sleep(POLL_MS);
    current = await withTenant(deps.database.db, mint.organizationId, (tx) => readMint(tx, mint));
  }
  return current;
};
