import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mockUsdcAbi } from "@tally/contracts";
import { type Address, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import { type LocalChain, type LocalWallet, startLocalChain } from "./local-chain.ts";
import { BASE_CHAIN_ID, ChainError, type ChainPort } from "./port.ts";
import { localClients } from "./test-support.ts";
import { createViemChain } from "./viem-chain.ts";

const usdc = (whole: number) => BigInt(whole * 1_000_000);
const randomAddress = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;

let stateDir: string;
let chain: LocalChain;
let port: ChainPort;
let clients: ReturnType<typeof localClients>;

const demoWallet = (index: number): LocalWallet => {
  const wallet = chain.fundedWallets[index];
  if (!wallet) throw new Error(`no demo wallet ${index}`);
  return wallet;
};

const openPort = (localChain: LocalChain) =>
  createViemChain({ adapter: "local", rpcUrl: localChain.rpcUrl, usdcAddress: localChain.usdcAddress });

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), "tally-chain-"));
  chain = await startLocalChain({ stateDir, stateIntervalSeconds: 1, logger: recordingLogger() });
  port = openPort(chain);
  clients = localClients(chain.rpcUrl);
});

afterAll(async () => {
  await chain?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

describe("startLocalChain", () => {
  it("runs chain id 8453 with MockUSDC and three funded demo wallets", async () => {
    expect(chain.chainId).toBe(BASE_CHAIN_ID);
    expect(await clients.publicClient.getChainId()).toBe(BASE_CHAIN_ID);
    expect(chain.usdcAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(port.usdcAddress).toBe(chain.usdcAddress);
    expect(await port.tokenDecimals(chain.usdcAddress)).toBe(6);

    const addresses = chain.fundedWallets.map((wallet) => wallet.address);
    expect(new Set(addresses).size).toBe(3);
    expect(addresses).not.toContain(chain.facilitatorAccount.address);
    for (const wallet of chain.fundedWallets) {
      expect(wallet.address).toBe(privateKeyToAddress(wallet.privateKey).toLowerCase());
      expect(await port.getBalances(wallet.address)).toEqual({
        native: parseEther("100"),
        token: usdc(10_000),
      });
    }
    expect(await port.getBalances(chain.facilitatorAccount.address)).toEqual({
      native: parseEther("100"),
      token: 0n,
    });
  });

  it("faucet mints USDC and adds to the native balance, also when called concurrently", async () => {
    const address = randomAddress();
    await Promise.all([
      chain.faucet(address, { usdc: usdc(5), native: parseEther("1") }),
      chain.faucet(address, { usdc: usdc(5), native: parseEther("1") }),
    ]);
    expect(await port.getBalances(address)).toEqual({ native: parseEther("2"), token: usdc(10) });
    expect(await port.getBalances(address, chain.usdcAddress)).toEqual(await port.getBalances(address));
  });
});

describe("createViemChain on the local chain", () => {
  it("sends a token transfer and reads it back with its Transfer log and confirmations", async () => {
    const [payer, payee] = [demoWallet(0), demoWallet(1)];
    const before = await port.getBalances(payee.address);
    const { txHash } = await port.sendToken({
      privateKey: payer.privateKey,
      token: chain.usdcAddress,
      to: payee.address,
      amount: 1_500_000n,
    });
    const mined = await port.waitForTransaction(txHash);
    expect(mined).toMatchObject({
      status: "success",
      confirmations: 1,
      chainId: BASE_CHAIN_ID,
      from: payer.address,
      to: chain.usdcAddress,
      transfers: [
        { token: chain.usdcAddress, from: payer.address, to: payee.address, value: 1_500_000n, logIndex: 0 },
      ],
    });
    await clients.testClient.mine({ blocks: 1 });
    expect(await port.getTransaction(txHash)).toMatchObject({ status: "success", confirmations: 2 });
    expect((await port.getBalances(payee.address)).token).toBe(before.token + 1_500_000n);
  });

  it("serializes concurrent sends from one wallet so each gets its own nonce", async () => {
    const payer = demoWallet(0);
    const to = randomAddress();
    const sends = await Promise.all(
      [1n, 2n, 3n].map((amount) =>
        port.sendToken({ privateKey: payer.privateKey, token: chain.usdcAddress, to, amount }),
      ),
    );
    const results = await Promise.all(sends.map(({ txHash }) => port.waitForTransaction(txHash)));
    expect(results.map((result) => result.status)).toEqual(["success", "success", "success"]);
    expect((await port.getBalances(to)).token).toBe(6n);
  });

  it("refuses a transfer the token would revert, and one the sender cannot pay gas for", async () => {
    const payer = demoWallet(0);
    const refused = port.sendToken({
      privateKey: payer.privateKey,
      token: chain.usdcAddress,
      to: randomAddress(),
      amount: usdc(1_000_000),
    });
    await expect(refused).rejects.toBeInstanceOf(ChainError);
    await expect(refused).rejects.toMatchObject({ reason: "rejected" });

    const gasless = generatePrivateKey();
    await chain.faucet(privateKeyToAddress(gasless), { usdc: usdc(1) });
    await expect(
      port.sendToken({ privateKey: gasless, token: chain.usdcAddress, to: randomAddress(), amount: 1n }),
    ).rejects.toMatchObject({ reason: "insufficient_gas" });
  });

  it("reads a mined revert as reverted, an unmined transaction as pending and an unknown hash as not_found", async () => {
    const payer = demoWallet(0);
    // A fixed gas limit skips estimation, so the node mines the failing transfer.
    const hash = await clients.walletClient(payer).writeContract({
      address: chain.usdcAddress,
      abi: mockUsdcAbi,
      functionName: "transfer",
      args: [randomAddress(), usdc(1_000_000)],
      gas: 100_000n,
    });
    expect(await port.waitForTransaction(hash)).toMatchObject({
      status: "reverted",
      confirmations: 1,
      chainId: BASE_CHAIN_ID,
      from: payer.address,
    });

    await clients.testClient.setAutomine(false);
    try {
      const { txHash } = await port.sendToken({
        privateKey: payer.privateKey,
        token: chain.usdcAddress,
        to: randomAddress(),
        amount: 1n,
      });
      expect(await port.getTransaction(txHash)).toEqual({ status: "pending" });
      expect(await port.waitForTransaction(txHash, { timeoutMs: 300 })).toEqual({ status: "pending" });
      await clients.testClient.mine({ blocks: 1 });
      expect((await port.waitForTransaction(txHash)).status).toBe("success");
    } finally {
      await clients.testClient.setAutomine(true);
    }

    const unknown: Hex = `0x${"ab".repeat(32)}`;
    expect(await port.getTransaction(unknown)).toEqual({ status: "not_found" });
  });

  it("answers not_a_token for an address without a token, and authorizationState for a fresh nonce", async () => {
    await expect(port.tokenDecimals(randomAddress())).rejects.toMatchObject({ reason: "not_a_token" });
    await expect(port.getBalances(randomAddress(), randomAddress())).rejects.toMatchObject({
      reason: "not_a_token",
    });
    expect(await port.authorizationState(chain.usdcAddress, randomAddress(), `0x${"00".repeat(32)}`)).toBe(
      false,
    );
  });

  it("restarts from its state dir with the same token and balances; stop ends anvil", async () => {
    const payer = demoWallet(0);
    const before = await port.getBalances(payer.address);
    const deployment = JSON.parse(await readFile(join(stateDir, "deployment.json"), "utf8"));
    expect(deployment).toEqual({ usdcAddress: chain.usdcAddress, deployer: expect.any(String) });

    await chain.stop();
    await expect(port.getBalances(payer.address)).rejects.toMatchObject({ reason: "unavailable" });

    const usdcAddress = chain.usdcAddress;
    chain = await startLocalChain({ stateDir, logger: recordingLogger() });
    port = openPort(chain);
    expect(chain.usdcAddress).toBe(usdcAddress);
    expect(await port.getBalances(payer.address)).toEqual(before);
  });
});
