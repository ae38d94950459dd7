import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { admission } from "./admission.ts";
import type { HttpEnv } from "./env.ts";
import { renderError } from "./errors.ts";

/** What @hono/node-server passes a request that came over a socket. */
const network = { incoming: {} };

/** An app whose one route records when each request starts and finishes when the test lets it. */
const gatedApp = (concurrency: number, maxWaiting: number, holdMs = 60_000) => {
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const app = new Hono<HttpEnv>();
  app.onError((error, c) => renderError(error, c));
  app.use(async (c, next) => {
    c.set("requestId", "test");
    await next();
  });
  app.use(admission({ concurrency, maxWaiting, holdMs }));
  app.get("/work/:n", async (c) => {
    const n = Number(c.req.param("n"));
    started.push(n);
    await new Promise<void>((resolve) => release.set(n, resolve));
    return c.json({ n });
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { app, started, release, settle };
};

describe("admission onto a one-statement-at-a-time database", () => {
  it("runs at most `concurrency` requests at once and starts the rest in arrival order", async () => {
    const { app, started, release, settle } = gatedApp(2, 10);
    const responses = [1, 2, 3, 4, 5].map((n) => app.request(`/work/${n}`, undefined, network));
    await settle();
    expect(started).toEqual([1, 2]);

    release.get(2)!();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    release.get(1)!();
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    release.get(3)!();
    release.get(4)!();
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    release.get(5)!();

    const bodies = await Promise.all(responses.map(async (r) => (await r).json()));
    expect(bodies).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
  });

  it("refuses a request beyond the waiting room with 503 and Retry-After, and keeps serving", async () => {
    const { app, started, release, settle } = gatedApp(1, 1);
    const first = app.request("/work/1", undefined, network);
    const second = app.request("/work/2", undefined, network);
    await settle();
    const refused = await app.request("/work/3", undefined, network);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ status: 503, code: "service_unavailable" });

    release.get(1)!();
    await settle();
    release.get(2)!();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(started).toEqual([1, 2]);
  });

  it("lets a request the process makes to itself through while the places are taken", async () => {
    const { app, started, release, settle } = gatedApp(1, 0);
    const held = app.request("/work/1", undefined, network);
    await settle();
    const inProcess = app.request("/work/2");
    await settle();
    expect(started).toEqual([1, 2]);
    release.get(2)!();
    expect((await inProcess).status).toBe(200);
    release.get(1)!();
    expect((await held).status).toBe(200);
  });

  it("lets the next request in once one has held its place past holdMs, without admitting two for it", async () => {
    const { app, started, release, settle } = gatedApp(1, 10, 300);
    const responses = [1, 2, 3].map((n) => app.request(`/work/${n}`, undefined, network));
    await settle();
    expect(started).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(started).toEqual([1, 2]);
    // The request that lapsed finishing does not free a second place: 3 waits for 2.
    release.get(1)!();
    await settle();
    expect(started).toEqual([1, 2]);
    release.get(2)!();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    release.get(3)!();
    expect((await Promise.all(responses)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("frees the place of a request that failed", async () => {
    const { app, started, release, settle } = gatedApp(1, 0);
    expect((await app.request("/boom", undefined, network)).status).toBe(500);
    await settle();
    const next = app.request("/work/1", undefined, network);
    await settle();
    expect(started).toEqual([1]);
    release.get(1)!();
    expect((await next).status).toBe(200);
  });
});
