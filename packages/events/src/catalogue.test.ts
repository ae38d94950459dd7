import { describe, expect, it } from "vitest";
import { cronJobNames, cronJobs, eventNames, eventPayloads, specEventNames } from "./catalogue.ts";
import { createApiKeyChangedHandler } from "./handlers.ts";

describe("catalogue", () => {
  it("lists the 26 events of spec 01, our internal ones and the 8 cron jobs", () => {
    expect(specEventNames).toHaveLength(26);
    expect(eventNames.filter((name) => !(specEventNames as string[]).includes(name))).toEqual([
      "card-intent-amount-changed",
      "reward-webhook-delivery",
      "reward-mints-queued",
      "task-claim-lease-ended",
      "task-deadline-reached",
    ]);
    expect(cronJobNames).toHaveLength(8);
    expect(cronJobs["mint-queue"].schedule).toBe("* * * * *");
    expect(cronJobs["enrichment-baseline-recompute"].schedule).toBe("0 */6 * * *");
  });

  it("requires organizationId on every payload", () => {
    for (const event of eventNames) {
      const issues = eventPayloads[event].safeParse({}).error?.issues ?? [];
      expect(
        issues.some((issue) => issue.path[0] === "organizationId"),
        event,
      ).toBe(true);
    }
  });

  it("api-key-changed handler forwards the payload to the flush callback", async () => {
    const seen: unknown[] = [];
    const handler = createApiKeyChangedHandler(async (payload) => {
      seen.push(payload);
    });
    const payload = { organizationId: "org1", keyId: "k1", change: "rotated" as const };
    await handler(payload, { jobId: "j", attempt: 1, lastAttempt: false });
    expect(seen).toEqual([payload]);
  });
});
