import { AppError, type OffsetPagination } from "@tally/core";
import { type CampaignUgcStatus, campaignUgc, type Tx, users } from "@tally/db";
import type { Page } from "@tally/trpc";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { CampaignRow } from "../campaign/record.ts";
import type { PublicUgcPost, UgcDecision, UgcPost } from "./schemas.ts";
import { moderatePost, UGC_MACHINE } from "./ugc-state.ts";

/** The moderation move that lands a post in each decision. */
const UGC_MOVES = { APPROVED: "approve", HIDDEN: "hide" } as const satisfies Record<UgcDecision, string>;

const WHAT: Record<UgcDecision, string> = { APPROVED: "Approving a post", HIDDEN: "Hiding a post" };

type UgcRow = typeof campaignUgc.$inferSelect;
type PostKey = { organizationId: string; campaignId: string; id: string };

const postsOf = (campaign: Pick<CampaignRow, "organizationId" | "id">) =>
  and(eq(campaignUgc.organizationId, campaign.organizationId), eq(campaignUgc.campaignId, campaign.id));

const postKey = (key: PostKey) =>
  and(
    eq(campaignUgc.organizationId, key.organizationId),
    eq(campaignUgc.campaignId, key.campaignId),
    eq(campaignUgc.id, key.id),
  );

/** 409 `conflict` for a campaign that takes no posts: its UGC lists are not a thing to page through. */
const assertUgcCampaign = (campaign: CampaignRow): void => {
  if (campaign.type !== "UGC")
    throw new AppError("conflict", `This is a ${campaign.type} campaign: it has no UGC posts`, {
      context: { campaignType: campaign.type },
    });
};

/** The posts matching `where` with their authors' usernames, newest first. */
const authoredPosts = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({ post: campaignUgc, username: users.username })
    .from(campaignUgc)
    .leftJoin(
      users,
      and(eq(users.organizationId, campaignUgc.organizationId), eq(users.id, campaignUgc.userId)),
    )
    .where(where)
    .orderBy(desc(campaignUgc.createdAt), desc(campaignUgc.id));

/** A page of the posts matching `where`, with the count of all of them. */
const pageOfPosts = async (
  tx: Tx,
  where: SQL | undefined,
  page: OffsetPagination,
): Promise<Page<{ post: UgcRow; username: string | null }>> => {
  const items = await authoredPosts(tx, where).limit(page.limit).offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(campaignUgc).where(where);
  return { items, total: counted?.n ?? 0 };
};

const toUgcPost = ({ post, username }: { post: UgcRow; username: string | null }): UgcPost => ({
  id: post.id,
  campaignId: post.campaignId,
  userId: post.userId,
  username,
  mediaType: post.mediaType,
  contentUrl: post.contentUrl,
  text: post.text,
  productId: post.productId,
  status: post.status,
  moderatedAt: post.moderatedAt,
  createdAt: post.createdAt,
});

/** The creator's moderation queue: every post of the campaign, or those in `status`. */
export const listUgcPosts = async (
  tx: Tx,
  campaign: CampaignRow,
  input: OffsetPagination & { status?: CampaignUgcStatus | undefined },
): Promise<Page<UgcPost>> => {
  assertUgcCampaign(campaign);
  const where = and(
    postsOf(campaign),
    input.status === undefined ? undefined : eq(campaignUgc.status, input.status),
  );
  const page = await pageOfPosts(tx, where, input);
  return { total: page.total, items: page.items.map(toUgcPost) };
};

/** The fans' wall: the APPROVED posts only, with their public fields (no user id, e-mail or wallet). */
export const listApprovedUgcPosts = async (
  tx: Tx,
  campaign: CampaignRow,
  input: OffsetPagination,
): Promise<Page<PublicUgcPost>> => {
  assertUgcCampaign(campaign);
  const page = await pageOfPosts(tx, and(postsOf(campaign), eq(campaignUgc.status, "APPROVED")), input);
  return {
    total: page.total,
    items: page.items.map(({ post, username }) => ({
      id: post.id,
      mediaType: post.mediaType,
      contentUrl: post.contentUrl,
      text: post.text,
      productId: post.productId,
      username,
      createdAt: post.createdAt,
    })),
  };
};

/**
 * Moves the post to `status` with one conditional update (its status still one the move starts from), so
 * two moderators deciding at once cannot both apply a move from the same state. 404 for a post that is not
 * the campaign's; 409 `invalid_state` naming the post's status when the move does not start from it.
 */
export const moderateUgcPost = async (
  { tx, now }: { tx: Tx; now: Date },
  campaign: CampaignRow,
  input: { postId: string; status: UgcDecision },
): Promise<UgcPost> => {
  const key = { organizationId: campaign.organizationId, campaignId: campaign.id, id: input.postId };
  const move = UGC_MOVES[input.status];
  const from = UGC_MACHINE.from(move);
  const moved = await moderatePost({ tx, now }, key, move);
  if (moved) {
    const [authored] = await authoredPosts(tx, postKey(key));
    return toUgcPost(authored!);
  }
  const [post] = await tx.select({ status: campaignUgc.status }).from(campaignUgc).where(postKey(key));
  if (!post) throw new AppError("not_found", "Post not found");
  throw new AppError(
    "invalid_state",
    `${WHAT[input.status]} needs a post that is ${from.join(" or ")}; this one is ${post.status}`,
    { context: { currentStatus: post.status, allowedFrom: from } },
  );
};
