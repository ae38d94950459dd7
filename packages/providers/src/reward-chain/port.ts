import type { Address, Hex } from "viem";

/** A programme: its clone's CREATE2 salt is `rewardSalt(organizationId, rewardId)`. */
export interface RewardProgrammeKey {
  organizationId: string;
  rewardId: string;
}

/** What a programme's clone is initialized with (TallyReward's RewardParams, minus the operator's roles). */
export interface RewardContractParams {
  name: string;
  symbol: string;
  /** Ends with "/": tokenURI = baseURI + tokenId. */
  baseURI: string;
  contractURI: string;
  /** 0 = unlimited. */
  maxSupply: bigint;
  /** false = soulbound (ERC-5192). */
  transferable: boolean;
}

/** The TallyReward implementation and the TallyRewardFactory cloning it on one chain. Lowercase. */
export interface RewardContracts {
  implementationAddress: Address;
  factoryAddress: Address;
}

/**
 * Reward programmes' contracts on chain (ARCHITECTURE §6): one operator key owns the factory and is admin and
 * minter of every clone. Deploys are claim-free: the factory refuses a second deploy of a salt, so a caller
 * that predicts, checks code and deploys can never produce two clones of one programme.
 */
export interface RewardChainPort {
  readonly adapter: "local" | "base" | "unavailable";
  readonly chainId: number;
  /** The implementation and factory: deployed by the operator on first use (local), configured and checked (Base). */
  contracts(): Promise<RewardContracts>;
  /** The clone address the programme's salt fixes (the factory's `predictAddress`). Lowercase. */
  predictAddress(programme: RewardProgrammeKey): Promise<Address>;
  hasCode(address: Address): Promise<boolean>;
  /** What a deployed clone was initialized with (read from the chain). */
  readParams(
    address: Address,
  ): Promise<Pick<RewardContractParams, "name" | "symbol" | "maxSupply" | "transferable">>;
  /**
   * Deploys the programme's clone and waits for it to be mined. Sends of the operator are serialized in this
   * process. Rejects when the transaction reverts (e.g. the salt is already deployed): the caller re-checks code.
   */
  deploy(
    programme: RewardProgrammeKey,
    params: RewardContractParams,
  ): Promise<{ txHash: Hex; address: Address }>;
  /** The token the clone minted to `wallet` (0n = none): its one-token-per-wallet record, untouched by transfers. */
  mintedTokenOf(contract: Address, wallet: Address): Promise<bigint>;
  /**
   * Who holds each token now (lowercase), read from the chain in one batched round trip; `null` for a token the
   * contract never minted. Transfers move it, unlike `mintedTokenOf`.
   */
  ownersOf(contract: Address, tokenIds: bigint[]): Promise<(Address | null)[]>;
  /** What is deployed at `address` now (for the contract monitor): its runtime code and the operator's roles on it. */
  inspect(address: Address): Promise<DeployedContractState>;
  /** The gas a `batchMint(wallets)` would use; rejects with the contract's revert (e.g. MaxSupplyReached). */
  simulateMint(contract: Address, wallets: Address[]): Promise<{ gas: bigint }>;
  /** The gas limit of the chain's latest block: a batch must stay under it. */
  blockGasLimit(): Promise<bigint>;
  /**
   * Broadcasts `batchMint(wallets)` as the operator (wallets already holding a token are skipped on chain, so a
   * replay mints nothing twice) and returns its hash without waiting. Sends are serialized like `deploy`.
   */
  sendMint(contract: Address, wallets: Address[]): Promise<Hex>;
  /** The outcome of a mint transaction, `null` while the chain does not know it mined; `wait` waits for it. */
  mintReceipt(txHash: Hex, options?: { wait?: boolean }): Promise<MintReceipt | null>;
}

/** A mined mint transaction: the tokens its Transfer logs (from the zero address) gave to each wallet. */
export interface MintReceipt {
  status: "success" | "reverted";
  minted: { wallet: Address; tokenId: bigint }[];
}

/** A deployed address as the chain holds it now. */
export interface DeployedContractState {
  /** Runtime code, lowercase ("0x" = none). */
  code: Hex;
  /** Whether the operator holds DEFAULT_ADMIN_ROLE and MINTER_ROLE there; null when the code answers no `hasRole`. */
  operatorRoles: { admin: boolean; minter: boolean } | null;
}
