import { randomBytes } from "node:crypto";
import { type Hex, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { LOCAL_TASK_ESCROW_KEYS } from "./local.ts";
import { recoverResolutionSigner, verifyOracleResolution } from "./oracle.ts";
import { signConsensusResolution, signOracleResolution } from "./test-support.ts";

const contracts = {
  escrowAddress: "0x00000000000000000000000000000000000000e5",
  oracleAddress: privateKeyToAccount(LOCAL_TASK_ESCROW_KEYS.oracle).address.toLowerCase() as Hex,
} as const;
const chainId = 8453;
const resolution = { taskId: toHex(randomBytes(32)), approved: true, timestamp: 1_800_000_000n };

describe("an Oracle callback's resolverSignature", () => {
  it("is the oracle's EIP-712 Resolution signature: accepted, also with a checksummed oracle address", async () => {
    const signature = await signOracleResolution({ contracts, chainId, resolution });
    expect(await verifyOracleResolution({ contracts, chainId, resolution, signature })).toBe(true);
    const checksummed = privateKeyToAccount(LOCAL_TASK_ESCROW_KEYS.oracle).address;
    expect(
      await verifyOracleResolution({
        contracts: { ...contracts, oracleAddress: checksummed },
        chainId,
        resolution,
        signature,
      }),
    ).toBe(true);
  });

  it("is refused when another key signed it, or any signed field, the escrow or the chain differs", async () => {
    const signature = await signOracleResolution({ contracts, chainId, resolution });
    const other = await signOracleResolution({
      contracts,
      chainId,
      resolution,
      privateKey: generatePrivateKey(),
    });
    expect(await verifyOracleResolution({ contracts, chainId, resolution, signature: other })).toBe(false);
    for (const changed of [
      { ...resolution, approved: false },
      { ...resolution, timestamp: resolution.timestamp + 1n },
      { ...resolution, taskId: toHex(randomBytes(32)) },
    ])
      expect(await verifyOracleResolution({ contracts, chainId, resolution: changed, signature })).toBe(
        false,
      );
    expect(
      await verifyOracleResolution({
        contracts: { ...contracts, escrowAddress: "0x00000000000000000000000000000000000000e6" },
        chainId,
        resolution,
        signature,
      }),
    ).toBe(false);
    expect(await verifyOracleResolution({ contracts, chainId: 84532, resolution, signature })).toBe(false);
  });

  it("is refused, not thrown, when it is not a signature at all", async () => {
    for (const signature of ["0x", "0x1234", `0x${"ff".repeat(65)}`] as Hex[])
      expect(await verifyOracleResolution({ contracts, chainId, resolution, signature })).toBe(false);
  });
});

describe("a Consensus verifier's Resolution signature", () => {
  it("recovers its signer (lowercase), another signer for another verdict, and null for no signature", async () => {
    const keys = [generatePrivateKey(), generatePrivateKey()];
    const signatures = await signConsensusResolution({
      contracts,
      chainId,
      resolution,
      verifierPrivateKeys: keys,
    });
    const signers = await Promise.all(
      signatures.map((signature) => recoverResolutionSigner({ contracts, chainId, resolution, signature })),
    );
    expect(signers).toEqual(keys.map((key) => privateKeyToAccount(key).address.toLowerCase()));
    const rejection = { ...resolution, approved: false };
    expect(
      await recoverResolutionSigner({ contracts, chainId, resolution: rejection, signature: signatures[0]! }),
    ).not.toBe(signers[0]);
    expect(
      await recoverResolutionSigner({ contracts, chainId, resolution, signature: `0x${"ff".repeat(65)}` }),
    ).toBeNull();
  });
});
