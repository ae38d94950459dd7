import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withUser } from "../access/scope.ts";
import { listWalletsInput, walletAddressInput, walletDetailSchema, walletSchema } from "./schemas.ts";
import { findWallet, getWalletWithBalances, listWallets } from "./service.ts";

const tags = ["Wallets"];

export const walletsRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/user/{id}/wallets", tags, summary: "List the user's wallets" },
    })
    .input(listWalletsInput)
    .output(z.array(walletSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withUser(ctx, input.id, (tx, user) =>
          listWallets(tx, { organizationId: user.organizationId, userId: user.id }, input),
        ),
      );
    }),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/wallets/{address}",
        tags,
        summary: "Get one of the user's wallets with its on-chain USDC and native balances",
        description:
          "Balances are read live from the chain (Base, or the local chain); 503 when the node is unreachable.",
      },
    })
    .input(walletAddressInput)
    .output(walletDetailSchema)
    .query(async ({ ctx, input }) => {
      const wallet = await withUser(ctx, input.id, (tx, user) =>
        findWallet(tx, { organizationId: user.organizationId, userId: user.id }, input.address),
      );
      return getWalletWithBalances(ctx.deps.providers.chain, wallet);
    }),
});
