export { LocalServerWallets } from "./local.ts";
export {
  DEV_WALLET_ENCRYPTION_KEY,
  type ServerWallet,
  type ServerWalletsPort,
  type TokenTransferRequest,
} from "./port.ts";
export { UnavailableServerWallets } from "./unavailable.ts";
export {
  type SignatureCheck,
  signWalletProviderWebhook,
  verifyWalletProviderSignature,
  type WalletProviderSignatureHeaders,
} from "./webhook-signature.ts";
