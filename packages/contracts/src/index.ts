export { mockUsdcAbi, mockUsdcBytecode } from "./generated/mock-usdc.ts";

/** EIP-712 domain MockUSDC signs under: identical to Circle's USDC, so stock x402 clients need no special case. */
export const MOCK_USDC_EIP712 = { name: "USD Coin", version: "2" } as const;

export const USDC_DECIMALS = 6;
