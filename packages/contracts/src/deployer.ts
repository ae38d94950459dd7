import { type Address, createPublicClient, createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** A one-off deployment on the chain behind `rpcUrl`: its id, the deployer's address and a deploy-and-wait. */
export const deployerOn = async (rpcUrl: string, deployerPrivateKey: Hex) => {
  const transport = http(rpcUrl, { timeout: 30_000, retryCount: 1 });
  const chainId = await createPublicClient({ transport }).getChainId();
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(deployerPrivateKey) });
  /** The mined contract's lowercase address; a reverted deployment throws. */
  const deployed = async (hash: Hex): Promise<Address> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 180_000 });
    if (receipt.status !== "success" || !receipt.contractAddress)
      throw new Error(`deployment transaction ${hash} reverted`);
    return receipt.contractAddress.toLowerCase() as Address;
  };
  return { chainId, address: wallet.account.address.toLowerCase() as Address, wallet, deployed };
};
