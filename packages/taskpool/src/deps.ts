import type { AppDeps } from "@tally/trpc";

/** What the pool and task operations run on: the database, the clock, the event bus and the escrow port. */
export type TaskpoolDeps = Pick<AppDeps, "database" | "clock" | "events" | "providers" | "logger"> & {
  /** Confirmations a deposit needs (CHAIN_CONFIRMATIONS; unset = 1 locally, 3 on Base). */
  confirmations?: number | undefined;
};

/** The deps of a procedure's context (the request's logger). */
export const taskpoolDeps = (ctx: { deps: AppDeps; logger: AppDeps["logger"] }): TaskpoolDeps => ({
  ...ctx.deps,
  logger: ctx.logger,
  confirmations: ctx.deps.config.CHAIN_CONFIRMATIONS,
});
