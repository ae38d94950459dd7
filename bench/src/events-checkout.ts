/**
 * `pnpm bench:events-checkout`: how long a job waits for its worker while the API is busy. The server
 * (API and embedded worker, PostgreSQL database `tally_bench_events_checkout`, recreated) is set up
 * through REST as an integrator would (a PRO organization, 50 keys, a creator, 20 products of 4
 * variants, BENCH_BUYERS buyers), its backlog drained; then BENCH_WORKERS buyers at a time run the
 * card checkout for BENCH_SECONDS (order, second product, shipping quote, checkout, the sandbox's
 * signed payment webhook, reading the order until PAID), as ../shared/peers/tally-vs-medusa's
 * tally-checkout.mjs does. Every paid order publishes its follow-up events (purchase-processed to
 * two subscribers, the confirmations, ...).
 * Reported, from pg-boss's job table: every event job created in the window, its wait (created or due
 * -> started; a job not started by the end counts as waiting until then), the longest wait per queue
 * (cron and pg-boss's own queues included), and the queue depth (jobs due and not yet started, and
 * active ones, every queue) sampled every 250 ms.
 *
 * Settings: BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_SECONDS=30  BENCH_WORKERS=10
 *   BENCH_BUYERS=600  BENCH_CPU_PROF=<dir> (the API server's CPU profile)
 */
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { freshDatabase } from "./fresh-database.ts";
import { percentile } from "./percentile.ts";
import { api, killAll, log, machine, sleep, startServer, stopProcess, uptime } from "./processes.ts";

const repoDir = resolve(import.meta.dirname, "..", "..");
const env = process.env;
const settings = {
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  database: "tally_bench_events_checkout",
  seconds: Number(env.BENCH_SECONDS ?? 30),
  workers: Number(env.BENCH_WORKERS ?? 10),
  buyers: Number(env.BENCH_BUYERS ?? 600),
  /** The API server's CPU profile goes here (`--cpu-prof`), for `src/profile-summary.ts`. */
  cpuProfDir: env.BENCH_CPU_PROF,
  keys: 50,
  products: 20,
};

/** Runs fn(i) for i in [0, n), `concurrency` at a time. */
const pool = async <T>(n: number, concurrency: number, fn: (index: number) => Promise<T>): Promise<T[]> => {
  const results = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const index = next++;
        results[index] = await fn(index);
      }
    }),
  );
  return results;
};

interface Product {
  id: string;
  variantIds: string[];
}

const seed = async (base: string, operatorKey: string) => {
  const organization = await api<{ id: string }>(base, operatorKey, "POST", "/admin/organizations", {
    name: "Bench events under checkout",
    subscriptionTierId: "pro",
  });
  const keys = await pool(settings.keys, 5, async (index) => {
    const { key } = await api<{ key: string }>(base, operatorKey, "POST", "/admin/api-keys", {
      organizationId: organization.id,
      role: "MEMBER",
      name: `bench ${index}`,
    });
    return key;
  });
  let turn = 0;
  const key = () => keys[turn++ % keys.length]!;
  const tag = randomBytes(4).toString("hex");
  const owner = await api<{ id: string }>(base, key(), "POST", "/user", {
    email: `owner-${tag}@bench.example.com`,
    walletProviderId: `did:bench:${tag}:owner`,
  });
  const asOwner = { "x-user-id": owner.id };
  const creator = await api<{ id: string }>(
    base,
    key(),
    "POST",
    `/user/${owner.id}/creator`,
    { displayName: "Bench Creator", slug: `bench-${tag}`, categoryIds: [1] },
    asOwner,
  );
  const products = await pool(settings.products, 5, async (index): Promise<Product> => {
    const product = await api<{ id: string; variants: Array<{ id: string }> }>(
      base,
      key(),
      "POST",
      `/creator/id/${creator.id}/product`,
      {
        name: `Bench Product ${index}`,
        slug: `bench-product-${index}`,
        description: "A comfortable everyday garment.",
        price: (10 + index) * 100,
        images: [`http://127.0.0.1/img/p${index}.png`],
        categoryId: 1 + (index % 4),
        variants: ["S", "M", "L", "XL"].map((size) => ({
          name: size,
          sku: `BENCH-${index}-${size}`,
          attributes: { Size: size },
          stock: 100_000_000,
        })),
      },
      asOwner,
    );
    await api(
      base,
      key(),
      "POST",
      `/creator/id/${creator.id}/product/${product.id}/publish`,
      undefined,
      asOwner,
    );
    return { id: product.id, variantIds: product.variants.map((variant) => variant.id) };
  });
  const buyers = await pool(settings.buyers, 10, async (index) => {
    const user = await api<{ id: string }>(base, key(), "POST", "/user", {
      email: `buyer${index}-${tag}@bench.example.com`,
      walletProviderId: `did:bench:${tag}:buyer${index}`,
    });
    return user.id;
  });
  return { key, products, buyers };
};

const shippingAddress = {
  firstName: "Bench",
  lastName: "Buyer",
  address: { line1: "1 Main St", city: "New York", state: "NY", postalCode: "10001", countryCode: "US" },
};

const main = async () => {
  const url = await freshDatabase(settings.pgUrl, settings.database);
  const operatorKey = `svc_test_${randomBytes(20).toString("hex")}`;
  const server = await startServer({
    name: "tally",
    cwd: join(repoDir, "apps", "api"),
    script: ["src/cli.ts", "start"],
    env: {
      DATABASE_URL: url,
      BOOTSTRAP_OPERATOR_KEY: operatorKey,
      DEPLOYMENT_ENV: "test",
      LOG_LEVEL: "warn",
      EVENTS_SIGNING_KEY: "bench-events-signing-key-0123456789",
      DATA_DIR: `/tmp/tally-bench-events-checkout-${process.pid}`,
    },
    ...(settings.cpuProfDir ? { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${settings.cpuProfDir}`] } : {}),
  });
  const db = postgres(url, { max: 2, onnotice: () => {} });
  const depth = async () => {
    const [row] = await db.unsafe<Array<{ due: string; active: string }>>(
      `select count(*) filter (where state in ('created', 'retry') and start_after <= now()) as due,
              count(*) filter (where state = 'active') as active
         from pgboss.job where state < 'completed'`,
    );
    return { due: Number(row!.due), active: Number(row!.active) };
  };
  try {
    const base = server.base;
    const { key, products, buyers } = await seed(base, operatorKey);
    log(`seeded ${products.length} products, ${buyers.length} buyers; draining their events`);
    for (let { due, active } = await depth(); due + active > 0; { due, active } = await depth())
      await sleep(250);

    const load = uptime();
    const [{ now: windowStart }] = await db.unsafe<[{ now: Date }]>("select now()");
    const samples: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { due, active } = await depth();
        samples.push(due + active);
        await sleep(250);
      }
    })();
    const ends = Date.now() + settings.seconds * 1000;
    let nextBuyer = 0;
    const reusable: string[] = [];
    let paid = 0;
    let failed = 0;
    const errors: string[] = [];
    const checkout = async (turn: number) => {
      const buyer = nextBuyer < buyers.length ? buyers[nextBuyer++] : reusable.shift();
      if (!buyer) throw new Error("no buyer without an open order left");
      const as = { "x-user-id": buyer };
      const first = products[turn % products.length]!;
      const second = products[(turn + 1) % products.length]!;
      const order = await api<{ id: string }>(
        base,
        key(),
        "POST",
        `/user/${buyer}/order`,
        { productId: first.id, variantIds: [first.variantIds[turn % 4]] },
        as,
      );
      await api(
        base,
        key(),
        "POST",
        `/user/${buyer}/order/${order.id}/product/${second.id}`,
        { variantIds: [second.variantIds[(turn + 1) % 4]] },
        as,
      );
      await api(base, key(), "POST", `/order/${order.id}/shipping/quote`, shippingAddress, as);
      const intent = await api<{ paymentIntentId: string }>(
        base,
        key(),
        "POST",
        `/user/${buyer}/order/${order.id}/checkout`,
        {},
        as,
      );
      const response = await fetch(
        `${base}/api/v1/test-helpers/cardproc/payment-intents/${intent.paymentIntentId}/succeed`,
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
      );
      if (!response.ok) throw new Error(`sandbox succeed: ${response.status} ${await response.text()}`);
      for (const deadline = Date.now() + 30_000; ; await sleep(50)) {
        const read = await api<{ status: string }>(
          base,
          key(),
          "GET",
          `/user/${buyer}/order/${order.id}`,
          undefined,
          as,
        );
        if (read.status === "PAID") break;
        if (Date.now() > deadline) throw new Error(`order ${order.id} not PAID after 30 s: ${read.status}`);
      }
      reusable.push(buyer);
    };
    let turns = 0;
    await Promise.all(
      Array.from({ length: settings.workers }, async () => {
        while (Date.now() < ends) {
          try {
            await checkout(turns++);
            paid++;
          } catch (error) {
            failed++;
            if (errors.length < 5) errors.push(String(error instanceof Error ? error.message : error));
          }
        }
      }),
    );
    const [{ now: windowEnd }] = await db.unsafe<[{ now: Date }]>("select now()");
    sampling = false;
    await sampler;
    const jobs = await db.unsafe<Array<{ name: string; wait: string }>>(
      `select name, extract(epoch from coalesce(started_on, $2::timestamptz) - greatest(created_on, start_after)) * 1000 as wait
         from pgboss.job where created_on >= $1 and created_on <= $2 and start_after <= $2`,
      [windowStart, windowEnd],
    );
    // The events' queues; cron runs and pg-boss's own schedule queue are listed by queue only.
    const waits = jobs
      .filter((job) => job.name.startsWith("event."))
      .map((job) => Number(job.wait))
      .sort((a, b) => a - b);
    const byQueue = new Map<string, number[]>();
    for (const job of jobs) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), Number(job.wait)]);
    const depths = [...samples].sort((a, b) => a - b);
    const result = {
      machine: machine(),
      seconds: settings.seconds,
      checkoutWorkers: settings.workers,
      ordersPaid: paid,
      ordersPerSecond: Math.round((paid / settings.seconds) * 10) / 10,
      checkoutErrors: failed,
      errorSamples: errors,
      eventJobs: waits.length,
      eventWaitMs: {
        p50: Math.round(percentile(waits, 50)),
        p99: Math.round(percentile(waits, 99)),
        max: Math.round(waits.at(-1) ?? 0),
      },
      maxWaitMsByQueue: Object.fromEntries(
        [...byQueue].map(([name, queueWaits]) => [name, Math.round(Math.max(...queueWaits))]).sort(),
      ),
      queueDepth: { samples: depths.length, p50: percentile(depths, 50), max: depths.at(-1) ?? 0 },
      loadBefore: load,
      loadAfter: uptime(),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await db.end();
    await stopProcess(server.process);
  }
};

main().catch((error) => {
  killAll();
  log(String(error instanceof Error ? error.stack : error));
  process.exit(1);
});
