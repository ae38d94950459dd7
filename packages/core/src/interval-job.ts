import type { Logger } from "./logger.ts";

export interface IntervalJob {
  /** Stops the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` in this process, for work that has no cron slot among the spec's
 * eight jobs. Runs never overlap; a failed run is logged and the next one tries again.
 */
export const startIntervalJob = (
  name: string,
  run: () => Promise<unknown>,
  options: {
    intervalMs: number;
    logger: Logger;
    /** Also run once now: a process restarted more often than the interval would otherwise never run it. */
    runAtStart?: boolean;
  },
): IntervalJob => {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => options.logger.error({ err: error, job: name }, "interval job failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runAtStart) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
