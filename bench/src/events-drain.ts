/**
 * `pnpm bench:events-drain`: the event engine's own cost per job, with a handler that does nothing.
 * On a fresh PostgreSQL database (`tally_bench_events_drain`, recreated), BENCH_JOBS `user-created`
 * jobs are published to a bench-only subscriber while nothing works them; then a bus in this
 * process (the real EventBus over pg-boss) works them off. Reported: jobs/s from the first start to
 * the last completion (read from pg-boss's job table), and this process's CPU per job.
 *
 * Settings: BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_JOBS=20000
 *   BENCH_HANDLER=each|batch (a per-job handler or a batch handler)  BENCH_BATCH_SIZE  BENCH_WORKERS
 */
import { type Database, migrateDatabase, openDatabase } from "@tally/db";
import { EventBus, type SubscriberOptions, subscriberQueue } from "@tally/events";
import postgres from "postgres";
import { freshDatabase } from "./fresh-database.ts";
import { log, machine, sleep, uptime } from "./processes.ts";

const env = process.env;
const settings = {
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  database: "tally_bench_events_drain",
  jobs: Number(env.BENCH_JOBS ?? 20_000),
  handler: env.BENCH_HANDLER === "batch" ? ("batch" as const) : ("each" as const),
  batchSize: env.BENCH_BATCH_SIZE ? Number(env.BENCH_BATCH_SIZE) : undefined,
  workers: env.BENCH_WORKERS ? Number(env.BENCH_WORKERS) : undefined,
};
const SUBSCRIBER = "bench";
const QUEUE = subscriberQueue("user-created", SUBSCRIBER);
const PUBLISH_CHUNK = 1_000;

const subscriberOptions = (): SubscriberOptions => ({
  ...(settings.batchSize ? { batchSize: settings.batchSize } : {}),
  ...(settings.workers ? { workers: settings.workers } : {}),
});

/** A bus with the bench subscriber; `work: false` only enqueues. */
const busFor = (database: Database, work: boolean, onJobs: (count: number) => void): EventBus => {
  const bus = new EventBus({ database, work, cron: false, stopTimeoutMs: 2_000 });
  if (settings.handler === "batch") {
    bus.subscribeBatch(
      "user-created",
      SUBSCRIBER,
      async (jobs) => {
        onJobs(jobs.length);
      },
      subscriberOptions(),
    );
  } else {
    bus.subscribe("user-created", SUBSCRIBER, async () => onJobs(1), subscriberOptions());
  }
  return bus;
};

const main = async () => {
  const url = await freshDatabase(settings.pgUrl, settings.database);
  const database = await openDatabase({ url });
  const reader = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrateDatabase(database);
    const publisher = busFor(database, false, () => {});
    await publisher.start();
    for (let offset = 0; offset < settings.jobs; offset += PUBLISH_CHUNK) {
      const count = Math.min(PUBLISH_CHUNK, settings.jobs - offset);
      await publisher.publishMany(
        database.db,
        "user-created",
        Array.from({ length: count }, (_, index) => ({
          organizationId: "bench-org",
          userId: `user-${offset + index}`,
        })),
      );
    }
    await publisher.stop();
    log(`${settings.jobs} jobs queued`);

    let handled = 0;
    const worker = busFor(database, true, (count) => {
      handled += count;
    });
    const load = uptime();
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    await worker.start();
    const depth = async () =>
      Number(
        (
          await reader.unsafe<Array<{ n: string }>>(
            `select count(*) as n from pgboss.job where name = $1 and state < 'completed'`,
            [QUEUE],
          )
        )[0]!.n,
      );
    while (handled < settings.jobs || (await depth()) > 0) await sleep(50);
    const drained = Date.now();
    const cpu = process.cpuUsage(cpuBefore);
    const [span] = await reader.unsafe<Array<{ seconds: string; completed: string }>>(
      `select extract(epoch from max(completed_on) - min(started_on)) as seconds,
              count(*) filter (where state = 'completed') as completed
         from pgboss.job where name = $1`,
      [QUEUE],
    );
    await worker.stop();
    const seconds = Number(span!.seconds);
    const summary = worker.subscriptions().find((s) => s.subscriber === SUBSCRIBER)!;
    const result = {
      machine: machine(),
      jobs: settings.jobs,
      handler: settings.handler,
      batchSize: summary.batchSize,
      workers: summary.workers,
      handled,
      completed: Number(span!.completed),
      firstStartToLastCompletionSeconds: seconds,
      jobsPerSecond: Math.round(settings.jobs / seconds),
      wallSecondsIncludingStart: (drained - started) / 1000,
      processCpuMsPerJob: Math.round(((cpu.user + cpu.system) / 1000 / settings.jobs) * 1000) / 1000,
      loadBefore: load,
      loadAfter: uptime(),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await reader.end();
    await database.close();
  }
};

main().catch((error) => {
  log(String(error instanceof Error ? error.stack : error));
  process.exit(1);
});
