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

export type WalletDetail = z.infer<typeof walletDetailSchema>;

export const listWalletsInput = userIdParam.extend(offsetPaginationInput.shape);

export const walletAddressInput = userIdParam.extend({ address: evmAddress });
