import type { Address, Hex } from "viem";

/** Base mainnet, and the local chain too: x402's `base` network is tied to this id (ARCHITECTURE.md §6). */
export const BASE_CHAIN_ID = 8453;
/** Circle's USDC on Base (lowercase, like every address this port returns). */
export const BASE_USDC_ADDRESS: Address = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";

/** One ERC-20 `Transfer` log of a mined transaction. */
export interface TokenTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  logIndex: number;
}

export type ChainTransaction =
  | { status: "not_found" }
  /** Known to the node, not mined yet. */
  | { status: "pending" }
  | { status: "reverted"; blockNumber: bigint; confirmations: number; chainId: number; from: Address }
  | {
      status: "success";
      blockNumber: bigint;
      confirmations: number;
      chainId: number;
      from: Address;
      to: Address | null;
      /** Every ERC-20 Transfer log in the receipt, of any token. */
      transfers: TokenTransfer[];
    };

export type AuthorizationUse =
  | { status: "unused" }
  | { status: "used"; txHash: Hex }
  | { status: "canceled" };

export type ChainAdapterKind = "base" | "local";

/** The EVM chain payments settle on (ARCHITECTURE.md §6): Base through an RPC, or the local anvil chain. */
export interface ChainPort {
  readonly adapter: ChainAdapterKind;
  /** 8453 in both cases. */
  readonly chainId: number;
  readonly rpcUrl: string;
  /** Lowercase. */
  readonly usdcAddress: Address;
  /** `confirmations` = head - blockNumber + 1, with the head read uncached. */
  getTransaction(txHash: Hex): Promise<ChainTransaction>;
  /** `token` defaults to USDC. */
  getBalances(address: Address, token?: Address): Promise<{ native: bigint; token: bigint }>;
  /** ChainError `not_a_token` when there is no contract or the call fails. */
  tokenDecimals(token: Address): Promise<number>;
  /** EIP-3009: whether `nonce` of `authorizer` is used or canceled. */
  authorizationState(token: Address, authorizer: Address, nonce: Hex): Promise<boolean>;
  /**
   * How an EIP-3009 authorization ended, from the token's AuthorizationUsed / AuthorizationCanceled
   * events within the last `lookbackBlocks` (default 10,000: about 5.5 hours on Base).
   */
  authorizationUse(
    token: Address,
    authorizer: Address,
    nonce: Hex,
    options?: { lookbackBlocks?: bigint },
  ): Promise<AuthorizationUse>;
  /**
   * Signs with `privateKey` and broadcasts an ERC-20 transfer; resolves once broadcast. Sends from one
   * sender are serialized in this process, so concurrent sends never reuse a nonce.
   */
  sendToken(input: {
    privateKey: Hex;
    token: Address;
    to: Address;
    amount: bigint;
  }): Promise<{ txHash: Hex }>;
  /** Polls until mined, or until `timeoutMs` has passed (then `{ status: "pending" }`). */
  waitForTransaction(txHash: Hex, options?: { timeoutMs?: number }): Promise<ChainTransaction>;
}

export type ChainErrorReason = "unavailable" | "not_a_token" | "insufficient_gas" | "rejected";

export class ChainError extends Error {
  override readonly name = "ChainError";
  readonly reason: ChainErrorReason;

  constructor(
    reason: ChainErrorReason,
    message: string,
    options?: ErrorOptions & {
      /** A send signed before the node failed to answer: it may be on its way under this hash. */
      txHash?: Hex;
    },
  ) {
    super(message, options);
    this.reason = reason;
    this.txHash = options?.txHash;
  }

  readonly txHash: Hex | undefined;
}
