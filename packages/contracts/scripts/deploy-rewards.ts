import type { Address, Hex } from "viem";
import { deployRewardContracts } from "../src/deploy-rewards.ts";

/**
 * `DEPLOY_RPC_URL=https://… DEPLOYER_PRIVATE_KEY=0x… REWARD_OPERATOR_ADDRESS=0x… pnpm --filter @tally/contracts deploy:rewards`
 * deploys the reward implementation and factory once per chain and prints the settings the API needs.
 */
const required = (name: string): string => {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
};

const rpcUrl = required("DEPLOY_RPC_URL");
const deployerPrivateKey = required("DEPLOYER_PRIVATE_KEY");
if (!/^0x[0-9a-fA-F]{64}$/.test(deployerPrivateKey)) {
  console.error("DEPLOYER_PRIVATE_KEY must be 0x followed by 64 hex digits");
  process.exit(1);
}
const owner = process.env.REWARD_OPERATOR_ADDRESS?.trim() || undefined;
if (owner !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(owner)) {
  console.error("REWARD_OPERATOR_ADDRESS must be an address (0x followed by 40 hex digits)");
  process.exit(1);
}

const deployed = await deployRewardContracts({
  rpcUrl,
  deployerPrivateKey: deployerPrivateKey as Hex,
  ...(owner ? { owner: owner as Address } : {}),
});
console.log(`# chain ${deployed.chainId}; the factory is owned by ${deployed.owner} (the reward operator)`);
console.log(`REWARD_IMPLEMENTATION_ADDRESS=${deployed.implementationAddress}`);
console.log(`REWARD_FACTORY_ADDRESS=${deployed.factoryAddress}`);
