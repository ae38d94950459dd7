import { createWalletClient, type Hex, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { settle as x402Settle, verify as x402Verify } from "x402/facilitator";
import { KeyedSerializer } from "../chain/keyed-serializer.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import { contractFailureReason, describeRpcError, isRpcUnreachable } from "../chain/rpc-errors.ts";
import type { ProviderLogger } from "../logger.ts";
import {
  FacilitatorUnavailableError,
  type X402FacilitatorPort,
  type X402PaymentPayload,
  type X402PaymentRequirements,
  type X402SettleResult,
  type X402VerifyResult,
} from "./port.ts";

export interface LocalX402FacilitatorOptions {
  /** The local anvil chain (never a public RPC). */
  chain: { rpcUrl: string; chainId: number };
  /** Pays the gas of settlements (the local chain's `facilitatorAccount`). */
  facilitatorPrivateKey: Hex;
  logger: ProviderLogger;
}

/**
 * A facilitator on the local chain, running x402's own `verify`/`settle` with a client bound to the
 * local RPC (x402's client helpers would default to a public one). Settlements go one at a time: they
 * share the facilitator's nonce, and x402 reads it from the node for each.
 */
export class LocalX402Facilitator implements X402FacilitatorPort {
  readonly adapter = "local" as const;
  readonly #client;
  readonly #logger: ProviderLogger;
  readonly #settlements = new KeyedSerializer();

  constructor(options: LocalX402FacilitatorOptions) {
    const { rpcUrl, chainId } = options.chain;
    this.#client = createWalletClient({
      account: privateKeyToAccount(options.facilitatorPrivateKey),
      chain: rpcChain({ chainId, rpcUrl, name: "Base (local anvil)" }),
      transport: rpcTransport(rpcUrl),
      cacheTime: 0,
      pollingInterval: 50,
    }).extend(publicActions);
    this.#logger = options.logger;
  }

  async verify(
    payload: X402PaymentPayload,
    requirements: X402PaymentRequirements,
  ): Promise<X402VerifyResult> {
    try {
      const result = await x402Verify(this.#client, payload, requirements);
      return {
        isValid: result.isValid,
        ...(result.invalidReason && { invalidReason: result.invalidReason }),
        ...(result.payer && { payer: result.payer }),
      };
    } catch (error) {
      if (isRpcUnreachable(error)) throw this.#unavailable("verify", error);
      // x402 threw on the payload itself (e.g. a malformed signature): a refusal, like its own.
      this.#logger.warn(
        { error: describeRpcError(error) },
        "x402 verify rejected a payload (local facilitator)",
      );
      return { isValid: false, invalidReason: "invalid_payload", payer: payload.payload.authorization.from };
    }
  }

  settle(payload: X402PaymentPayload, requirements: X402PaymentRequirements): Promise<X402SettleResult> {
    return this.#settlements.run("facilitator", async () => {
      const payer = payload.payload.authorization.from;
      try {
        const result = await x402Settle(this.#client, payload, requirements);
        return {
          success: result.success,
          network: result.network,
          ...(result.errorReason && { errorReason: result.errorReason }),
          ...(result.transaction && { transaction: result.transaction as Hex }),
          ...(result.payer && { payer: result.payer }),
        };
      } catch (error) {
        // A revert (e.g. the authorization is already used) is a definite "not settled"; anything else
        // may have broadcast, so its outcome is unknown.
        const revert = contractFailureReason(error);
        if (revert === undefined) throw this.#unavailable("settle", error);
        this.#logger.warn({ payer, revert }, "x402 settlement reverted (local facilitator)");
        return { success: false, errorReason: "invalid_transaction_state", network: payload.network, payer };
      }
    });
  }

  #unavailable(route: "verify" | "settle", error: unknown): FacilitatorUnavailableError {
    const message = describeRpcError(error);
    this.#logger.warn({ route, error: message }, "local x402 facilitator failed");
    return new FacilitatorUnavailableError(`local x402 facilitator ${route} failed: ${message}`, {
      cause: error,
    });
  }
}
