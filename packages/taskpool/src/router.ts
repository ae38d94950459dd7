import { mergeRouters, router } from "@tally/trpc";
import { intentsRouter } from "./legacy/router.ts";
import { taskPoolsRouter } from "./pool/router.ts";
import { solverRouter } from "./solver/router.ts";
import { tasksRouter } from "./task/router.ts";

/** Tasks at the root (`taskpool.create`), the organization's pool under `pools`, the solver side under `solver`, the legacy intents under `intents`. */
export const taskpoolRouter = mergeRouters(
  tasksRouter,
  router({ pools: taskPoolsRouter, solver: solverRouter, intents: intentsRouter }),
);
