import type { ChainPort } from "../chain/index.ts";
import { createServerWalletKey, openServerWalletKey } from "../wallet-keys/index.ts";
import type { ServerWallet, ServerWalletsPort, TokenTransferRequest } from "./port.ts";

/** Keys generated here, stored encrypted by the caller, decrypted only for the moment of signing. */
export class LocalServerWallets implements ServerWalletsPort {
  readonly adapter = "local" as const;

  readonly #options: { chain: ChainPort; encryptionKey: string };

  constructor(options: { chain: ChainPort; encryptionKey: string }) {
    this.#options = options;
  }

  async create(): Promise<ServerWallet> {
    const { address, encryptedPrivateKey } = createServerWalletKey(this.#options.encryptionKey);
    return { address, custody: encryptedPrivateKey };
  }

  async sendToken(wallet: ServerWallet, transfer: TokenTransferRequest) {
    const privateKey = openServerWalletKey(wallet.custody, wallet.address, this.#options.encryptionKey);
    return this.#options.chain.sendToken({ privateKey, ...transfer });
  }
}
