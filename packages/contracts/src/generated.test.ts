import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileContracts, packageRoot } from "../scripts/compile.ts";
import { mockUsdcAbi, tallyRewardAbi, tallyRewardFactoryAbi, taskEscrowAbi } from "./index.ts";

// solc-js is a wasm build and can be slow on a cold, busy machine.
const SOLC_TIMEOUT_MS = 180_000;

describe("generated contract modules", () => {
  it(
    "match a fresh compile of contracts/*.sol (run build:contracts after editing a contract)",
    () => {
      const fresh = compileContracts();
      expect([...fresh.keys()]).toEqual([
        "src/generated/mock-usdc.ts",
        "src/generated/tally-reward.ts",
        "src/generated/tally-reward-factory.ts",
        "src/generated/task-escrow.ts",
      ]);
      for (const [path, text] of fresh) {
        expect(readFileSync(join(packageRoot, path), "utf8"), `${path} is stale`).toBe(text);
      }
    },
    SOLC_TIMEOUT_MS,
  );

  it("expose the Circle FiatTokenV2_2 EIP-3009 surface in both signature forms", () => {
    const signatures = functionSignatures(mockUsdcAbi);
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

interface AbiParameter {
  type: string;
  components?: readonly AbiParameter[];
}
type AbiEntry = { type: string; name?: string; inputs?: readonly AbiParameter[] };

const canonicalType = (parameter: AbiParameter): string =>
  parameter.type === "tuple"
    ? `(${(parameter.components ?? []).map(canonicalType).join(",")})`
    : parameter.type;

const functionSignatures = (abi: readonly AbiEntry[]): string[] =>
  abi
    .filter((entry) => entry.type === "function")
    .map((entry) => `${entry.name}(${(entry.inputs ?? []).map(canonicalType).join(",")})`);

describe("the reward contracts' ABI", () => {
  it("keeps the surface the rewards service calls", () => {
    const params = "(string,string,string,string,uint256,bool,address,address)";
    expect(functionSignatures(tallyRewardFactoryAbi)).toEqual(
      expect.arrayContaining([
        "implementation()",
        `deploy(bytes32,${params})`,
        "predictAddress(bytes32)",
        "owner()",
      ]),
    );
    expect(functionSignatures(tallyRewardAbi)).toEqual(
      expect.arrayContaining([
        `initialize(${params})`,
        "mint(address)",
        "batchMint(address[])",
        "mintedTokenOf(address)",
        "ownerOf(uint256)",
        "totalSupply()",
        "maxSupply()",
        "transferable()",
        "locked(uint256)",
        "tokenURI(uint256)",
        "contractURI()",
        "setBaseURI(string)",
        "setContractURI(string)",
        "hasRole(bytes32,address)",
        "MINTER_ROLE()",
      ]),
    );
  });
});

describe("the task escrow's ABI", () => {
  it("keeps the surface the task pool service calls", () => {
    expect(functionSignatures(taskEscrowAbi)).toEqual(
      expect.arrayContaining([
        "registerPool(bytes32)",
        "setVerifiers(bytes32,address[],uint8)",
        "deposit(bytes32,uint256)",
        "withdrawPool(bytes32,address,uint256)",
        "createTask(bytes32,bytes32,uint256,uint64,uint8)",
        "cancelTask(bytes32)",
        "submit(bytes32,address,bytes32)",
        "resolve(bytes32,bool)",
        "resolveWithSignatures(bytes32,bool,uint64,bytes[])",
        "expire(bytes32)",
        "withdraw()",
        "withdrawFor(address)",
        "getTask(bytes32)",
        "poolBalance(bytes32)",
        "poolRegistered(bytes32)",
        "verifiersOf(bytes32)",
        "claimable(address)",
        "totalPooled()",
        "totalEscrowed()",
        "totalClaimable()",
        "GRACE()",
        "setOperator(address)",
        "setAttester(address)",
        "setEvaluator(address)",
      ]),
    );
  });
});
