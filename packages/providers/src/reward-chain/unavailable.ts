import { AppError } from "@tally/core";
import type { RewardChainPort } from "./port.ts";

const unavailable = () =>
  new AppError(
    "service_unavailable",
    "Reward programmes are not configured on this deployment's chain: it has no reward operator key and contracts",
  );

/**
 * A deployment with BASE_RPC_URL but without REWARD_OPERATOR_PRIVATE_KEY, REWARD_FACTORY_ADDRESS and
 * REWARD_IMPLEMENTATION_ADDRESS: nothing is deployed or minted (publish, grant and redeem answer 503).
 */
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
