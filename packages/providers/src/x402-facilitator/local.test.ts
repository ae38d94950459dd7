import { MOCK_USDC_EIP712 } from "@tally/contracts";
import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalChain, type LocalWallet, startLocalChain } from "../chain/local-chain.ts";
import type { ChainPort } from "../chain/port.ts";
import { randomNonce, signAuthorization } from "../chain/test-support.ts";
import { createViemChain } from "../chain/viem-chain.ts";
import { recordingLogger } from "../email/test-support.ts";
import { LocalX402Facilitator } from "./local.ts";
import {
  FacilitatorUnavailableError,
  type X402PaymentPayload,
  type X402PaymentRequirements,
} from "./port.ts";

let chain: LocalChain;
let port: ChainPort;
let facilitator: LocalX402Facilitator;
let payer: LocalWallet;
const logger = recordingLogger();

beforeAll(async () => {
  chain = await startLocalChain({ logger: recordingLogger() });
  port = createViemChain({ adapter: "local", rpcUrl: chain.rpcUrl, usdcAddress: chain.usdcAddress });
  facilitator = new LocalX402Facilitator({
    chain: { rpcUrl: chain.rpcUrl, chainId: chain.chainId },
    facilitatorPrivateKey: chain.facilitatorAccount.privateKey,
    logger,
  });
  payer = chain.fundedWallets[0] as LocalWallet;
});

afterAll(async () => {
  await chain?.stop();
});

const randomAddress = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;

const requirementsFor = (payTo: Address): X402PaymentRequirements => ({
  scheme: "exact",
  network: "base",
  maxAmountRequired: "2500000",
  resource: "https://shop.example/api/v1/orders/1/pay",
  description: "Order 1",
  mimeType: "application/json",
  payTo,
  maxTimeoutSeconds: 300,
  asset: chain.usdcAddress,
  extra: MOCK_USDC_EIP712,
});

/** What an x402 client sends: a TransferWithAuthorization valid by wall clock (as x402 verify checks). */
const paymentTo = async (to: Address, value = 2_500_000n, signer = payer): Promise<X402PaymentPayload> => {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const authorization = {
    from: payer.address,
    to,
    value,
    validAfter: now - 60n,
    validBefore: now + 300n,
    nonce: randomNonce(),
  };
  const signature = await signAuthorization(
    signer,
    chain.usdcAddress,
    "TransferWithAuthorization",
    authorization,
  );
  return {
    x402Version: 1,
    scheme: "exact",
    network: "base",
    payload: {
      signature,
      authorization: {
        ...authorization,
        value: String(value),
        validAfter: String(authorization.validAfter),
        validBefore: String(authorization.validBefore),
      },
    },
  };
};

describe("LocalX402Facilitator", () => {
  it("verifies a payment signed by a funded wallet, and rejects a wrong recipient, value or signer", async () => {
    const merchant = randomAddress();
    const requirements = requirementsFor(merchant);
    expect(await facilitator.verify(await paymentTo(merchant), requirements)).toEqual({
      isValid: true,
      payer: payer.address,
    });
    expect(await facilitator.verify(await paymentTo(randomAddress()), requirements)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_recipient_mismatch",
    });
    expect(await facilitator.verify(await paymentTo(merchant, 2_499_999n), requirements)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_authorization_value",
    });
    const forged = await paymentTo(merchant, 2_500_000n, chain.fundedWallets[1]);
    expect(await facilitator.verify(forged, requirements)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_signature",
    });
  });

  it("settles on chain once; settling the same payment again fails without throwing", async () => {
    const merchant = randomAddress();
    const requirements = requirementsFor(merchant);
    const payment = await paymentTo(merchant);

    const settled = await facilitator.settle(payment, requirements);
    expect(settled).toMatchObject({ success: true, network: "base", payer: payer.address });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await port.getTransaction(settled.transaction!)).toMatchObject({
      status: "success",
      from: chain.facilitatorAccount.address,
      transfers: [{ token: chain.usdcAddress, from: payer.address, to: merchant, value: 2_500_000n }],
    });
    expect((await port.getBalances(merchant)).token).toBe(2_500_000n);
    const nonce = payment.payload.authorization.nonce;
    expect(await port.authorizationState(chain.usdcAddress, payer.address, nonce)).toBe(true);

    // x402 verify does not look at the nonce (ARCHITECTURE.md §6): the replay only fails at settle.
    expect((await facilitator.verify(payment, requirements)).isValid).toBe(true);
    expect(await facilitator.settle(payment, requirements)).toEqual({
      success: false,
      errorReason: "invalid_transaction_state",
      network: "base",
      payer: payer.address,
    });
    expect((await port.getBalances(merchant)).token).toBe(2_500_000n);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        obj: expect.objectContaining({ revert: expect.stringMatching(/authorization is used/) }),
      }),
    );
  });

  it("settles concurrent payments one after another from the one facilitator account", async () => {
    const merchant = randomAddress();
    const requirements = requirementsFor(merchant);
    const payments = await Promise.all([paymentTo(merchant), paymentTo(merchant), paymentTo(merchant)]);
    const results = await Promise.all(payments.map((payment) => facilitator.settle(payment, requirements)));
    expect(results.map((result) => result.success)).toEqual([true, true, true]);
    expect((await port.getBalances(merchant)).token).toBe(7_500_000n);
  });

  it("reports an unreachable chain as FacilitatorUnavailableError", async () => {
    const offline = new LocalX402Facilitator({
      chain: { rpcUrl: "http://127.0.0.1:9", chainId: chain.chainId },
      facilitatorPrivateKey: chain.facilitatorAccount.privateKey,
      logger: recordingLogger(),
    });
    const merchant = randomAddress();
    const payment = await paymentTo(merchant);
    await expect(offline.verify(payment, requirementsFor(merchant))).rejects.toBeInstanceOf(
      FacilitatorUnavailableError,
    );
    await expect(offline.settle(payment, requirementsFor(merchant))).rejects.toBeInstanceOf(
      FacilitatorUnavailableError,
    );
  });
});
