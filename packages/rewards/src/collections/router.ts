import { withUser } from "@tally/commerce";
import { answerPage, type Context, type Principal, router } from "@tally/trpc";
import { z } from "zod";
import { rewardsProcedure } from "../programmes/access.ts";
import { walletsOf } from "../redemptions/claim.ts";
import { collectionInput, collectionItemSchema } from "./schemas.ts";
import { type CollectionView, collectionCandidates, heldByUser, inView, listRedeemed } from "./service.ts";

const tags = ["Rewards"];
const itemsSchema = z.array(collectionItemSchema);

/**
 * A view of the tokens the user holds now: the recorded candidates read in one transaction, their holders read
 * from the chain after it (never inside it), then filtered and paged.
 */
const heldView = async (
  ctx: Context & { principal: Principal },
  input: z.output<typeof collectionInput>,
  view: CollectionView,
) => {
  const { candidates, wallets } = await withUser(ctx, input.id, async (tx, user) => {
    const wallets = await walletsOf(tx, user.organizationId, user.id);
    return { wallets, candidates: await collectionCandidates(tx, user, wallets) };
  });
  const held = (await heldByUser(ctx.deps, candidates, wallets)).filter((candidate) =>
    inView(view, candidate),
  );
  return answerPage(ctx, {
    items: held.slice(input.offset, input.offset + input.limit).map((candidate) => candidate.item),
    total: held.length,
  });
};

const described = (path: `/${string}`, summary: string, description: string) => ({
  audience: "fan" as const,
  openapi: { method: "GET" as const, path, tags, summary, description },
});

const reconciled =
  "Tokens come from the organization's completed mints to the user (or to the user's wallets), each kept only if one of the user's wallets holds it on chain now: a token transferred away leaves the list. Newest mint first; `limit`/`offset`, the whole list's size in X-Total-Count.";

export const collectionsRouter = router({
  all: rewardsProcedure
    .meta(described("/user/{id}/nfts", "The user's reward tokens, held now (X-Total-Count)", reconciled))
    .input(collectionInput)
    .output(itemsSchema)
    .query(({ ctx, input }) => heldView(ctx, input, "all")),
  earned: rewardsProcedure
    .meta(
      described(
        "/user/{id}/nfts/earned",
        "Reward tokens minted to the user (grants, airdrops, campaigns) that the user still holds (X-Total-Count)",
        reconciled,
      ),
    )
    .input(collectionInput)
    .output(itemsSchema)
    .query(({ ctx, input }) => heldView(ctx, input, "earned")),
  redeemable: rewardsProcedure
    .meta(
      described(
        "/user/{id}/nfts/redeemable",
        "Reward tokens the user holds and has not redeemed (a FAILED redemption counts as not redeemed; X-Total-Count)",
        `${reconciled} A DISABLED programme's tokens stay redeemable.`,
      ),
    )
    .input(collectionInput)
    .output(itemsSchema)
    .query(({ ctx, input }) => heldView(ctx, input, "redeemable")),
  redeemed: rewardsProcedure
    .meta(
      described(
        "/user/{id}/nfts/redeemed",
        "The user's redeemed reward tokens, newest redemption first (X-Total-Count)",
        "Every REDEEMED redemption of the user, whoever holds the token now: a redemption is history. `walletAddress` is the wallet that held the token when it was redeemed.",
      ),
    )
    .input(collectionInput)
    .output(itemsSchema)
    .query(async ({ ctx, input }) =>
      answerPage(ctx, await withUser(ctx, input.id, (tx, user) => listRedeemed(tx, user, input))),
    ),
});
