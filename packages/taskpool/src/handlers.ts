import type { AppDeps } from "@tally/trpc";
import { endClaimLease } from "./solver/claim.ts";
import { onDeadlineReached } from "./task/expire.ts";

/**
 * The task pool's subscriptions, each job due at the time it was published for: a claim's lease ends,
 * and a task's expiry (its deadline, or deadline + grace once submitted) is reached.
 */
export const registerTaskpoolHandlers = (
  bus: AppDeps["events"],
  deps: Pick<AppDeps, "database" | "clock" | "events" | "providers" | "logger">,
): void => {
  bus.subscribe("task-claim-lease-ended", "taskpool", (payload) => endClaimLease(deps, payload));
  bus.subscribe("task-deadline-reached", "taskpool", (payload) => onDeadlineReached(deps, payload));
};
