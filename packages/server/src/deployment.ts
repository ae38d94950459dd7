import type { Config } from "@tally/config";
import type { DeploymentFacts, PlainRoute } from "@tally/trpc";

/**
 * What a deployment allows, decided here and nowhere else. A `live` deployment refuses every local
 * adapter and sandbox (the providers throw at boot instead of simulating money), starts no local
 * chain and mounts no test-only route. A `test` deployment mounts the sandbox helpers its local
 * adapters offer.
 */
export interface DeploymentRules {
  live: boolean;
  /** Passed to the providers: refuse the local adapters and the card sandbox. */
  refusesLocalAdapters: boolean;
  /** Start an embedded anvil when no chain is configured or given. */
  startsLocalChain: boolean;
  mounts(route: PlainRoute): boolean;
}

export const deploymentRules = (config: Config): DeploymentRules => {
  const live = config.DEPLOYMENT_ENV === "live";
  return {
    live,
    refusesLocalAdapters: live,
    startsLocalChain: !live && !config.BASE_RPC_URL,
    mounts: (route) => !route.testOnly || config.DEPLOYMENT_ENV === "test",
  };
};

/** The facts a domain may read: the environment, and the local chain when the runtime runs on one. */
export const deploymentFacts = (
  config: Config,
  localChain: DeploymentFacts["localChain"],
): DeploymentFacts => ({
  env: config.DEPLOYMENT_ENV,
  localChain: config.BASE_RPC_URL ? undefined : localChain,
});
