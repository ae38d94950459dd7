import type { AppDeps } from "@tally/trpc";
import { endClaimLease } from "./solver/claim.ts";

/** The task pool's subscriptions: a claim's lease ends at the time its job was published for. */
export const registerTaskpoolHandlers = (
  bus: AppDeps["events"],
  deps: Pick<AppDeps, "database" | "clock">,
): void => {
  bus.subscribe("task-claim-lease-ended", "taskpool", (payload) => endClaimLease(deps, payload));
};
