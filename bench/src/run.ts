/**
 * `pnpm bench`: in one run, on PostgreSQL (database `tally_bench`, recreated) and on embedded PGlite,
 *   full — authenticated `GET /api/v1/admin/organizations/{id}` through the real server process
 *          (key lookup, rate limit, monthly quota, tenant transaction, input/output validation);
 *   bare — a bare Hono route doing the same single-row read with the same driver, no auth.
 * Servers run as real processes on free 127.0.0.1 ports, pinned to core 1 (`taskset -c 1`); the load
 * generator (autocannon) runs pinned to core 0. Each scenario: warm-up, then a fixed duration with a
 * fixed connection count; the 1-minute load average is recorded before each one (and we wait a while
 * for a quiet machine first). Everything is stopped at the end, and the whole run is bounded in time.
 *
 * Settings (environment): BENCH_DBS=postgres,pglite  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432
 * BENCH_CONNECTIONS=10  BENCH_DURATION=10  BENCH_WARMUP=3  BENCH_KEYS=50  BENCH_ROUNDS=1
 * BENCH_SCENARIOS=full,bare,bare-tenant,full-baseline  BENCH_MAX_LOAD=1.0 (wait up to BENCH_QUIET_WAIT=60 s for a lower 1-minute load average)
 * BENCH_CPU_PROF=<dir> (run every server with --cpu-prof into that directory, one folder per server).
 * BENCH_BASELINE_TREE=<dir>: another installed checkout of the repository (e.g. the commit before a
 * change); its API server is measured in the same run, interleaved, as `full-baseline`, on its own
 * database, so before/after numbers share the same machine load.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@tally/db";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { LoadOptions, LoadResult } from "./load.ts";
import {
  children,
  killAll,
  loaderFlags,
  log,
  machine,
  type Server,
  scratchDirs,
  sleep,
  startServer,
  stopProcess,
  uptime,
} from "./processes.ts";

type DbKind = "postgres" | "pglite";
type ScenarioName = "full" | "bare" | "bare-tenant" | "full-baseline";

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = resolve(here, "..");
const repoDir = resolve(benchDir, "..");

const env = process.env;
const settings = {
  dbs: (env.BENCH_DBS ?? "postgres,pglite").split(",").map((s) => s.trim()) as DbKind[],
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  pgDatabase: "tally_bench",
  scenarios: (env.BENCH_SCENARIOS ?? "full,bare,bare-tenant,full-baseline")
    .split(",")
    .map((s) => s.trim()) as ScenarioName[],
  connections: Number(env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 3),
  keys: Number(env.BENCH_KEYS ?? 50),
  rounds: Number(env.BENCH_ROUNDS ?? 1),
  maxLoad: Number(env.BENCH_MAX_LOAD ?? 1.0),
  quietWaitSeconds: Number(env.BENCH_QUIET_WAIT ?? 60),
  baselineTree: env.BENCH_BASELINE_TREE ? resolve(env.BENCH_BASELINE_TREE) : undefined,
  cpuProfDir: env.BENCH_CPU_PROF ? resolve(env.BENCH_CPU_PROF) : undefined,
};

// ---------------------------------------------------------------------------------------------
// Load

const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((done, fail) => {
    const child = spawn(
      "taskset",
      ["-c", "0", process.execPath, join(here, "load.ts"), JSON.stringify(options)],
      { cwd: benchDir, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const limit = setTimeout(() => child.kill("SIGKILL"), (options.durationSeconds + 60) * 1000);
    child.on("exit", (code) => {
      clearTimeout(limit);
      children.delete(child);
      const line = stdout.trim().split("\n").pop();
      if (code === 0 && line) done(JSON.parse(line) as LoadResult);
      else fail(new Error(`load generator failed (${code}): ${stderr}`));
    });
  });

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) of one process, in ms, from /proc/<pid>/stat. */
const processCpuMs = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** CPU time of every `postgres` process on the machine (the PostgreSQL server is shared: approximate). */
const postgresCpuMs = (): number => {
  let total = 0;
  for (const pid of execFileSync("sh", ["-c", "pgrep -x postgres || true"]).toString().split("\n")) {
    if (pid.trim()) total += processCpuMs(Number(pid));
  }
  return total;
};

/** Waits (bounded) for the 1-minute load average to drop under BENCH_MAX_LOAD; returns what it was. */
const waitForQuiet = async (): Promise<{
  load1: number;
  load5: number;
  load15: number;
  waitedSeconds: number;
}> => {
  const start = Date.now();
  while ((loadavg()[0] ?? 0) > settings.maxLoad && Date.now() - start < settings.quietWaitSeconds * 1000) {
    await sleep(2_000);
  }
  const [load1 = 0, load5 = 0, load15 = 0] = loadavg();
  return { load1, load5, load15, waitedSeconds: Math.round((Date.now() - start) / 1000) };
};

// ---------------------------------------------------------------------------------------------
// Setup through the API, as an integrator would

const api = async <T>(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
};

interface Organization {
  id: string;
  name: string;
  domain: string | null;
  subscriptionTierId: string;
  createdAt: string;
  updatedAt: string;
}

/** An OPERATOR creates a PRO-tier organization and BENCH_KEYS ADMIN keys in it. */
const seed = async (base: string, operatorKey: string) => {
  const organization = await api<Organization>(base, operatorKey, "POST", "/admin/organizations", {
    name: "Bench Pro",
    subscriptionTierId: "pro",
  });
  const keys: string[] = [];
  for (let i = 0; i < settings.keys; i++) {
    const created = await api<{ key: string }>(base, operatorKey, "POST", "/admin/api-keys", {
      organizationId: organization.id,
      role: "ADMIN",
      name: `bench ${i + 1}`,
    });
    keys.push(created.key);
  }
  const check = await api<Organization>(base, keys[0]!, "GET", `/admin/organizations/${organization.id}`);
  if (check.id !== organization.id) throw new Error("seeded organization does not read back");
  return { organization, keys };
};

// ---------------------------------------------------------------------------------------------
// One database

interface ScenarioRun {
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

interface LimiterEvidence {
  keysWithBucket: number;
  keys: number;
  quotaCallsCounted: number;
  throttled429: number;
}

const prepareDatabase = async (kind: DbKind, names: string[]) => {
  if (kind === "postgres") {
    const admin = postgres(`${settings.pgUrl}/postgres`, { max: 1, onnotice: () => {} });
    try {
      const [{ server_version: version } = { server_version: "?" }] = await admin<
        { server_version: string }[]
      >`show server_version`;
      const urls: Record<string, string> = {};
      for (const name of names) {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.unsafe(`create database ${name}`);
        urls[name] = `${settings.pgUrl}/${name}`;
      }
      return { urls, version: `PostgreSQL ${version}` };
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "tally-bench-"));
  scratchDirs.add(dir);
  return { dir, version: "PGlite 0.5.14 (in-process)" };
};

const limiterEvidence = async (
  database: { url?: string | undefined; dataDir?: string | undefined },
  organizationId: string,
  keys: number,
  throttled429: number,
): Promise<LimiterEvidence> => {
  const opened = await openDatabase({ url: database.url, dataDir: database.dataDir });
  try {
    const rows = (result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const buckets = rows(
      await opened.db.execute(
        sql`select count(*)::int as n from rate_limit_buckets where organization_id = ${organizationId}`,
      ),
    );
    const quota = rows(
      await opened.db.execute(
        sql`select coalesce(sum(calls), 0)::int as n from usage_counters where organization_id = ${organizationId}`,
      ),
    );
    return {
      keysWithBucket: Number(buckets[0]?.n ?? 0),
      keys,
      quotaCallsCounted: Number(quota[0]?.n ?? 0),
      throttled429,
    };
  } finally {
    await opened.close();
  }
};

interface Target {
  scenario: ScenarioName;
  server: Server;
  url: string;
  keys: string[];
  organizationId: string;
  database: { url?: string | undefined; dataDir?: string | undefined };
}

const benchDatabase = async (kind: DbKind, runs: ScenarioRun[]) => {
  log(`${kind}: preparing the database`);
  const wanted = settings.scenarios.filter((name) => name !== "full-baseline" || settings.baselineTree);
  const databaseNames: Record<ScenarioName, string> = {
    full: settings.pgDatabase,
    bare: settings.pgDatabase,
    "bare-tenant": settings.pgDatabase,
    "full-baseline": `${settings.pgDatabase}_baseline`,
  };
  const prepared = await prepareDatabase(kind, [...new Set(wanted.map((name) => databaseNames[name]))]);
  const databaseOf = (scenario: ScenarioName) =>
    prepared.urls
      ? { url: prepared.urls[databaseNames[scenario]] }
      : { dataDir: join(prepared.dir!, scenario) };
  const databaseEnv = (scenario: ScenarioName): Record<string, string> => {
    const database = databaseOf(scenario);
    return database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir!, DATABASE_URL: "" };
  };
  const servers: Server[] = [];
  const targets: Target[] = [];
  const throttled = new Map<ScenarioName, number>();
  try {
    if (settings.cpuProfDir) mkdirSync(settings.cpuProfDir, { recursive: true });
    const profileFlags = (name: string) =>
      settings.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${join(settings.cpuProfDir, name)}`] : [];
    const startFull = async (scenario: ScenarioName, tree: string) => {
      const operatorKey = `svc_test_${randomBytes(24).toString("hex")}`;
      const server = await startServer({
        name: `${scenario} server (${kind})`,
        cwd: join(tree, "apps", "api"),
        script: ["src/cli.ts", "start"],
        env: {
          ...databaseEnv(scenario),
          RUN_WORKER: "off",
          LOG_LEVEL: "warn",
          DEPLOYMENT_ENV: "test",
          BOOTSTRAP_OPERATOR_KEY: operatorKey,
          SEED_DEMO: "false",
        },
        nodeFlags: [...loaderFlags(tree), ...profileFlags(`${kind}-${scenario}`)],
      });
      servers.push(server);
      const { organization, keys } = await seed(server.base, operatorKey);
      log(`${kind} ${scenario}: PRO organization ${organization.id} with ${keys.length} ADMIN keys`);
      targets.push({
        scenario,
        server,
        url: `${server.base}/api/v1/admin/organizations/${organization.id}`,
        keys,
        organizationId: organization.id,
        database: databaseOf(scenario),
      });
      return { organization, keys };
    };
    const main = await startFull("full", repoDir);
    if (wanted.includes("full-baseline")) await startFull("full-baseline", settings.baselineTree!);
    if (wanted.includes("bare") || wanted.includes("bare-tenant")) {
      const bare = await startServer({
        name: `bare server (${kind})`,
        cwd: benchDir,
        script: [join(here, "bare-server.ts")],
        nodeFlags: profileFlags(`${kind}-bare`),
        env: { ...databaseEnv("bare"), BARE_SEED_ORGANIZATION: JSON.stringify(main.organization) },
      });
      servers.push(bare);
      const url = `${bare.base}/bare/organizations/${main.organization.id}`;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`bare route answered ${check.status}`);
      // Same requests as the full route (same keys in the Authorization header, ignored here).
      for (const [scenario, path] of [
        ["bare", "bare"],
        ["bare-tenant", "bare-tenant"],
      ] as const) {
        targets.push({
          scenario,
          server: bare,
          url: `${bare.base}/${path}/organizations/${main.organization.id}`,
          keys: main.keys,
          organizationId: main.organization.id,
          database: {},
        });
      }
    }
    const measured = targets.filter((target) => wanted.includes(target.scenario));

    for (let round = 1; round <= settings.rounds; round++) {
      // Rotate the order each round so a drifting machine load does not favour one scenario.
      const shift = (round - 1) % measured.length;
      const order = [...measured.slice(shift), ...measured.slice(0, shift)];
      for (const target of order) {
        const { scenario, server } = target;
        const load = { url: target.url, keys: target.keys, connections: settings.connections };
        const quiet = await waitForQuiet();
        const uptimeBefore = uptime();
        log(`${kind} ${scenario} round ${round}: ${uptimeBefore}`);
        if (settings.warmupSeconds > 0) await runLoad({ ...load, durationSeconds: settings.warmupSeconds });
        const serverCpuBefore = processCpuMs(server.process.pid);
        const postgresCpuBefore = kind === "postgres" ? postgresCpuMs() : 0;
        const result = await runLoad({ ...load, durationSeconds: settings.durationSeconds });
        const serverCpuUsPerRequest = Math.round(
          ((processCpuMs(server.process.pid) - serverCpuBefore) * 1000) / Math.max(1, result.requests),
        );
        const postgresCpuUsPerRequest =
          kind === "postgres"
            ? Math.round(((postgresCpuMs() - postgresCpuBefore) * 1000) / Math.max(1, result.requests))
            : undefined;
        throttled.set(scenario, (throttled.get(scenario) ?? 0) + (result.statusCodes["429"] ?? 0));
        log(
          `${kind} ${scenario} round ${round}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}, server CPU ${serverCpuUsPerRequest} us/req${postgresCpuUsPerRequest === undefined ? "" : `, postgres CPU ${postgresCpuUsPerRequest} us/req`}`,
        );
        runs.push({
          db: kind,
          scenario,
          round,
          uptimeBefore,
          load1Before: Number(quiet.load1.toFixed(2)),
          waitedSeconds: quiet.waitedSeconds,
          serverCpuUsPerRequest,
          postgresCpuUsPerRequest,
          result,
        });
      }
    }
    for (const server of servers.splice(0).reverse()) await stopProcess(server.process);
    const evidence: Partial<Record<ScenarioName, LimiterEvidence>> = {};
    for (const target of targets) {
      if (target.scenario === "bare" || target.scenario === "bare-tenant") continue;
      evidence[target.scenario] = await limiterEvidence(
        target.database,
        target.organizationId,
        target.keys.length,
        throttled.get(target.scenario) ?? 0,
      );
    }
    return { version: prepared.version, evidence };
  } finally {
    for (const server of servers) await stopProcess(server.process);
    if (prepared.dir) {
      rmSync(prepared.dir, { recursive: true, force: true });
      scratchDirs.delete(prepared.dir);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Report

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const report = (
  info: ReturnType<typeof machine>,
  runs: ScenarioRun[],
  databases: Partial<Record<DbKind, Awaited<ReturnType<typeof benchDatabase>>>>,
): string => {
  const lines: string[] = [];
  lines.push(
    `Machine: ${info.nproc} cores (${info.cpuModel}), Node ${info.node}; ${info.date}`,
    `Settings: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per scenario, ${settings.rounds} round(s), ${settings.keys} keys round-robin; server on core 1, autocannon on core 0`,
    "",
    "| database | route | req/s | p50 ms | p99 ms | ÷ bare req/s | ÷ bare, same round: median (min–max) | server CPU µs/req | postgres CPU µs/req | non-2xx | load avg (1 min) before each round |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  );
  const labels: Record<ScenarioName, string> = {
    full: "full REST (auth, rate limit, quota, tenant tx, zod)",
    "full-baseline": "full REST, baseline tree (before)",
    bare: "bare Hono, same read, no auth",
    "bare-tenant": "diagnostic: bare + the same read in withTenant",
  };
  for (const kind of settings.dbs) {
    const of = (scenario: ScenarioName) => runs.filter((run) => run.db === kind && run.scenario === scenario);
    const rps = (list: ScenarioRun[]) => median(list.map((run) => run.result.requestsPerSecond));
    const bare = of("bare");
    for (const scenario of ["full-baseline", "full", "bare-tenant", "bare"] as const) {
      const list = of(scenario);
      if (list.length === 0) continue;
      const ratio =
        scenario !== "bare" && bare.length > 0 ? `**${(rps(list) / rps(bare)).toFixed(2)}x**` : "";
      // Each round's ratio to the bare run of the same round: a machine whose speed drifts between
      // rounds (other tenants of the host) moves both sides of a pair together.
      const paired = list.flatMap((run) => {
        const pair = bare.find((other) => other.round === run.round);
        return pair ? [run.result.requestsPerSecond / pair.result.requestsPerSecond] : [];
      });
      const pairedRatio =
        scenario !== "bare" && paired.length > 0
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

const main = async (): Promise<void> => {
  if (!process.version.startsWith("v24."))
    throw new Error(`Node 24 expected, got ${process.version}: run it through pnpm`);
  const budgetSeconds =
    settings.dbs.length *
      (120 +
        settings.rounds *
          settings.scenarios.length *
          (settings.warmupSeconds + settings.durationSeconds + settings.quietWaitSeconds + 15)) +
    60;
  const watchdog = setTimeout(() => {
    log(`run exceeded its ${budgetSeconds} s budget: stopping`);
    killAll();
    process.exit(2);
  }, budgetSeconds * 1000);
  watchdog.unref();
  const info = machine();
  log(`${info.nproc} cores, ${info.cpuModel}, Node ${info.node}`);
  const runs: ScenarioRun[] = [];
  const databases: Partial<Record<DbKind, Awaited<ReturnType<typeof benchDatabase>>>> = {};
  for (const kind of settings.dbs) databases[kind] = await benchDatabase(kind, runs);
  const markdown = report(info, runs, databases);
  const resultsDir = join(benchDir, "results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = info.date.replace(/[:.]/g, "-");
  writeFileSync(
    join(resultsDir, `${stamp}.json`),
    `${JSON.stringify({ machine: info, settings, databases, runs }, null, 2)}\n`,
  );
  writeFileSync(join(resultsDir, "latest.md"), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
  clearTimeout(watchdog);
};

const abort = (signal: NodeJS.Signals) => {
  killAll();
  process.exit(signal === "SIGINT" ? 130 : 143);
};
process.on("SIGINT", abort);
process.on("SIGTERM", abort);

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  killAll();
  process.exit(1);
});
