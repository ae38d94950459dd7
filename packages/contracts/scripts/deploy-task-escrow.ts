import type { Address, Hex } from "viem";
import { deployTaskEscrowContract } from "../src/deploy-task-escrow.ts";

/**
 * `DEPLOY_RPC_URL=https://… DEPLOYER_PRIVATE_KEY=0x… TASK_TOKEN_ADDRESS=0x… TASK_OPERATOR_ADDRESS=0x…
 * TASK_ATTESTER_ADDRESS=0x… TASK_EVALUATOR_ADDRESS=0x… [TASK_ESCROW_OWNER_ADDRESS=0x…]
 * pnpm --filter @tally/contracts deploy:task-escrow` deploys the TaskEscrow once per chain and prints the
 * setting the API needs.
 */
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
const setting = (name: string, pattern: RegExp, shape: string, optional = false): string | undefined => {
  const value = process.env[name]?.trim() || undefined;
  if (value === undefined) return optional ? undefined : fail(`${name} is required`);
  return pattern.test(value) ? value : fail(`${name} must be ${shape}`);
};
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const address = (name: string) =>
  setting(name, ADDRESS, "an address (0x followed by 40 hex digits)") as Address;

const rpcUrl = setting("DEPLOY_RPC_URL", /^https?:\/\//, "an http(s) URL") as string;
const deployerPrivateKey = setting(
  "DEPLOYER_PRIVATE_KEY",
  /^0x[0-9a-fA-F]{64}$/,
  "0x followed by 64 hex digits",
);
const owner = setting(
  "TASK_ESCROW_OWNER_ADDRESS",
  ADDRESS,
  "an address (0x followed by 40 hex digits)",
  true,
);

const deployed = await deployTaskEscrowContract({
  rpcUrl,
  deployerPrivateKey: deployerPrivateKey as Hex,
  tokenAddress: address("TASK_TOKEN_ADDRESS"),
  operator: address("TASK_OPERATOR_ADDRESS"),
  attester: address("TASK_ATTESTER_ADDRESS"),
  evaluator: address("TASK_EVALUATOR_ADDRESS"),
  ...(owner ? { owner: owner as Address } : {}),
});
console.log(
  `# chain ${deployed.chainId}; the escrow is owned by ${deployed.owner} (it rotates the role holders)`,
);
console.log(`TASK_ESCROW_ADDRESS=${deployed.escrowAddress}`);
