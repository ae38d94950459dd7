import { offsetPaginationInput } from "@tally/core";
import { walletTypes } from "@tally/db";
import { z } from "zod";
import { evmAddress, userIdParam } from "../shared/schemas.ts";

export const walletSchema = z
  .object({
    address: z.string().describe("EVM address, lowercase"),
    type: z
      .enum(walletTypes)
      .describe(
        "EMBEDDED (wallet provider, user-controlled), SERVER (platform-managed), EXTERNAL (self-custodied)",
      ),
    chainId: z.number().int().describe("8453 for Base mainnet"),
    createdAt: z.date(),
  })
  .meta({ id: "Wallet" });

export type Wallet = z.infer<typeof walletSchema>;

export const walletDetailSchema = walletSchema
  .extend({
    walletId: z
      .string()
      .nullable()
      .describe("The wallet provider's id of an EMBEDDED wallet; null otherwise"),
  })
  .meta({
    id: "WalletDetail",
    description:
      "The recorded wallet. On-chain balances are added by the on-chain wallets work (not yet built).",
  });

export const listWalletsInput = userIdParam.extend(offsetPaginationInput.shape);

export const walletAddressInput = userIdParam.extend({ address: evmAddress });

const uintString = z.string().regex(/^\d{1,78}$/, "a non-negative integer in the token's smallest unit");

export const sendFromWalletInput = walletAddressInput.extend({
  recipient: evmAddress.describe("Receiving EVM address"),
  tokenAddress: evmAddress.describe("ERC-20 contract address"),
  amount: z
    .union([uintString, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
    .describe("Amount in the token's smallest unit (string or integer)"),
  decimals: z.number().int().min(0).max(36).default(18),
  chainId: z.number().int().positive().default(8453),
});

export const walletTransferSchema = z
  .object({
    txHash: z.string(),
    from: z.string(),
    to: z.string(),
    tokenAddress: z.string(),
    amount: z.string().describe("Smallest unit"),
    chainId: z.number().int(),
    status: z.enum(["PENDING", "CONFIRMED", "FAILED"]),
    createdAt: z.date(),
  })
  .meta({
    id: "WalletTransfer",
    description:
      "A token transfer from a wallet. Sending and history arrive with on-chain wallets (501 until then).",
  });
