import type { LocalWallet } from "@tally/providers";
import { localClients } from "@tally/providers/test-support";
import {
  ETH,
  expectError,
  nativeBalance,
  randomAddress,
  USDC,
  usdcBalance,
  useHarness,
} from "@tally/testing";
import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";

const h = useHarness();

const publicClient = () => localClients(h.chain.rpcUrl).publicClient;

describe("chain test helpers", () => {
  it("GET /test-helpers/chain describes the local chain and its funded wallets", async () => {
    const response = await h.request<{
      rpcUrl: string;
      chainId: number;
      usdc: string;
      fundedWallets: LocalWallet[];
    }>("GET", "/api/v1/test-helpers/chain");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ rpcUrl: h.chain.rpcUrl, chainId: 8453, usdc: h.chain.usdcAddress });
    expect(response.body.fundedWallets.length).toBeGreaterThan(0);
    for (const wallet of response.body.fundedWallets) {
      expect(Object.keys(wallet).sort()).toEqual(["address", "privateKey"]);
      expect(privateKeyToAddress(wallet.privateKey).toLowerCase()).toBe(wallet.address.toLowerCase());
      expect(await usdcBalance(h, wallet.address)).toBeGreaterThan(0n);
      expect(await nativeBalance(h, wallet.address)).toBeGreaterThan(0n);
    }
    expect(await publicClient().getChainId()).toBe(8453);
    const paths = (h.runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/test-helpers/chain", "/test-helpers/chain/faucet"]),
    );
  });

  it("POST /test-helpers/chain/faucet moves balances exactly; bad input is 422", async () => {
    const address = randomAddress();
    const faucet = (body: unknown) =>
      h.request<{ address: string; usdc: string; native: string }>(
        "POST",
        "/api/v1/test-helpers/chain/faucet",
        {
          body,
        },
      );
    const first = await faucet({ address, amount: "12.5" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ address, usdc: "12500000", native: ETH.toString() });
    expect(await usdcBalance(h, address)).toBe(12_500_000n);
    expect(await nativeBalance(h, address)).toBe(ETH);

    const second = await faucet({ address: address.toUpperCase().replace("0X", "0x"), amount: "0.000001" });
    expect(second.status, second.text).toBe(200);
    expect(await usdcBalance(h, address)).toBe(12_500_001n);
    expect(await nativeBalance(h, address)).toBe(2n * ETH);

    const byDefault = randomAddress();
    const defaulted = await faucet({ address: byDefault });
    expect(defaulted.body).toMatchObject({ usdc: "1000000000" });
    expect(await usdcBalance(h, byDefault)).toBe(1_000n * USDC);

    for (const body of [
      { address: "0x1234", amount: "1" },
      { address: "not an address" },
      {},
      { address, amount: "1.1234567" },
      { address, amount: "-1" },
      { address, amount: "2000000" },
      { address, amount: "1", extra: true },
    ]) {
      const response = await faucet(body);
      expectError(response, 422, "validation_failed");
    }
    expect(await usdcBalance(h, address)).toBe(12_500_001n);
    expect(await nativeBalance(h, address)).toBe(2n * ETH);
  });
});
