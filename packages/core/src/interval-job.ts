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
  options: { intervalMs: number; logger: Logger },
): IntervalJob => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((error: unknown) => options.logger.error({ err: error, job: name }, "interval job failed"))
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
