/** The run's Markdown report. */
import type { LoadResult } from "./load.ts";
import type { machine } from "./processes.ts";
import { bareOf, type DbKind, type ScenarioName, settings } from "./settings.ts";

export interface ScenarioRun {
  db: DbKind;
  scenario: ScenarioName;
  round: number;
  uptimeBefore: string;
  load1Before: number;
  waitedSeconds: number;
  /** Server process CPU (user + system) per request, in microseconds. */
  serverCpuUsPerRequest: number;
  /** CPU of all postgres processes per request, in microseconds (PostgreSQL only; shared server). */
  postgresCpuUsPerRequest: number | undefined;
  result: LoadResult;
}

export interface LimiterEvidence {
  keysWithBucket: number;
  keys: number;
  quotaCallsCounted: number;
  throttled429: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What one database's run leaves besides its scenario runs. */
export interface DatabaseResult {
  version: string;
  /** By the scenarios that shared an organization (its limiter buckets and quota counter). */
  evidence: Record<string, LimiterEvidence>;
}

export const report = (
  info: ReturnType<typeof machine>,
  runs: ScenarioRun[],
  databases: Partial<Record<DbKind, DatabaseResult>>,
): string => {
  const lines: string[] = [];
  lines.push(
    `Machine: ${info.nproc} cores (${info.cpuModel}), Node ${info.node}; ${info.date}`,
    `Settings: ${settings.connections} connections (storefront scenarios: ${settings.storefrontConnections}), ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per scenario, ${settings.rounds} round(s), ${settings.keys} keys round-robin; server on core 1, autocannon on core 0`,
    "",
    "| database | route | req/s | p50 ms | p99 ms | ÷ bare req/s | ÷ bare, same round: median (min–max) | server CPU µs/req | postgres CPU µs/req | non-2xx | load avg (1 min) before each round |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  );
  const labels: Record<ScenarioName, string> = {
    full: "full REST (auth, rate limit, quota, tenant tx, zod)",
    "list-full": "storefront list, full REST (`/creator/{slug}/products?limit=20`)",
    "list-bare": "storefront list, bare Hono, same statement, same bytes",
    "one-full": "storefront product, full REST (`/creator/{slug}/product/{productSlug}`, 50 rotating)",
    "one-bare": "storefront product, bare Hono, same statement, same bytes",
    "full-baseline": "full REST, baseline tree (before)",
    bare: "bare Hono, same read, no auth",
    "bare-tenant": "diagnostic: bare + the same read in withTenant",
  };
  for (const kind of settings.dbs) {
    const of = (scenario: ScenarioName) => runs.filter((run) => run.db === kind && run.scenario === scenario);
    const rps = (list: ScenarioRun[]) => median(list.map((run) => run.result.requestsPerSecond));
    const order = [
      "full-baseline",
      "full",
      "bare-tenant",
      "bare",
      "list-full",
      "list-bare",
      "one-full",
      "one-bare",
    ] as const;
    for (const scenario of order) {
      const list = of(scenario);
      if (list.length === 0) continue;
      const isBare = bareOf[scenario] === scenario;
      const bare = of(bareOf[scenario]);
      const ratio = !isBare && bare.length > 0 ? `**${(rps(list) / rps(bare)).toFixed(2)}x**` : "";
      // Each round's ratio to the bare run of the same round: a machine whose speed drifts between
      // rounds (other tenants of the host) moves both sides of a pair together.
      const paired = list.flatMap((run) => {
        const pair = bare.find((other) => other.round === run.round);
        return pair ? [run.result.requestsPerSecond / pair.result.requestsPerSecond] : [];
      });
      const pairedRatio =
        !isBare && paired.length > 0
          ? `${median(paired).toFixed(2)}x (${Math.min(...paired).toFixed(2)}–${Math.max(...paired).toFixed(2)})`
          : "";
      lines.push(
        `| ${databases[kind]?.version ?? kind} | ${labels[scenario]} | ${rps(list).toFixed(0)} | ${median(list.map((r) => r.result.latencyP50Ms))} | ${median(list.map((r) => r.result.latencyP99Ms))} | ${ratio} | ${pairedRatio} | ${median(list.map((r) => r.serverCpuUsPerRequest))} | ${kind === "postgres" ? median(list.map((r) => r.postgresCpuUsPerRequest ?? 0)) : "in-process"} | ${list.reduce((n, r) => n + r.result.non2xx, 0)} | ${list.map((r) => r.load1Before.toFixed(2)).join(", ")} |`,
      );
    }
  }
  lines.push("");
  for (const kind of settings.dbs) {
    for (const [scenario, evidence] of Object.entries(databases[kind]?.evidence ?? {})) {
      lines.push(
        `Rate limiter (${kind}, ${scenario}): exercised, ${evidence.throttled429 === 0 ? "not binding" : "BINDING"} — ${evidence.keysWithBucket}/${evidence.keys} keys took leases from their PostgreSQL bucket, ${evidence.throttled429} requests answered 429; the monthly quota counted ${evidence.quotaCallsCounted} calls.`,
      );
    }
  }
  lines.push("", "Each run (uptime before it):", "");
  for (const run of runs) {
    lines.push(
      `- ${run.db} ${run.scenario} round ${run.round}: ${run.result.requestsPerSecond.toFixed(0)} req/s, p50 ${run.result.latencyP50Ms} ms, p99 ${run.result.latencyP99Ms} ms, ${run.result.requests} requests, non-2xx ${run.result.non2xx}, errors ${run.result.errors}, server CPU ${run.serverCpuUsPerRequest} µs/req${run.postgresCpuUsPerRequest === undefined ? "" : `, postgres CPU ${run.postgresCpuUsPerRequest} µs/req`} — \`${run.uptimeBefore}\`${run.waitedSeconds ? ` (waited ${run.waitedSeconds} s for a quieter machine)` : ""}`,
    );
  }
  return lines.join("\n");
};
