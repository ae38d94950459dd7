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

const balanceSchema = z.object({
  amount: z.string().describe("Smallest unit (uint256 as a decimal string)"),
  decimals: z.number().int(),
});

export const walletDetailSchema = walletSchema
  .extend({
    walletId: z
      .string()
      .nullable()
      .describe("The wallet provider's id of an EMBEDDED wallet; null otherwise"),
    balances: z
      .object({
        usdc: balanceSchema.extend({ tokenAddress: z.string() }),
        native: balanceSchema.describe("ETH on Base, in wei"),
      })
      .describe("Read live from the chain"),
  })
  .meta({ id: "WalletDetail", description: "The recorded wallet with its on-chain balances" });

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
