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
export const startIdempotencyPurge = (deps: IdempotencyPurgeDeps): IntervalJob =>
  startIntervalJob(
    "idempotency-purge",
    () => purgeExpiredIdempotencyKeys({ db: deps.database.db, clock: deps.clock }),
    { intervalMs: IDEMPOTENCY_PURGE_INTERVAL_MS, logger: deps.logger, runAtStart: true },
  );
