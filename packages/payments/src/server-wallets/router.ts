import { findWallet, userIdParam, walletSchema, withUser } from "@tally/commerce";
import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import {
  ensureServerWallet,
  listWalletTransactions,
  sendFromServerWallet,
  type WalletChainDeps,
} from "./chain-service.ts";
import { sendFromWalletInput, walletTransactionsInput, walletTransferSchema } from "./schemas.ts";

// The user's wallets are one resource on the REST surface, whichever domain serves the route.
const tags = ["Wallets"];

const chainDeps = (ctx: {
  deps: Omit<WalletChainDeps, "logger">;
  logger: WalletChainDeps["logger"];
}): WalletChainDeps => ({
  database: ctx.deps.database,
  providers: ctx.deps.providers,
  clock: ctx.deps.clock,
  logger: ctx.logger,
});

export const serverWalletsRouter = router({
  createServer: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/wallets/server",
        tags,
        summary: "Get or create the user's SERVER wallet (extension)",
        description:
          "A SERVER wallet is held by the service (its key encrypted at rest, never returned) and can send with `/send`. One per user: a second call returns the same wallet with `created: false`. Answers 501 on a deployment without local key custody until the wallet provider's adapter exists.",
      },
    })
    .input(userIdParam)
    .output(z.object({ wallet: walletSchema, created: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, async () => undefined);
      return ensureServerWallet(chainDeps(ctx), {
        organizationId: ctx.principal.organizationId,
        userId: input.id,
      });
    }),
  send: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/wallets/{address}/send",
        tags,
        summary: "Send ERC-20 tokens from a SERVER wallet",
        description: [
          "Only SERVER wallets send (409 `invalid_state` for EMBEDDED or EXTERNAL ones). `amount` is in the token's smallest",
          "unit; `decimals` (default 18) must match the token's own, and `chainId` (default 8453) must be Base: otherwise 422",
          "naming the field in `details` and the reason in `context.reason` (`unsupported_chain`, `invalid_amount`, `not_a_token`,",
          "`decimals_mismatch`). A token balance",
          "below `amount` or no gas is 409 `insufficient_funds`. The transfer is recorded, signed by the service, broadcast and",
          "given up to 10 s to be mined: the result is CONFIRMED, FAILED (reverted) or PENDING (the wallet-provider webhook",
          "settles it later), with its `txHash`.",
        ].join(" "),
      },
    })
    .input(sendFromWalletInput)
    .output(walletTransferSchema)
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, async () => undefined);
      return sendFromServerWallet(
        chainDeps(ctx),
        { organizationId: ctx.principal.organizationId, userId: input.id },
        input,
      );
    }),
  transactions: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/wallets/{address}/transactions",
        tags,
        summary: "List the transactions the service recorded for a wallet, newest first",
        description:
          "Sends from a SERVER wallet and order payments made from this wallet, with their PENDING, CONFIRMED or FAILED status. `X-Total-Count` holds the total.",
      },
    })
    .input(walletTransactionsInput)
    .output(z.array(walletTransferSchema))
    .query(async ({ ctx, input }) => {
      const wallet = await withUser(ctx, input.id, (tx, user) =>
        findWallet(tx, { organizationId: user.organizationId, userId: user.id }, input.address),
      );
      return answerPage(
        ctx,
        await listWalletTransactions(
          chainDeps(ctx),
          { organizationId: ctx.principal.organizationId, address: wallet.address },
          input,
        ),
      );
    }),
});
