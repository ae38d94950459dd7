import { findUser } from "@tally/commerce";
import { AppError, newId } from "@tally/core";
import { appConfig, organizationSettings, rewardMints, rowFinder, type Tx, wallets } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, eq, inArray } from "drizzle-orm";
import { assertConditionsMet } from "./conditions.ts";
import { type MintRow, newMintRow } from "./mint-state.ts";
import type { Programme } from "./mints.ts";
import type { RewardRow } from "./record.ts";

/** Each user's receiving wallet: the EMBEDDED one, else the first EXTERNAL; a user with neither is absent. */
export const receivingWallets = async (
  tx: Tx,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, string>> => {
  if (userIds.length === 0) return new Map();
  const owned = await tx
    .select({ userId: wallets.userId, address: wallets.address, type: wallets.type })
    .from(wallets)
    .where(
      and(
        eq(wallets.organizationId, organizationId),
        inArray(wallets.userId, userIds),
        inArray(wallets.type, ["EMBEDDED", "EXTERNAL"]),
      ),
    )
    .orderBy(wallets.createdAt, wallets.address);
  const chosen = new Map<string, { address: string; type: string }>();
  for (const row of owned) {
    const current = chosen.get(row.userId);
    if (!current || (current.type !== "EMBEDDED" && row.type === "EMBEDDED")) chosen.set(row.userId, row);
  }
  return new Map([...chosen].map(([userId, { address }]) => [userId, address.toLowerCase()]));
};

/** The wallet a grant mints to (409 `wallet_required` when the user has none). */
export const receivingWallet = async (tx: Tx, organizationId: string, userId: string): Promise<string> => {
  const wallet = (await receivingWallets(tx, organizationId, [userId])).get(userId);
  if (!wallet)
    throw new AppError(
      "wallet_required",
      "The user has no EMBEDDED or EXTERNAL wallet to receive the token",
      {
        context: { userId },
      },
    );
  return wallet;
};

/** What queues mints: the caller's transaction, the instant, and the bus that starts their mint run. */
export interface MintQueueContext {
  tx: Tx;
  now: Date;
  events: Pick<EventBus, "publish">;
}

/** The organization's `rewardMode`, else the platform's (app config): IMMEDIATE mints at once. */
const rewardModeOf = async (tx: Tx, organizationId: string): Promise<"QUEUE" | "IMMEDIATE"> => {
  const [settings] = await tx
    .select({ rewardMode: organizationSettings.rewardMode })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (settings) return settings.rewardMode === "IMMEDIATE" ? "IMMEDIATE" : "QUEUE";
  const [platform] = await tx.select({ rewardMode: appConfig.rewardMode }).from(appConfig);
  return platform?.rewardMode ?? "QUEUE";
};

/** The programme a PUBLISHED reward with a contract mints on; 400 otherwise (spec 02). */
export const programmeOf = (reward: RewardRow): Programme => {
  if (reward.status !== "PUBLISHED" || !reward.proxyAddress)
    throw new AppError(
      "bad_request",
      `Only a PUBLISHED reward with a deployed contract can be granted; this one is ${reward.status}`,
      { context: { status: reward.status } },
    );
  return {
    organizationId: reward.organizationId,
    rewardId: reward.id,
    proxyAddress: reward.proxyAddress as `0x${string}`,
  };
};

/**
 * In the caller's transaction (the reward row locked): checks the grant (published, user known, a wallet, the
 * conditions) and queues the mint, unique per (reward, wallet): a second grant gets the mint queued first.
 * `sendsItself`: the caller sends the mint once this commits when the mode is IMMEDIATE (the grant route), so
 * no mint run is started for it then.
 */
export const queueGrant = async (
  context: MintQueueContext,
  reward: RewardRow,
  { userId, sendsItself = false }: { userId: string; sendsItself?: boolean },
): Promise<{ mint: MintRow; mode: "QUEUE" | "IMMEDIATE" }> => {
  programmeOf(reward);
  const { tx } = context;
  const organizationId = reward.organizationId;
  await findUser(tx, { organizationId, id: userId });
  const walletAddress = await receivingWallet(tx, organizationId, userId);
  await assertConditionsMet(tx, reward, userId);
  const mode = await rewardModeOf(tx, organizationId);
  const mintIds = await queueMints(context, reward, {
    recipients: [{ userId, walletAddress }],
    startRun: !(sendsItself && mode === "IMMEDIATE"),
  });
  const mint = await readMint(tx, { organizationId, id: mintIds.get(walletAddress)! });
  return { mint, mode };
};

/**
 * In the caller's transaction (the reward row locked): queues a mint per recipient whose audience the caller
 * resolved (an airdrop checks the conditions in SQL), unique per (reward, wallet) as a grant's: a wallet that
 * already has a mint of the programme keeps it. Answers the mint id of each wallet.
 * Publishes `reward-mints-queued` with the rows (outbox) unless `startRun` is false: the programme's mint run
 * starts once they commit. One job per transaction, never folded into another's: a job that ran before this
 * transaction committed would not see its mints. Mints queued together still share a run (a run takes every
 * claimable mint, so the jobs after it find little to do); the `mint-queue` cron stays the backstop.
 */
export const queueMints = async (
  { tx, now, events }: MintQueueContext,
  reward: RewardRow,
  {
    recipients,
    startRun = true,
  }: { recipients: { userId: string; walletAddress: string }[]; startRun?: boolean },
): Promise<Map<string, string>> => {
  programmeOf(reward);
  if (recipients.length === 0) return new Map();
  const organizationId = reward.organizationId;
  await tx
    .insert(rewardMints)
    .values(
      recipients.map(({ userId, walletAddress }) =>
        newMintRow({
          organizationId,
          id: newId(),
          rewardId: reward.id,
          userId,
          walletAddress,
          chainId: reward.chainId!,
          createdAt: now,
          updatedAt: now,
        }),
      ),
    )
    .onConflictDoNothing();
  if (startRun) await events.publish(tx, "reward-mints-queued", { organizationId, rewardId: reward.id });
  const mints = await tx
    .select({ id: rewardMints.id, walletAddress: rewardMints.walletAddress })
    .from(rewardMints)
    .where(
      and(
        eq(rewardMints.organizationId, organizationId),
        eq(rewardMints.rewardId, reward.id),
        inArray(
          rewardMints.walletAddress,
          recipients.map((recipient) => recipient.walletAddress),
        ),
      ),
    );
  return new Map(mints.map((mint) => [mint.walletAddress, mint.id]));
};

/** The mint as it is now. */
export const readMint = async (tx: Tx, mint: Pick<MintRow, "organizationId" | "id">): Promise<MintRow> => {
  const [row] = await tx
    .select()
    .from(rewardMints)
    .where(and(eq(rewardMints.organizationId, mint.organizationId), eq(rewardMints.id, mint.id)));
  return row!;
};

/** The mint `id` of the user or of the reward (`of`), in the tenant; 404 otherwise (another's mint is not found). */
export const findMint = rowFinder(rewardMints, "Mint");
