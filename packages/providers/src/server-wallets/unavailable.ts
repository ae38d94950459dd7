import { AppError } from "@tally/core";
import type { ServerWalletsPort } from "./port.ts";

const unavailable = () =>
  new AppError(
    "not_implemented",
    "Server wallets need the wallet provider's adapter, which is not built yet; a live deployment never holds wallet keys itself",
  );

/** A live deployment: no local key custody, and the wallet provider adapter does not exist yet. */
export class UnavailableServerWallets implements ServerWalletsPort {
  readonly adapter = "unavailable" as const;

  async create(): Promise<never> {
    throw unavailable();
  }

  async sendToken(): Promise<never> {
    throw unavailable();
  }
}
