import { AppError, newId } from "@tally/core";
import { appConfig, organizationSettings, rewardMints, type Tx, users, wallets } from "@tally/db";
import { and, eq, inArray } from "drizzle-orm";
import { assertConditionsMet } from "./conditions.ts";
import type { MintRow, Programme } from "./mints.ts";
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
 */
export const queueGrant = async (
  { tx, now }: { tx: Tx; now: Date },
  reward: RewardRow,
  { userId }: { userId: string },
): Promise<{ mint: MintRow; mode: "QUEUE" | "IMMEDIATE" }> => {
  programmeOf(reward);
  const organizationId = reward.organizationId;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!user) throw new AppError("not_found", "User not found");
  const walletAddress = await receivingWallet(tx, organizationId, userId);
  await assertConditionsMet(tx, reward, userId);
  const mintId = (await queueMints({ tx, now }, reward, [{ userId, walletAddress }])).get(walletAddress)!;
  const mint = await readMint(tx, { organizationId, id: mintId });
  return { mint, mode: await rewardModeOf(tx, organizationId) };
};

/**
 * In the caller's transaction (the reward row locked): queues a mint per recipient whose audience the caller
 * resolved (an airdrop checks the conditions in SQL), unique per (reward, wallet) as a grant's: a wallet that
 * already has a mint of the programme keeps it. Answers the mint id of each wallet.
 */
export const queueMints = async (
  { tx, now }: { tx: Tx; now: Date },
  reward: RewardRow,
  recipients: { userId: string; walletAddress: string }[],
): Promise<Map<string, string>> => {
  programmeOf(reward);
  if (recipients.length === 0) return new Map();
  const organizationId = reward.organizationId;
  await tx
    .insert(rewardMints)
    .values(
      recipients.map(({ userId, walletAddress }) => ({
        organizationId,
        id: newId(),
        rewardId: reward.id,
        userId,
        walletAddress,
        chainId: reward.chainId!,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
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
