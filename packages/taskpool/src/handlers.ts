import type { AppDeps } from "@tally/trpc";
import { verifyByAi } from "./aieval/evaluate.ts";
import { endClaimLease } from "./solver/claim.ts";

/**
 * The task pool's subscriptions: a claim's lease ends at the time its job was published for; an AIEval
 * task's submission is evaluated by the `taskpool-aieval` subscriber (its own queue and retries).
 */
export const registerTaskpoolHandlers = (
  bus: AppDeps["events"],
  deps: Pick<AppDeps, "database" | "clock" | "providers" | "logger">,
): void => {
  bus.subscribe("task-claim-lease-ended", "taskpool", (payload) => endClaimLease(deps, payload));
  bus.subscribe("task-verification-requested", "taskpool-aieval", (payload) => verifyByAi(deps, payload));
};
