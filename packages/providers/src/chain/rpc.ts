import { type Chain, defineChain, type HttpTransport, http } from "viem";

/**
 * A chain object whose only RPC is `rpcUrl`. viem's `base` would fall back to a public RPC wherever a
 * client is built without an explicit transport; this one cannot (ARCHITECTURE.md §6).
 */
export const rpcChain = (options: { chainId: number; rpcUrl: string; name: string }): Chain =>
  defineChain({
    id: options.chainId,
    name: options.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });

/** One retry: a JSON-RPC call that keeps failing is reported, not hidden behind backoff. */
export const rpcTransport = (rpcUrl: string, timeoutMs = 10_000, retryCount = 1): HttpTransport =>
  http(rpcUrl, { timeout: timeoutMs, retryCount });
