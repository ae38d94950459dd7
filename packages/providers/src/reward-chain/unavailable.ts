import { AppError } from "@tally/core";
import type { RewardChainPort } from "./port.ts";

const unavailable = () =>
  new AppError(
    "service_unavailable",
    "Reward programmes deploy on the local chain only so far: the operator key custody of a live chain is not built",
  );

/** A deployment with BASE_RPC_URL: no operator key custody yet, so nothing is deployed (publish answers 503). */
export class UnavailableRewardChain implements RewardChainPort {
  readonly adapter = "unavailable" as const;
  readonly chainId: number;

  constructor(chainId: number) {
    this.chainId = chainId;
  }

  async contracts(): Promise<never> {
    throw unavailable();
  }
  async predictAddress(): Promise<never> {
    throw unavailable();
  }
  async hasCode(): Promise<never> {
    throw unavailable();
  }
  async readParams(): Promise<never> {
    throw unavailable();
  }
  async deploy(): Promise<never> {
    throw unavailable();
  }
  async mintedTokenOf(): Promise<never> {
    throw unavailable();
  }
  async ownersOf(): Promise<never> {
    throw unavailable();
  }
  async inspect(): Promise<never> {
    throw unavailable();
  }
  async simulateMint(): Promise<never> {
    throw unavailable();
  }
  async blockGasLimit(): Promise<never> {
    throw unavailable();
  }
  async sendMint(): Promise<never> {
    throw unavailable();
  }
  async mintReceipt(): Promise<never> {
    throw unavailable();
  }
}
