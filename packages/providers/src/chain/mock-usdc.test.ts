import { MOCK_USDC_EIP712, mockUsdcAbi } from "@tally/contracts";
import { type Address, type Hex, parseSignature } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import { type LocalChain, type LocalWallet, startLocalChain } from "./local-chain.ts";
import { BASE_CHAIN_ID, type ChainPort } from "./port.ts";
import { localClients, randomNonce, signAuthorization, type TransferAuthorization } from "./test-support.ts";
import { createViemChain } from "./viem-chain.ts";

let chain: LocalChain;
let port: ChainPort;
let clients: ReturnType<typeof localClients>;
let payer: LocalWallet;
let payee: LocalWallet;
/** Submits authorizations it did not sign, as an x402 facilitator does. */
let relayer: LocalWallet;

beforeAll(async () => {
  chain = await startLocalChain({ logger: recordingLogger() });
  port = createViemChain({ adapter: "local", rpcUrl: chain.rpcUrl, usdcAddress: chain.usdcAddress });
  clients = localClients(chain.rpcUrl);
  [payer, payee] = chain.fundedWallets as [LocalWallet, LocalWallet];
  relayer = chain.facilitatorAccount;
});

afterAll(async () => {
  await chain?.stop();
});

const chainNow = async (): Promise<bigint> => (await clients.publicClient.getBlock()).timestamp;

/** 1 USDC from payer to payee, valid for the next hour of chain time, unless overridden. */
const authorization = async (
  overrides: Partial<TransferAuthorization> = {},
): Promise<TransferAuthorization> => ({
  from: payer.address,
  to: payee.address,
  value: 1_000_000n,
  validAfter: 0n,
  validBefore: (await chainNow()) + 3_600n,
  nonce: randomNonce(),
  ...overrides,
});

const authorizationArgs = (a: TransferAuthorization) =>
  [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce] as const;

const vrs = (signature: Hex) => {
  const { r, s, v, yParity } = parseSignature(signature);
  return [v === undefined ? 27 + yParity : Number(v), r, s] as const;
};

/** Submits `transferWithAuthorization` (bytes form) from the relayer and waits for success. */
const transferWithSignature = async (a: TransferAuthorization, signature: Hex) => {
  const hash = await clients.walletClient(relayer).writeContract({
    address: chain.usdcAddress,
    abi: mockUsdcAbi,
    functionName: "transferWithAuthorization",
    args: [...authorizationArgs(a), signature],
  });
  expect((await port.waitForTransaction(hash)).status).toBe("success");
};

/** The revert message a relayer's `transferWithAuthorization` (bytes form) would get. */
const simulateTransfer = (a: TransferAuthorization, signature: Hex) =>
  clients.publicClient.simulateContract({
    account: privateKeyToAccount(relayer.privateKey),
    address: chain.usdcAddress,
    abi: mockUsdcAbi,
    functionName: "transferWithAuthorization",
    args: [...authorizationArgs(a), signature],
  });

describe("MockUSDC", () => {
  it("has USDC's EIP-712 domain and 6 decimals", async () => {
    const [, name, version, chainId, verifyingContract] = await clients.publicClient.readContract({
      address: chain.usdcAddress,
      abi: mockUsdcAbi,
      functionName: "eip712Domain",
    });
    expect({ name, version }).toEqual(MOCK_USDC_EIP712);
    expect(chainId).toBe(BigInt(BASE_CHAIN_ID));
    expect(verifyingContract.toLowerCase()).toBe(chain.usdcAddress);
    expect(await port.tokenDecimals(chain.usdcAddress)).toBe(6);
  });

  it("executes transferWithAuthorization in the v,r,s form, and marks the nonce used", async () => {
    const a = await authorization();
    const signature = await signAuthorization(payer, chain.usdcAddress, "TransferWithAuthorization", a);
    const before = await port.getBalances(payee.address);
    expect(await port.authorizationState(chain.usdcAddress, payer.address, a.nonce)).toBe(false);
    const hash = await clients.walletClient(relayer).writeContract({
      address: chain.usdcAddress,
      abi: mockUsdcAbi,
      functionName: "transferWithAuthorization",
      args: [...authorizationArgs(a), ...vrs(signature)],
    });
    expect(await port.waitForTransaction(hash)).toMatchObject({
      status: "success",
      from: relayer.address,
      transfers: [{ token: chain.usdcAddress, from: payer.address, to: payee.address, value: a.value }],
    });
    expect((await port.getBalances(payee.address)).token).toBe(before.token + a.value);
    expect(await port.authorizationState(chain.usdcAddress, payer.address, a.nonce)).toBe(true);
    // How it ended is read back from the token's events: the transaction that used it.
    expect(await port.authorizationUse(chain.usdcAddress, payer.address, a.nonce)).toEqual({
      status: "used",
      txHash: hash.toLowerCase(),
    });
    expect(await port.authorizationUse(chain.usdcAddress, payer.address, randomNonce())).toEqual({
      status: "unused",
    });
  });

  it("executes the bytes form, and reverts when the nonce is used again", async () => {
    const a = await authorization();
    const signature = await signAuthorization(payer, chain.usdcAddress, "TransferWithAuthorization", a);
    await transferWithSignature(a, signature);
    await expect(simulateTransfer(a, signature)).rejects.toThrow(/authorization is used or canceled/);
  });

  it("reverts an expired and a not-yet-valid authorization, and a signature by someone else", async () => {
    const now = await chainNow();
    const expired = await authorization({ validBefore: now - 1n });
    await expect(
      simulateTransfer(
        expired,
        await signAuthorization(payer, chain.usdcAddress, "TransferWithAuthorization", expired),
      ),
    ).rejects.toThrow(/authorization is expired/);
    const early = await authorization({ validAfter: now + 3_600n, validBefore: now + 7_200n });
    await expect(
      simulateTransfer(
        early,
        await signAuthorization(payer, chain.usdcAddress, "TransferWithAuthorization", early),
      ),
    ).rejects.toThrow(/authorization is not yet valid/);
    const forged = await authorization();
    await expect(
      simulateTransfer(
        forged,
        await signAuthorization(payee, chain.usdcAddress, "TransferWithAuthorization", forged),
      ),
    ).rejects.toThrow(/invalid signature/);
  });

  it("lets only the payee submit receiveWithAuthorization", async () => {
    const a = await authorization();
    const signature = await signAuthorization(payer, chain.usdcAddress, "ReceiveWithAuthorization", a);
    const receive = (submitter: LocalWallet) => ({
      account: privateKeyToAccount(submitter.privateKey),
      address: chain.usdcAddress,
      abi: mockUsdcAbi,
      functionName: "receiveWithAuthorization" as const,
      args: [...authorizationArgs(a), ...vrs(signature)] as const,
    });
    await expect(clients.publicClient.simulateContract(receive(relayer))).rejects.toThrow(
      /caller must be the payee/,
    );
    const hash = await clients.walletClient(payee).writeContract(receive(payee));
    expect((await port.waitForTransaction(hash)).status).toBe("success");
    expect(await port.authorizationState(chain.usdcAddress, payer.address, a.nonce)).toBe(true);
  });

  it("cancelAuthorization uses up the nonce, so a later transfer with it reverts", async () => {
    const a = await authorization();
    const transferSignature = await signAuthorization(
      payer,
      chain.usdcAddress,
      "TransferWithAuthorization",
      a,
    );
    const cancelSignature = await privateKeyToAccount(payer.privateKey).signTypedData({
      domain: { ...MOCK_USDC_EIP712, chainId: BASE_CHAIN_ID, verifyingContract: chain.usdcAddress },
      types: {
        CancelAuthorization: [
          { name: "authorizer", type: "address" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "CancelAuthorization",
      message: { authorizer: payer.address as Address, nonce: a.nonce },
    });
    const hash = await clients.walletClient(relayer).writeContract({
      address: chain.usdcAddress,
      abi: mockUsdcAbi,
      functionName: "cancelAuthorization",
      args: [payer.address, a.nonce, cancelSignature],
    });
    expect((await port.waitForTransaction(hash)).status).toBe("success");
    expect(await port.authorizationState(chain.usdcAddress, payer.address, a.nonce)).toBe(true);
    expect(await port.authorizationUse(chain.usdcAddress, payer.address, a.nonce)).toEqual({
      status: "canceled",
    });
    await expect(simulateTransfer(a, transferSignature)).rejects.toThrow(/authorization is used or canceled/);
  });
});
