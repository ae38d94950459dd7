import { MOCK_USDC_EIP712 } from "@tally/contracts";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { LocalWallet } from "./local-chain.ts";
import { BASE_CHAIN_ID } from "./port.ts";
import { rpcChain, rpcTransport } from "./rpc.ts";

/** Raw viem clients on a local chain, for what the port deliberately cannot do (revert on purpose, mine). */
export const localClients = (rpcUrl: string) => {
  const options = {
    chain: rpcChain({ chainId: BASE_CHAIN_ID, rpcUrl, name: "test" }),
    transport: rpcTransport(rpcUrl),
    cacheTime: 0,
    pollingInterval: 20,
  };
  return {
    publicClient: createPublicClient(options),
    testClient: createTestClient({ ...options, mode: "anvil" }),
    walletClient: (wallet: LocalWallet) =>
      createWalletClient({ ...options, account: privateKeyToAccount(wallet.privateKey) }),
  };
};

export const randomNonce = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));

// A type alias, not an interface: viem's typed-data message wants an index signature.
export type TransferAuthorization = {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
};

const authorizationFields = [
  { name: "from", type: "address" },
  { name: "to", type: "address" },
  { name: "value", type: "uint256" },
  { name: "validAfter", type: "uint256" },
  { name: "validBefore", type: "uint256" },
  { name: "nonce", type: "bytes32" },
] as const;

/** An EIP-3009 authorization signed by `payer` over MockUSDC's (= USDC's) EIP-712 domain. */
export const signAuthorization = (
  payer: LocalWallet,
  usdcAddress: Address,
  primaryType: "TransferWithAuthorization" | "ReceiveWithAuthorization",
  message: TransferAuthorization,
): Promise<Hex> =>
  privateKeyToAccount(payer.privateKey).signTypedData({
    domain: { ...MOCK_USDC_EIP712, chainId: BASE_CHAIN_ID, verifyingContract: usdcAddress },
    types: { [primaryType]: authorizationFields },
    primaryType,
    message,
  });
