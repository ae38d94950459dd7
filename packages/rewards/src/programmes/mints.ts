import { rewardMints, type Tx, withTenant } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, eq, inArray } from "drizzle-orm";
import {
  claimMints,
  completeMint,
  failMint,
  type MintRow,
  recordMintsBroadcast,
  requeueMint,
} from "./mint-state.ts";

type Address = `0x${string}`;
export type MintDeps = Pick<AppDeps, "database" | "providers" | "clock" | "events">;

/** A published programme's contract: what its mints are sent to. */
export interface Programme {
  organizationId: string;
  rewardId: string;
  proxyAddress: Address;
}

/** An ERROR mint is claimed again after 1, 2, 4, 8 minutes; after the last attempt it stays ERROR. */
export const MAX_MINT_ATTEMPTS = 5;
const backoffMs = (attempts: number) => 2 ** (attempts - 1) * 60_000;

export const sameProgramme = ({ organizationId, rewardId }: Pick<Programme, "organizationId" | "rewardId">) =>
  and(eq(rewardMints.organizationId, organizationId), eq(rewardMints.rewardId, rewardId));

/** The contract's revert reason when there is one (e.g. `MaxSupplyReached(1)`), else the error's message. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** The programme's supply is spent: it never grows back (maxSupply is fixed at publish, tokens are never burnt). */
const isSupplySpent = (error: unknown) => messageOf(error).startsWith("MaxSupplyReached");

/** Moves the claimed mints that are still PROCESSING to ERROR with the message, and schedules the retry. */
const recordError = (deps: MintDeps, programme: Programme, claimed: MintRow[], error: unknown) => {
  const now = deps.clock.now();
  return withTenant(deps.database.db, programme.organizationId, async (tx) => {
    for (const mint of claimed)
      await failMint({ tx, now }, mint, {
        error: messageOf(error),
        retryAt:
          mint.attempts < MAX_MINT_ATTEMPTS && !isSupplySpent(error)
            ? new Date(now.getTime() + backoffMs(mint.attempts))
            : null,
      });
  });
};

/**
 * PROCESSING -> COMPLETED with the token the wallet holds from this programme, publishing `nft-received` in the
 * same transaction. Conditional on PROCESSING, so a mint is completed (and announced) once.
 */
const recordToken = async (
  { tx, events, now }: { tx: Tx; now: Date } & Pick<AppDeps, "events">,
  programme: Programme,
  mint: MintRow,
  token: { tokenId: bigint; txHash: string | null },
): Promise<void> => {
  if (await completeMint({ tx, now }, mint, token))
    await events.publish(tx, "nft-received", {
      organizationId: programme.organizationId,
      userId: mint.userId,
      rewardId: programme.rewardId,
      mintId: mint.id,
    });
};

/**
 * Mints the claimable ones of `mintIds` in one `batchMint` (split only when it would revert), never holding a transaction across a chain call:
 * claim (PENDING/ERROR -> PROCESSING) in one transaction; simulate; broadcast; record the hash; wait for the
 * receipt; record each outcome. A wallet the batch skipped because it already held a token completes with
 * that token. A process that dies after the broadcast leaves PROCESSING rows `reconcileStaleMints` settles.
 */
export const processMints = async (
  deps: MintDeps,
  programme: Programme,
  mintIds: string[],
): Promise<void> => {
  const now = deps.clock.now();
  const claimed = await withTenant(deps.database.db, programme.organizationId, (tx) =>
    claimMints({ tx, now }, and(sameProgramme(programme), inArray(rewardMints.id, mintIds))),
  );
  if (claimed.length > 0) await sendClaimed(deps, programme, claimed);
};

/**
 * Sends the claimed mints as one batch. A batch whose simulation reverts is halved until each part either mints
 * or is one mint that records the revert, so one wallet the contract refuses, or a supply that runs out part way,
 * never holds back the mints that can go through.
 */
const sendClaimed = async (deps: MintDeps, programme: Programme, claimed: MintRow[]): Promise<void> => {
  const chain = deps.providers.rewardChain;
  const wallets = claimed.map((mint) => mint.walletAddress as Address);
  try {
    await chain.simulateMint(programme.proxyAddress, wallets);
  } catch (error) {
    if (claimed.length === 1) return recordError(deps, programme, claimed, error);
    const half = Math.ceil(claimed.length / 2);
    await sendClaimed(deps, programme, claimed.slice(0, half));
    return sendClaimed(deps, programme, claimed.slice(half));
  }
  let txHash: `0x${string}`;
  try {
    txHash = await chain.sendMint(programme.proxyAddress, wallets);
  } catch (error) {
    await recordError(deps, programme, claimed, error);
    return;
  }
  await withTenant(deps.database.db, programme.organizationId, (tx) =>
    recordMintsBroadcast(
      { tx, now: deps.clock.now() },
      and(
        sameProgramme(programme),
        inArray(
          rewardMints.id,
          claimed.map((mint) => mint.id),
        ),
      ),
      txHash,
    ),
  );
  const receipt = await chain.mintReceipt(txHash, { wait: true });
  if (!receipt || receipt.status === "reverted") {
    await recordError(deps, programme, claimed, new Error(`batchMint transaction ${txHash} reverted`));
    return;
  }
  await recordOutcomes(deps, programme, { mints: claimed, txHash, minted: receipt.minted });
};

/**
 * Completes each mint from the chain: the token its wallet got in `minted` (the transaction's Transfer logs),
 * else the one `mintedTokenOf` says it already holds; a wallet holding none goes back to PENDING (the batch
 * never reached it), which a later batch mints without risk of a second token.
 */
export const recordOutcomes = async (
  deps: MintDeps,
  programme: Programme,
  {
    mints,
    ...sent
  }: { mints: MintRow[]; txHash: string | null; minted: { wallet: Address; tokenId: bigint }[] },
): Promise<void> => {
  const tokens = await Promise.all(
    mints.map(async (mint) => {
      const logged = sent.minted.find((entry) => entry.wallet === mint.walletAddress);
      if (logged) return { tokenId: logged.tokenId, txHash: sent.txHash };
      const held = await deps.providers.rewardChain.mintedTokenOf(
        programme.proxyAddress,
        mint.walletAddress as Address,
      );
      return { tokenId: held, txHash: null };
    }),
  );
  const now = deps.clock.now();
  await withTenant(deps.database.db, programme.organizationId, async (tx) => {
    for (const [index, mint] of mints.entries()) {
      const token = tokens[index]!;
      if (token.tokenId > 0n) await recordToken({ tx, events: deps.events, now }, programme, mint, token);
      else await requeueMint({ tx, now }, mint);
    }
  });
};
