import { defineDomain } from "@tally/trpc";
import { registerTaskpoolHandlers } from "./handlers.ts";
import { WITHDRAWAL_MACHINE } from "./pool/withdrawal-state.ts";
import { taskpoolRouter } from "./router.ts";
import { startTaskPoolSweep } from "./sweep.ts";
import { mountOracleWebhook, oracleWebhookPaths } from "./task/oracle-webhook.ts";
import { TASK_MACHINE } from "./task/states.ts";

/** The USDC task pool (issue 25): the organization's pool on the task escrow and its tasks. */
export const taskpoolDomain = defineDomain({
  name: "taskpool",
  router: taskpoolRouter,
  stateMachines: [TASK_MACHINE, WITHDRAWAL_MACHINE],
  handlers: (bus, { deps }) => registerTaskpoolHandlers(bus, deps),
  plainRoutes: ({ deps }) => [
    {
      name: "task-verify-webhook",
      paths: oracleWebhookPaths,
      mount: (api) => mountOracleWebhook(api, deps),
    },
  ],
  loops: ({ deps }) => [
    // Expiries, lapsed leases and SENT withdrawals the jobs missed: every minute, as no cron slot fits.
    { name: "task-pool-sweep", start: () => startTaskPoolSweep(deps) },
  ],
});
