import type { Address, Hex } from "viem";

/** A SERVER wallet as the service stores it: the address and an opaque custody record (never returned). */
export interface ServerWallet {
  address: Address;
  custody: string;
}

export interface TokenTransferRequest {
  token: Address;
  to: Address;
  amount: bigint;
}

/**
 * Platform-managed wallets (ARCHITECTURE §6, "wallets"). The local adapter generates keys and keeps
 * them encrypted with WALLET_ENCRYPTION_KEY; a live deployment never holds keys itself.
 */
export interface ServerWalletsPort {
  readonly adapter: "local" | "unavailable";
  create(): Promise<ServerWallet>;
  /** Signs and broadcasts an ERC-20 transfer from the wallet; resolves once broadcast. */
  sendToken(wallet: ServerWallet, transfer: TokenTransferRequest): Promise<{ txHash: Hex }>;
}

/** Encrypts the local wallet keys in development and tests only (a live deployment has no local wallets). */
export const DEV_WALLET_ENCRYPTION_KEY = "tally-development-wallet-encryption-key-not-secret";
