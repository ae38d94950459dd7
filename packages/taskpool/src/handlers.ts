import type { AppDeps } from "@tally/trpc";
import { verifyByAi } from "./aieval/evaluate.ts";
import { endClaimLease } from "./solver/claim.ts";
import { onDeadlineReached } from "./task/expire.ts";

/**
 * The task pool's subscriptions, each job due at the time it was published for: a claim's lease ends, and
 * a task's expiry (its deadline, or deadline + grace once submitted) is reached. An AIEval task's
 * submission is evaluated by the `taskpool-aieval` subscriber (its own queue and retries).
 */
export const registerTaskpoolHandlers = (
  bus: AppDeps["events"],
  deps: Pick<AppDeps, "database" | "clock" | "events" | "providers" | "logger">,
): void => {
  bus.subscribe("task-claim-lease-ended", "taskpool", (payload) => endClaimLease(deps, payload));
  bus.subscribe("task-deadline-reached", "taskpool", (payload) => onDeadlineReached(deps, payload));
  bus.subscribe("task-verification-requested", "taskpool-aieval", (payload) => verifyByAi(deps, payload));
};
