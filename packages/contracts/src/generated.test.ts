import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileContracts, packageRoot } from "../scripts/compile.ts";
import { mockUsdcAbi } from "./index.ts";

// solc-js is a wasm build and can be slow on a cold, busy machine.
const SOLC_TIMEOUT_MS = 180_000;

describe("generated contract modules", () => {
  it(
    "match a fresh compile of contracts/*.sol (run build:contracts after editing a contract)",
    () => {
      const fresh = compileContracts();
      expect([...fresh.keys()]).toEqual(["src/generated/mock-usdc.ts"]);
      for (const [path, text] of fresh) {
        expect(readFileSync(join(packageRoot, path), "utf8"), `${path} is stale`).toBe(text);
      }
    },
    SOLC_TIMEOUT_MS,
  );

  it("expose the Circle FiatTokenV2_2 EIP-3009 surface in both signature forms", () => {
    const entries: readonly { type: string; name?: string; inputs?: readonly { type: string }[] }[] =
      mockUsdcAbi;
    const signatures = entries
      .filter((entry) => entry.type === "function")
      .map((entry) => `${entry.name}(${(entry.inputs ?? []).map((input) => input.type).join(",")})`);
    const authorization = "address,address,uint256,uint256,uint256,bytes32";
    expect(signatures).toEqual(
      expect.arrayContaining([
        `transferWithAuthorization(${authorization},uint8,bytes32,bytes32)`,
        `transferWithAuthorization(${authorization},bytes)`,
        `receiveWithAuthorization(${authorization},uint8,bytes32,bytes32)`,
        `receiveWithAuthorization(${authorization},bytes)`,
        "cancelAuthorization(address,bytes32,uint8,bytes32,bytes32)",
        "cancelAuthorization(address,bytes32,bytes)",
        "authorizationState(address,bytes32)",
        "DOMAIN_SEPARATOR()",
        "mint(address,uint256)",
      ]),
    );
  });
});
