/**
 * The `{network}` path segment of the token routes: a chain's name (as x402 spells Base's networks) and its id.
 * Spec 02 lists Base mainnet and Base Sepolia; a token is found by (chainId, contract), so a deployment only
 * answers for programmes published on the chain its reward chain serves.
 */
export const rewardNetworks = { base: 8453, "base-sepolia": 84532 } as const;
export type RewardNetwork = keyof typeof rewardNetworks;
export const rewardNetworkNames = Object.keys(rewardNetworks) as [RewardNetwork, ...RewardNetwork[]];

export const chainIdOf = (network: RewardNetwork): number => rewardNetworks[network];

/** The network name of a chain id (`eip155:<id>` for a chain without one). */
export const networkOf = (chainId: number): string =>
  rewardNetworkNames.find((name) => rewardNetworks[name] === chainId) ?? `eip155:${chainId}`;
