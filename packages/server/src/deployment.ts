import { type Config, ConfigError, type OptInLocalAdapter, optInLocalAdapters } from "@tally/config";
import type { ProvidersDescription } from "@tally/providers";
import type { DeploymentFacts, PlainRoute } from "@tally/trpc";

/**
 * What a deployment allows, decided here and nowhere else. A `live` deployment refuses every local
 * adapter and sandbox that would fake money or a delivery: the money ports throw at boot inside the
 * providers, and email, shipping, chat, the storefront and the llm are refused here unless `LOCAL_ADAPTERS_ALLOWED` names them.
 * It starts no local chain and mounts no test-only route. A `test` deployment mounts the sandbox
 * helpers its local adapters offer.
 */
export interface DeploymentRules {
  live: boolean;
  /** Passed to the providers: refuse the local adapters and the card sandbox. */
  refusesLocalAdapters: boolean;
  /** Start an embedded anvil when no chain is configured or given. */
  startsLocalChain: boolean;
  mounts(route: PlainRoute): boolean;
  /** Throws a `ConfigError` naming each refused local adapter and `LOCAL_ADAPTERS_ALLOWED`. */
  assertAdaptersAllowed(adapters: ProvidersDescription): void;
}

/** The settings that select the real adapter of each opt-in port, and what its local one fakes. */
const realAdapterSettings: Record<OptInLocalAdapter, { variable: string; local: string }> = {
  email: { variable: "SMTP_URL", local: "the local email adapter delivers nothing (outbox table only)" },
  shipping: {
    variable: "SHIPPING_API_KEY",
    local: "the local shipping adapter buys no labels (its tracking numbers are invented)",
  },
  chat: {
    variable: "CHAT_API_URL and CHAT_API_KEY",
    local: "the local chat adapter reaches no chat provider",
  },
  storefront: {
    variable: "STOREFRONT_ADAPTER",
    local: "set it to admin-api: the local storefront adapter imports fixture products, not the shop's",
  },
  llm: {
    variable: "LLM_BASE_URL and LLM_MODEL",
    local: "the local llm adapter judges task submissions by matching words, not with a model",
  },
};

export const deploymentRules = (config: Config): DeploymentRules => {
  const live = config.DEPLOYMENT_ENV === "live";
  return {
    live,
    refusesLocalAdapters: live,
    startsLocalChain: !live && !config.BASE_RPC_URL,
    mounts: (route) => !route.testOnly || config.DEPLOYMENT_ENV === "test",
    assertAdaptersAllowed: (adapters) => {
      if (!live) return;
      const refused = optInLocalAdapters.filter(
        (port) => adapters[port] === "local" && !config.LOCAL_ADAPTERS_ALLOWED.includes(port),
      );
      if (refused.length === 0) return;
      const optIn = `LOCAL_ADAPTERS_ALLOWED=${[...config.LOCAL_ADAPTERS_ALLOWED, ...refused].join(",")}`;
      throw new ConfigError(
        refused.map((port) => ({
          variable: realAdapterSettings[port].variable,
          expected: `required in a live deployment: ${realAdapterSettings[port].local}. To run the local ${port} adapter anyway, name it: ${optIn}`,
        })),
      );
    },
  };
};

/** A port's adapter, for the boot message: simulated in this process, switched off, or a real service. */
const kindOf = (adapter: string): "local" | "off" | "real" =>
  adapter === "local" || adapter === "sandbox" ? "local" : adapter === "unavailable" ? "off" : "real";

/**
 * One line for the boot message: which adapters are real (and which service) and which local, the
 * opt-in ones marked, e.g. `Adapters: real email (smtp), ...; local chat (LOCAL_ADAPTERS_ALLOWED), ...`.
 */
export const describeAdapters = (config: Config, adapters: ProvidersDescription): string => {
  const entries = (Object.entries(adapters) as [keyof ProvidersDescription, string][]).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const of = (kind: ReturnType<typeof kindOf>) => entries.filter(([, adapter]) => kindOf(adapter) === kind);
  const allowed = (port: string) =>
    config.DEPLOYMENT_ENV === "live" && (config.LOCAL_ADAPTERS_ALLOWED as string[]).includes(port)
      ? " (LOCAL_ADAPTERS_ALLOWED)"
      : "";
  const parts = [
    `real ${
      of("real")
        .map(([port, adapter]) => `${port} (${adapter})`)
        .join(", ") || "none"
    }`,
    `local ${
      of("local")
        .map(([port]) => `${port}${allowed(port)}`)
        .join(", ") || "none"
    }`,
    ...(of("off").length > 0
      ? [
          `unavailable ${of("off")
            .map(([port]) => port)
            .join(", ")}`,
        ]
      : []),
  ];
  return `Adapters: ${parts.join("; ")}`;
};

/** The facts a domain may read: the environment, and the local chain when the runtime runs on one. */
export const deploymentFacts = (
  config: Config,
  localChain: DeploymentFacts["localChain"],
): DeploymentFacts => ({
  env: config.DEPLOYMENT_ENV,
  localChain: config.BASE_RPC_URL ? undefined : localChain,
});
