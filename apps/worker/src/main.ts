import { ConfigError } from "@tally/config";
import { createLogger } from "@tally/core";
import { createRuntime, loadAppConfig } from "@tally/server";

/**
 * The worker process: consumes the event queues and runs the cron schedules, with no HTTP server.
 * Pair it with api processes started with RUN_WORKER=off, all on one PostgreSQL (DATABASE_URL).
 */
const main = async (): Promise<void> => {
  const config = loadAppConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: "tally-worker" });
  if (!config.DATABASE_URL) {
    logger.warn(
      "DATABASE_URL is unset: the worker holds the embedded database, so no api process can share it",
    );
  }
  if (!config.BASE_RPC_URL) {
    logger.warn(
      "BASE_RPC_URL is unset: this worker runs its own local chain, which the api process does not see; point both at one chain with BASE_RPC_URL",
    );
  }
  const runtime = await createRuntime({ config, logger, work: true, schedule: true });
  logger.info({ database: runtime.deps.database.kind }, `worker started. ${runtime.adapterSummary}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker stopping");
    await runtime.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
};

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
