/** The bench's settings (environment) and the names shared by its modules; see run.ts. */
import { resolve } from "node:path";

export type DbKind = "postgres" | "pglite";
export type ScenarioName =
  | "full"
  | "bare"
  | "bare-tenant"
  | "full-baseline"
  | "list-full"
  | "list-bare"
  | "one-full"
  | "one-bare";

/** The storefront's scenarios. */
export const storefrontScenarios: readonly ScenarioName[] = [
  "list-full",
  "list-bare",
  "one-full",
  "one-bare",
];

/**
 * Their bare twins run on PostgreSQL only: an embedded PGlite data directory belongs to one process,
 * so the bare server's holds no catalogue. On PGlite the full routes are measured without a ratio.
 */
export const bareStorefrontScenarios: readonly ScenarioName[] = ["list-bare", "one-bare"];

/** Each scenario's ratio is taken to this bare scenario. */
export const bareOf: Record<ScenarioName, ScenarioName> = {
  full: "bare",
  bare: "bare",
  "bare-tenant": "bare",
  "full-baseline": "bare",
  "list-full": "list-bare",
  "list-bare": "list-bare",
  "one-full": "one-bare",
  "one-bare": "one-bare",
};

const env = process.env;
export const settings = {
  dbs: (env.BENCH_DBS ?? "postgres,pglite").split(",").map((s) => s.trim()) as DbKind[],
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  pgDatabase: "tally_bench",
  scenarios: (
    env.BENCH_SCENARIOS ?? "full,bare,bare-tenant,full-baseline,list-full,list-bare,one-full,one-bare"
  )
    .split(",")
    .map((s) => s.trim()) as ScenarioName[],
  connections: Number(env.BENCH_CONNECTIONS ?? 10),
  storefrontConnections: Number(env.BENCH_STOREFRONT_CONNECTIONS ?? 50),
  storefrontProducts: Number(env.BENCH_STOREFRONT_PRODUCTS ?? 50),
  durationSeconds: Number(env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 3),
  keys: Number(env.BENCH_KEYS ?? 50),
  rounds: Number(env.BENCH_ROUNDS ?? 1),
  maxLoad: Number(env.BENCH_MAX_LOAD ?? 1.0),
  quietWaitSeconds: Number(env.BENCH_QUIET_WAIT ?? 60),
  baselineTree: env.BENCH_BASELINE_TREE ? resolve(env.BENCH_BASELINE_TREE) : undefined,
  cpuProfDir: env.BENCH_CPU_PROF ? resolve(env.BENCH_CPU_PROF) : undefined,
};

/** Connections for a scenario: the storefront's are measured at BENCH_STOREFRONT_CONNECTIONS. */
export const connectionsOf = (scenario: ScenarioName): number =>
  storefrontScenarios.includes(scenario) ? settings.storefrontConnections : settings.connections;
