/**
 * `pnpm bench:events`: how fast the event engine works off a burst, through the real server process
 * (API and embedded worker) on PostgreSQL (database `tally_bench_events`, recreated):
 *   BENCH_USERS users are created through `POST /user` (BENCH_CONCURRENCY at a time, 50 keys), each
 *   publishing `user-created` in its transaction; commerce's subscriber (welcome e-mail through the
 *   local adapter, chat token) works them off while the requests still arrive.
 * Read from pg-boss's own job table afterwards: every job's wait (created -> started) and the time
 * from the first job to the last completion. Also the server's CPU per job and the load average.
 *
 * With BENCH_BACKLOG=1 the server runs no worker (RUN_WORKER=off): the jobs pile up while the users
 * are created, then a second server process (the worker) starts and works off the whole backlog.
 *
 * Settings: BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_USERS=8000  BENCH_CONCURRENCY=20
 *   BENCH_BACKLOG=1  BENCH_CPU_PROF=<dir> (the backlog's worker profiled; see profile-summary.ts)
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { freshDatabase } from "./fresh-database.ts";
import { percentile } from "./percentile.ts";
import { killAll, log, machine, sleep, startServer, stopProcess, uptime } from "./processes.ts";

const here = dirname(fileURLToPath(import.meta.url));
const repoDir = resolve(here, "..", "..");
const env = process.env;
const settings = {
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  database: "tally_bench_events",
  users: Number(env.BENCH_USERS ?? 8000),
  concurrency: Number(env.BENCH_CONCURRENCY ?? 20),
  keys: 50,
  backlog: env.BENCH_BACKLOG === "1",
  /** With the backlog: the worker runs with --cpu-prof into this directory. */
  cpuProfDir: env.BENCH_CPU_PROF,
};
const QUEUE = "event.user-created.commerce";

const call = async <T>(
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
  return (text ? JSON.parse(text) : undefined) as T;
};

/** CPU seconds (user + system) the process has used so far, from /proc. */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const main = async () => {
  const url = await freshDatabase(settings.pgUrl, settings.database);
  const operatorKey = `svc_test_${randomBytes(20).toString("hex")}`;
  const serverEnv = {
    DATABASE_URL: url,
    BOOTSTRAP_OPERATOR_KEY: operatorKey,
    DEPLOYMENT_ENV: "test",
    LOG_LEVEL: "warn",
    EVENTS_SIGNING_KEY: "bench-events-signing-key-0123456789",
    DATA_DIR: `/tmp/tally-bench-events-${process.pid}`,
  };
  const server = await startServer({
    name: "tally",
    cwd: join(repoDir, "apps", "api"),
    script: ["src/cli.ts", "start"],
    env: { ...serverEnv, ...(settings.backlog ? { RUN_WORKER: "off" } : {}) },
  });
  let worker: Awaited<ReturnType<typeof startServer>> | undefined;
  const db = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const organization = await call<{ id: string }>(
      server.base,
      operatorKey,
      "POST",
      "/admin/organizations",
      {
        name: "Bench events",
        subscriptionTierId: "pro",
      },
    );
    const keys: string[] = [];
    for (let index = 0; index < settings.keys; index++) {
      const { key } = await call<{ key: string }>(server.base, operatorKey, "POST", "/admin/api-keys", {
        organizationId: organization.id,
        role: "MEMBER",
        name: `bench ${index}`,
      });
      keys.push(key);
    }
    const tag = randomBytes(4).toString("hex");
    const load = uptime();
    const cpuBefore = cpuSeconds(server.process.pid!);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: settings.concurrency }, async () => {
        while (next < settings.users) {
          const index = next++;
          await call(server.base, keys[index % keys.length]!, "POST", "/user", {
            email: `fan-${index}-${tag}@example.com`,
            walletProviderId: `did:bench:${tag}:${index}`,
          });
        }
      }),
    );
    const requestsDone = Date.now();
    log(`${settings.users} users created in ${((requestsDone - started) / 1000).toFixed(1)} s`);
    const depth = async () =>
      Number(
        (
          await db.unsafe(`select count(*) as n from pgboss.job where name = $1 and state < 'completed'`, [
            QUEUE,
          ])
        )[0]!.n,
      );
    const queuedAtLastRequest = await depth();
    const cpuAfterRequests = cpuSeconds(server.process.pid!);
    const workerStarted = Date.now();
    if (settings.backlog) {
      worker = await startServer({
        name: "tally-worker",
        cwd: join(repoDir, "apps", "api"),
        script: ["src/cli.ts", "start"],
        env: serverEnv,
        ...(settings.cpuProfDir
          ? { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${settings.cpuProfDir}`] }
          : {}),
      });
    }
    while ((await depth()) > 0) await sleep(100);
    const drained = Date.now();
    const cpuAfter = cpuSeconds(server.process.pid!);
    const workerCpu = worker ? cpuSeconds(worker.process.pid!) : undefined;
    const jobs = await db.unsafe<
      { wait: number; created: Date; started: Date; completed: Date; state: string }[]
    >(
      `select extract(epoch from started_on - created_on) * 1000 as wait, created_on as created,
              started_on as started, completed_on as completed, state from pgboss.job where name = $1`,
      [QUEUE],
    );
    const waits = jobs.map((job) => Number(job.wait)).sort((a, b) => a - b);
    const first = Math.min(...jobs.map((job) => job.created.getTime()));
    const last = Math.max(...jobs.map((job) => job.completed.getTime()));
    const firstStart = Math.min(...jobs.map((job) => job.started.getTime()));
    const result = {
      machine: machine(),
      users: settings.users,
      concurrency: settings.concurrency,
      jobs: jobs.length,
      notCompleted: jobs.filter((job) => job.state !== "completed").length,
      requestsSeconds: (requestsDone - started) / 1000,
      queuedAtLastRequest,
      drainedAfterLastRequestSeconds: (drained - requestsDone) / 1000,
      firstJobToLastCompletionSeconds: (last - first) / 1000,
      jobsPerSecond: Math.round(jobs.length / ((last - first) / 1000)),
      waitMs: { p50: percentile(waits, 50), p99: percentile(waits, 99), max: waits.at(-1) ?? 0 },
      ...(settings.backlog
        ? {
            backlog: {
              workerStartToDrainedSeconds: (drained - workerStarted) / 1000,
              firstStartToLastCompletionSeconds: (last - firstStart) / 1000,
              jobsPerSecond: Math.round(jobs.length / ((last - firstStart) / 1000)),
              // The worker process's whole CPU, its boot (migrations check, queues) included.
              workerCpuMsPerJob: Math.round((workerCpu! * 1000 * 100) / jobs.length) / 100,
            },
            apiCpuMsPerUser: Math.round(((cpuAfterRequests - cpuBefore) * 1000 * 100) / settings.users) / 100,
          }
        : {
            serverCpuMsPerUser: Math.round(((cpuAfter - cpuBefore) * 1000 * 100) / settings.users) / 100,
          }),
      loadBefore: load,
      loadAfter: uptime(),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await db.end();
    if (worker) await stopProcess(worker.process);
    await stopProcess(server.process);
  }
};

main().catch((error) => {
  killAll();
  log(String(error instanceof Error ? error.stack : error));
  process.exit(1);
});
