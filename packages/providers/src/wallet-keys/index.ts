export { createServerWalletKey, openServerWalletKey, WalletKeyError } from "./server-wallet-key.ts";
