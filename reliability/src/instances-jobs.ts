import { createHmac } from "node:crypto";
import type { TestHarness } from "@tally/testing";
import { type SQL, sql } from "drizzle-orm";

/** A pg-boss job of the fleet's queue schema, as its table records it. */
export interface JobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
}

const jobTable = (schema: string) => sql.raw(`"${schema}".job`);

export const jobsOf = async (h: TestHarness, schema: string, where: SQL): Promise<JobRow[]> =>
  (await h.database.db.execute(sql`
    select id::text, name, state::text, data from ${jobTable(schema)}
    where ${where} order by created_on, id`)) as unknown as JobRow[];

/** Polls until no job matching `where` is waiting, running or between retries, and returns them all. */
export const settledJobs = async (
  h: TestHarness,
  schema: string,
  where: SQL,
  timeoutMs: number,
): Promise<JobRow[]> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await jobsOf(h, schema, where);
    const pending = jobs.filter((job) => ["created", "retry", "active"].includes(job.state));
    if (pending.length === 0) return jobs;
    if (Date.now() > deadline) {
      throw new Error(`${pending.length} jobs still unsettled: ${JSON.stringify(pending.slice(0, 5))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/**
 * What the cron passes of every worker forwarded: pg-boss files each occurrence of a schedule as a
 * `__pgboss__send-it` job naming its queue and its one-minute slot, which then sends the run.
 */
export const cronOccurrences = async (
  h: TestHarness,
  schema: string,
): Promise<{ name: string; slot: string; forwarded: number }[]> =>
  (await h.database.db.execute(sql`
    select data->>'name' as name, data->>'slot' as slot, count(*)::int as forwarded
    from ${jobTable(schema)} where name = '__pgboss__send-it' and data->>'name' like 'cron.%'
    group by 1, 2 order by 2, 1`)) as unknown as { name: string; slot: string; forwarded: number }[];

/**
 * A POST to `/webhooks/events/{event}` or `/webhooks/cron/{job}` of an api process, signed as an
 * outside scheduler signs it (HMAC-SHA256 of `${timestamp}.${rawBody}` with EVENTS_SIGNING_KEY).
 */
export const signedWebhook = async (
  base: string,
  signingKey: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { jobId?: string | null; duplicate?: boolean; code?: string } }> => {
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", signingKey).update(`${timestamp}.${rawBody}`).digest("hex");
  const response = await fetch(`${base}/api/v1${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature": signature,
      "x-signature-timestamp": timestamp,
      ...headers,
    },
    body: rawBody,
  });
  return { status: response.status, body: (await response.json()) as { jobId?: string | null } };
};
