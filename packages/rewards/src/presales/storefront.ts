import { nftRewards, presalePurchases, rewardMints, type Tx, tokenPresales } from "@tally/db";
import type { Page } from "@tally/trpc";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { onSaleAt, toPurchase } from "./record.ts";
import type { PublicPresale, UserPurchase } from "./schemas.ts";

type CreatorKey = { organizationId: string; id: string };
type UserKey = { organizationId: string; id: string };

const rewardOfPresale = and(
  eq(nftRewards.organizationId, tokenPresales.organizationId),
  eq(nftRewards.id, tokenPresales.rewardId),
);

/** The creator's presales on sale at `now` (sold-out ones too: 0 remaining), closing soonest first. */
export const listSellingPresales = async (
  { tx, now }: { tx: Tx; now: Date },
  creator: CreatorKey,
): Promise<PublicPresale[]> => {
  const rows = await tx
    .select({ presale: tokenPresales, reward: nftRewards })
    .from(tokenPresales)
    .leftJoin(nftRewards, rewardOfPresale)
    .where(
      and(
        eq(tokenPresales.organizationId, creator.organizationId),
        eq(tokenPresales.creatorId, creator.id),
        onSaleAt(now),
      ),
    )
    .orderBy(asc(tokenPresales.endsAt), asc(tokenPresales.id));
  return rows.map(({ presale, reward }) => ({
    id: presale.id,
    title: presale.title,
    description: presale.description,
    rewardId: presale.rewardId,
    rewardName: reward?.name ?? null,
    rewardImageUrl: reward?.imageUrl ?? null,
    chainId: reward?.chainId ?? null,
    contractAddress: reward?.proxyAddress ?? null,
    priceCurrency: presale.priceCurrency,
    pricePoints: presale.pricePoints,
    priceAtomic: presale.priceAtomic === null ? null : presale.priceAtomic.toString(),
    startsAt: presale.startsAt,
    endsAt: presale.endsAt,
    cap: presale.cap,
    remaining: presale.cap - presale.sold,
    distribution: presale.distribution,
  }));
};

/** The user's presale purchases, newest first, with the presale's title and the token's mint once queued. */
export const listUserPurchases = async (
  tx: Tx,
  user: UserKey,
  page: { limit: number; offset: number },
): Promise<Page<UserPurchase>> => {
  const where = and(
    eq(presalePurchases.organizationId, user.organizationId),
    eq(presalePurchases.userId, user.id),
  );
  const rows = await tx
    .select({ purchase: presalePurchases, presale: tokenPresales, reward: nftRewards, mint: rewardMints })
    .from(presalePurchases)
    .innerJoin(
      tokenPresales,
      and(
        eq(tokenPresales.organizationId, presalePurchases.organizationId),
        eq(tokenPresales.id, presalePurchases.presaleId),
      ),
    )
    .leftJoin(nftRewards, rewardOfPresale)
    .leftJoin(
      rewardMints,
      and(
        eq(rewardMints.organizationId, presalePurchases.organizationId),
        eq(rewardMints.id, presalePurchases.mintId),
      ),
    )
    .where(where)
    .orderBy(desc(presalePurchases.createdAt), desc(presalePurchases.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(presalePurchases).where(where);
  return {
    total: counted?.n ?? 0,
    items: rows.map(({ purchase, presale, reward, mint }) => ({
      ...toPurchase(purchase),
      presaleTitle: presale.title,
      rewardName: reward?.name ?? null,
      rewardImageUrl: reward?.imageUrl ?? null,
      mint: mint && {
        status: mint.status,
        chainId: mint.chainId,
        contractAddress: reward?.proxyAddress ?? null,
        walletAddress: mint.walletAddress,
        tokenId: mint.tokenId,
        txHash: mint.txHash,
      },
    })),
  };
};
