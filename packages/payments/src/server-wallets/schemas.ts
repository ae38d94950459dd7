import { evmAddress, walletAddressInput } from "@tally/commerce";
import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";

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

export type SendFromWalletInput = z.output<typeof sendFromWalletInput>;

export const walletTransactionsInput = walletAddressInput.extend(offsetPaginationInput.shape);

export const walletTransferSchema = z
  .object({
    id: z.string(),
    kind: z
      .enum(["SEND", "PAYMENT"])
      .describe("SEND: sent by the service from a SERVER wallet; PAYMENT: an order paid from this wallet"),
    txHash: z.string().nullable().describe("Lowercase; null only while a send is being broadcast"),
    from: z.string(),
    to: z.string(),
    tokenAddress: z.string(),
    amount: z.string().describe("Smallest unit"),
    chainId: z.number().int(),
    status: z.enum(["PENDING", "CONFIRMED", "FAILED"]),
    failureReason: z.string().nullable(),
    createdAt: z.date(),
    confirmedAt: z.date().nullable(),
  })
  .meta({ id: "WalletTransfer", description: "A transaction the service recorded for a wallet" });

export type WalletTransfer = z.infer<typeof walletTransferSchema>;
