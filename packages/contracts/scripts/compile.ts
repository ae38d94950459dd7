import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import solc from "solc";

/** Absolute path of packages/contracts; generated file paths are relative to it. */
export const packageRoot = fileURLToPath(new URL("..", import.meta.url));

const CONTRACTS_DIR = "contracts";
const GENERATED_DIR = "src/generated";
const require = createRequire(import.meta.url);

interface SolcContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

/**
 * Compiles every contracts/*.sol and renders one TypeScript module per deployable contract.
 * Returns generated path (relative to the package) -> file text; pure, so the staleness test can reuse it.
 */
export function compileContracts(): Map<string, string> {
  const sourcePaths = readdirSync(new URL(`../${CONTRACTS_DIR}/`, import.meta.url))
    .filter((file) => file.endsWith(".sol"))
    .sort()
    .map((file) => `${CONTRACTS_DIR}/${file}`);
  const sources = Object.fromEntries(
    sourcePaths.map((path) => [
      path,
      { content: readFileSync(new URL(`../${path}`, import.meta.url), "utf8") },
    ]),
  );
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output: SolcOutput = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport }));

  // Warnings fail the build too: a clean compile is cheap to keep and nothing gets silently ignored.
  const problems = (output.errors ?? []).filter((error) => error.severity !== "info");
  if (problems.length > 0) {
    throw new Error(`solc failed:\n${problems.map((error) => error.formattedMessage).join("\n")}`);
  }

  const generated = new Map<string, string>();
  for (const sourcePath of sourcePaths) {
    for (const [contractName, contract] of Object.entries(output.contracts?.[sourcePath] ?? {})) {
      if (contract.evm.bytecode.object === "") continue; // abstract contracts and interfaces
      generated.set(
        `${GENERATED_DIR}/${kebabCase(contractName)}.ts`,
        renderModule(sourcePath, camelCase(contractName), contract),
      );
    }
  }
  if (generated.size === 0) throw new Error(`no deployable contracts found in ${CONTRACTS_DIR}/`);
  return generated;
}

/** solc import callback: `@openzeppelin/contracts/...` and any other package path, from node_modules. */
function resolveImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch {
    return { error: `cannot resolve import ${path} from node_modules` };
  }
}

function renderModule(sourcePath: string, prefix: string, contract: SolcContract): string {
  return [
    `// Generated from ${sourcePath} by \`pnpm --filter @tally/contracts build:contracts\`. Do not edit.`,
    "",
    `export const ${prefix}Abi = ${toTsLiteral(contract.abi, "")} as const;`,
    "",
    `export const ${prefix}Bytecode =`,
    `  "0x${contract.evm.bytecode.object}" as const;`,
    "",
  ].join("\n");
}

/** Fully expanded literal (one property per line, trailing commas): exactly what Biome leaves untouched. */
function toTsLiteral(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${toTsLiteral(item, inner)},\n`).join("")}${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const lines = entries.map(([key, item]) => `${inner}${key}: ${toTsLiteral(item, inner)},\n`);
    return `{\n${lines.join("")}${indent}}`;
  }
  return JSON.stringify(value);
}

/** "MockUSDC" -> ["Mock", "USDC"]: acronyms stay one word. */
function words(name: string): string[] {
  return name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [name];
}

function kebabCase(name: string): string {
  return words(name)
    .map((word) => word.toLowerCase())
    .join("-");
}

function camelCase(name: string): string {
  return words(name)
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join("");
}
