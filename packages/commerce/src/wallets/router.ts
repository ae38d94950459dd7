import { authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withUser } from "../access/scope.ts";
import {
  listWalletsInput,
  sendFromWalletInput,
  walletAddressInput,
  walletDetailSchema,
  walletSchema,
  walletTransferSchema,
} from "./schemas.ts";
import { findWallet, getWalletDetail, listWallets, onChainNotBuilt } from "./service.ts";

const tags = ["Wallets"];
const notYet = { 501: "Not implemented yet: needs on-chain wallets" };

export const walletsRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/user/{id}/wallets", tags, summary: "List the user's wallets" },
    })
    .input(listWalletsInput)
    .output(z.array(walletSchema))
    .query(async ({ ctx, input }) => {
      const { items, total } = await withUser(ctx, input.id, (tx, user) =>
        listWallets(tx, user.organizationId, user.id, input),
      );
      ctx.responseHeaders.set("X-Total-Count", String(total));
      return items;
    }),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/wallets/{address}",
        tags,
        summary: "Get one of the user's wallets (recorded data; on-chain balances come later)",
      },
    })
    .input(walletAddressInput)
    .output(walletDetailSchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, (tx, user) => getWalletDetail(tx, user.organizationId, user.id, input.address)),
    ),
  send: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/wallets/{address}/send",
        tags,
        summary: "Send tokens from a SERVER wallet (not available yet: answers 501)",
        errorResponses: notYet,
      },
    })
    .input(sendFromWalletInput)
    .output(walletTransferSchema)
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, (tx, user) =>
        findWallet(tx, user.organizationId, user.id, input.address),
      );
      throw onChainNotBuilt("Sending from a wallet");
    }),
  transactions: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/wallets/{address}/transactions",
        tags,
        summary: "List a wallet's on-chain transactions (not available yet: answers 501)",
        errorResponses: notYet,
      },
    })
    .input(walletAddressInput)
    .output(z.array(walletTransferSchema))
    .query(async ({ ctx, input }) => {
      await withUser(ctx, input.id, (tx, user) =>
        findWallet(tx, user.organizationId, user.id, input.address),
      );
      throw onChainNotBuilt("Reading a wallet's transactions");
    }),
});
