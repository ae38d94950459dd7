export { callChain } from "./app-errors.ts";
export {
  type LocalChain,
  type LocalWallet,
  type StartLocalChainOptions,
  startLocalChain,
} from "./local-chain.ts";
export {
  type AuthorizationUse,
  BASE_CHAIN_ID,
  BASE_USDC_ADDRESS,
  type ChainAdapterKind,
  ChainError,
  type ChainErrorReason,
  type ChainPort,
  type ChainTransaction,
  type TokenTransfer,
} from "./port.ts";
export { createViemChain, type ViemChainOptions } from "./viem-chain.ts";
