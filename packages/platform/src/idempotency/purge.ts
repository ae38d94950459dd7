import { type Clock, type IntervalJob, type Logger, startIntervalJob } from "@tally/core";
import type { Database } from "@tally/db";
import { purgeExpiredIdempotencyKeys } from "./store.ts";

/** Keys live 24 h; an hourly sweep keeps at most about an hour of expired ones. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface IdempotencyPurgeDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
}

/**
 * Deletes expired idempotency keys once at start and then every hour, in every process that runs the
 * background loops. No cron slot: the spec's eight jobs are a closed list. Several instances sweeping
 * at once is harmless: the delete is by expiry alone, so a second sweep finds nothing left to delete.
 */
export const startIdempotencyPurge = (deps: IdempotencyPurgeDeps): IntervalJob => {
  const purge = () => purgeExpiredIdempotencyKeys({ db: deps.database.db, clock: deps.clock });
  // A process restarted more often than the interval would otherwise never sweep.
  const first = purge().catch((error: unknown) =>
    deps.logger.error({ err: error, job: "idempotency-purge" }, "interval job failed"),
  );
  const job = startIntervalJob("idempotency-purge", purge, {
    intervalMs: IDEMPOTENCY_PURGE_INTERVAL_MS,
    logger: deps.logger,
  });
  return {
    async stop() {
      await first;
      await job.stop();
    },
  };
};
