import { it } from "vitest";
import { signEventRequest } from "@tally/events";
import { startHarness } from "./harness.ts";
it("scratch", async () => {
  const h = await startHarness();
  const t = await h.createTenant();
  const a = await h.request("POST", "/api/v1/admin/api-keys", { key: t.adminKey, body: {}, headers: { "idempotency-key": "k1" } });
  const b = await h.request("POST", "/api/v1/admin/api-keys", { key: t.adminKey, body: {}, headers: { "idempotency-key": "k1" } });
  console.log(a.status, [...a.headers.entries()]);
  console.log(b.status, [...b.headers.entries()]);
  const m = await h.request("POST", "/api/v1/admin/api-keys", { key: t.memberKey, body: {}, headers: { "idempotency-key": "k1" } });
  console.log("member replay", m.status, m.text);
  const raw = JSON.stringify({ tick: "x1" });
  const w = await h.request("POST", "/api/v1/webhooks/cron/mint-queue", { rawBody: raw, headers: { ...signEventRequest("test-events-signing-key-0123456789", raw), "content-type": "application/json", "idempotency-key": "abc" } });
  console.log("webhook with idem", w.status, w.text);
  await h.close();
});
