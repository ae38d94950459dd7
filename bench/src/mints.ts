/**
 * `pnpm bench:mints`: how soon a reward token is on chain, through the real server process (API and embedded
 * worker, with its embedded anvil chain), on PostgreSQL (database `tally_bench_mints`, recreated) and PGlite:
 *   grant (QUEUE)      — POST /nft-reward/{id}/grant answers QUEUED; time until its status route reads COMPLETED;
 *   grant (IMMEDIATE)  — the baseline: the grant sends the mint itself; time until COMPLETED (the answer);
 *   campaign token     — a vote completing a campaign journey with a linked collectible; time until COMPLETED;
 *   airdrop            — POST /nft-reward/{id}/airdrops to every follower, due now; time until COMPLETED.
 * "COMPLETED" is the mint's receipt recorded (the token is on chain). The status routes are polled every
 * BENCH_POLL_MS; requests start every BENCH_INTERVAL_MS, so several mints are in flight at once. The cron
 * schedule runs as in production (mint-queue every minute, airdrop-monitor every 5): it is the backstop.
 *
 * Settings: BENCH_DBS=postgres,pglite  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_GRANTS=50
 * BENCH_COMPLETIONS=20  BENCH_FOLLOWERS=300  BENCH_INTERVAL_MS=200  BENCH_POLL_MS=100
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import {
  killAll,
  log,
  machine,
  type Server,
  scratchDirs,
  sleep,
  startServer,
  stopProcess,
  uptime,
} from "./processes.ts";

type DbKind = "postgres" | "pglite";

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = resolve(here, "..");
const repoDir = resolve(benchDir, "..");
const env = process.env;
const settings = {
  dbs: (env.BENCH_DBS ?? "postgres,pglite").split(",").map((s) => s.trim()) as DbKind[],
  pgUrl: (env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, ""),
  pgDatabase: "tally_bench_mints",
  grants: Number(env.BENCH_GRANTS ?? 50),
  completions: Number(env.BENCH_COMPLETIONS ?? 20),
  followers: Number(env.BENCH_FOLLOWERS ?? 300),
  intervalMs: Number(env.BENCH_INTERVAL_MS ?? 200),
  pollMs: Number(env.BENCH_POLL_MS ?? 100),
};
/** A mint or an airdrop not settled after this long is reported as a timeout. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;

interface Caller {
  base: string;
  key: string;
  userId?: string;
}

const call = async <T>(caller: Caller, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${caller.base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${caller.key}`,
      "content-type": "application/json",
      ...(caller.userId ? { "x-user-id": caller.userId } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Polls `read` until `done` holds; the milliseconds since `start`. */
const settledAfter = async <T>(start: number, read: () => Promise<T>, done: (value: T) => boolean) => {
  for (;;) {
    if (done(await read())) return Date.now() - start;
    if (Date.now() - start > SETTLE_TIMEOUT_MS) throw new Error("not settled in time");
    await sleep(settings.pollMs);
  }
};

type Mint = { status: string; txHash: string | null };
const minted = (mint: Mint) => mint.status === "COMPLETED";

// ---------------------------------------------------------------------------------------------
// Setup through the API, as an integrator would

interface Tenant {
  admin: Caller;
  member: Caller;
  organizationId: string;
  creatorId: string;
  owner: Caller;
  fans: string[];
}

const seedTenant = async (base: string, operatorKey: string): Promise<Tenant> => {
  const operator = { base, key: operatorKey };
  const organization = await call<{ id: string }>(operator, "POST", "/admin/organizations", {
    name: "Bench mints",
    subscriptionTierId: "pro",
  });
  const keyOf = async (role: "ADMIN" | "MEMBER") =>
    (
      await call<{ key: string }>(operator, "POST", "/admin/api-keys", {
        organizationId: organization.id,
        role,
        name: `bench ${role}`,
      })
    ).key;
  const admin = { base, key: await keyOf("ADMIN") };
  const member = { base, key: await keyOf("MEMBER") };
  const signUp = async (index: number, wallet: boolean) => {
    const suffix = `${index}-${randomBytes(4).toString("hex")}`;
    const address = `0x${randomBytes(20).toString("hex")}`;
    const user = await call<{ id: string }>(member, "POST", "/user", {
      email: `fan-${suffix}@example.com`,
      walletProviderId: `did:bench:${suffix}`,
      ...(wallet ? { walletAddress: address, walletId: `wallet-${address.slice(2, 12)}` } : {}),
    });
    return user.id;
  };
  const ownerId = await signUp(0, false);
  const creator = await call<{ id: string }>(admin, "POST", `/user/${ownerId}/creator`, {
    displayName: "Bench creator",
    slug: `bench-${randomBytes(4).toString("hex")}`,
    categoryIds: [],
  });
  const fans: string[] = [];
  for (let index = 1; index <= settings.followers; index += 1) {
    const fan = await signUp(index, true);
    await call({ ...member, userId: fan }, "POST", `/user/${fan}/creator/${creator.id}/followers/follow`);
    fans.push(fan);
  }
  return {
    admin,
    member,
    organizationId: organization.id,
    creatorId: creator.id,
    owner: { ...member, userId: ownerId },
    fans,
  };
};

const setRewardMode = (tenant: Tenant, rewardMode: "QUEUE" | "IMMEDIATE") =>
  call(tenant.admin, "PATCH", `/admin/organizations/${tenant.organizationId}/settings`, { rewardMode });

/** A PUBLISHED POINTS programme for the creator's followers (condition FANS), its contract deployed. */
const publishedProgramme = async (tenant: Tenant, name: string): Promise<string> => {
  const { owner, creatorId } = tenant;
  const reward = await call<{ id: string }>(owner, "POST", "/nft-reward", { type: "POINTS", creatorId });
  await call(owner, "PUT", `/nft-reward/${reward.id}`, {
    creatorId,
    pointsRewardDetails: { points: 50 },
    conditions: [{ type: "FANS", parameters: [] }],
  });
  await call(owner, "PUT", `/nft-reward/${reward.id}/nft`, {
    name,
    imageUrl: "https://cdn.example.com/pass.png",
    points: 10,
  });
  await call(owner, "PUT", `/nft-reward/${reward.id}/publish`);
  return reward.id;
};

type CampaignRead = { id: string; attributes: { id: number; options: { id: number }[] }[] };

/** A PUBLISHED MULTIVARIANT campaign with a linked collectible: one vote completes a journey. */
const publishedCampaign = async (tenant: Tenant): Promise<CampaignRead> => {
  const { owner, creatorId } = tenant;
  const draft = await call<{ id: string }>(owner, "POST", "/campaign", { creatorId, type: "MULTIVARIANT" });
  const now = Date.now();
  await call(owner, "PUT", `/campaign/${draft.id}`, {
    title: "Bench campaign",
    description: "Pick one",
    hero: [{ url: "https://cdn.example.com/hero.png", type: "image" }],
    startDate: new Date(now - 60_000).toISOString(),
    endDate: new Date(now + 7 * 86_400_000).toISOString(),
    reward: { points: 10, maxSupply: 0 },
    attributes: [{ title: "Colour", options: [{ value: "Red" }, { value: "Blue" }] }],
  });
  await call(owner, "PUT", `/campaign/${draft.id}/nft`, {
    name: "Bench collectible",
    imageUrl: "https://cdn.example.com/collectible.png",
  });
  await call(owner, "PATCH", `/campaign/${draft.id}/publish`, { requiresReview: false });
  return call<CampaignRead>(owner, "GET", `/campaign/${draft.id}`);
};

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Measured {
  scenario: string;
  samples: number[];
  failures: string[];
}

/** Starts `count` operations `intervalMs` apart (several in flight at once); each answers its latency. */
const paced = async (scenario: string, count: number, operation: (index: number) => Promise<number>) => {
  const runs: Promise<number | Error>[] = [];
  for (let index = 0; index < count; index += 1) {
    runs.push(operation(index).catch((error: unknown) => error as Error));
    await sleep(settings.intervalMs);
  }
  const outcomes = await Promise.all(runs);
  const measured: Measured = { scenario, samples: [], failures: [] };
  for (const outcome of outcomes)
    if (outcome instanceof Error) measured.failures.push(outcome.message);
    else measured.samples.push(outcome);
  log(`${scenario}: ${measured.samples.length} measured, ${measured.failures.length} failed`);
  return measured;
};

type Grant = { status: string; mintId: string; statusUrl: string; mint: Mint };

const grants = (tenant: Tenant, rewardId: string, scenario: string) =>
  paced(scenario, Math.min(settings.grants, tenant.fans.length), async (index) => {
    const fan = tenant.fans[index]!;
    const start = Date.now();
    const grant = await call<Grant>(tenant.owner, "POST", `/nft-reward/${rewardId}/grant`, {
      userId: fan,
      creatorId: tenant.creatorId,
    });
    if (minted(grant.mint)) return Date.now() - start;
    const asFan = { ...tenant.member, userId: fan };
    return settledAfter(start, () => call<Mint>(asFan, "GET", `/user/${fan}/mints/${grant.mintId}`), minted);
  });

const completions = async (tenant: Tenant) => {
  const campaign = await publishedCampaign(tenant);
  const votes = campaign.attributes.map((attribute) => ({
    attributeId: attribute.id,
    optionId: attribute.options[0]!.id,
  }));
  return paced(
    "campaign token (QUEUE)",
    Math.min(settings.completions, tenant.fans.length),
    async (index) => {
      const fan = tenant.fans[index]!;
      const asFan = { ...tenant.member, userId: fan };
      const start = Date.now();
      const done = await call<{ grant: { status: string; mintId: string | null } }>(
        asFan,
        "POST",
        `/campaign/${campaign.id}/vote`,
        { userId: fan, votes },
      );
      if (!done.grant.mintId) throw new Error(`no token queued: ${done.grant.status}`);
      return settledAfter(
        start,
        () => call<Mint>(asFan, "GET", `/user/${fan}/mints/${done.grant.mintId}`),
        minted,
      );
    },
  );
};

type Airdrop = { id: string; status: string; minted: number; skipped: number; failed: number };

const airdrop = async (tenant: Tenant, rewardId: string) => {
  const start = Date.now();
  const created = await call<Airdrop>(tenant.owner, "POST", `/nft-reward/${rewardId}/airdrops`, {
    creatorId: tenant.creatorId,
    eligibility: { type: "CONDITIONS" },
  });
  let last = created;
  const measured: Measured = {
    scenario: `airdrop of ${tenant.fans.length} followers`,
    samples: [],
    failures: [],
  };
  try {
    measured.samples.push(
      await settledAfter(
        start,
        async () => {
          last = await call<Airdrop>(tenant.owner, "GET", `/airdrop/${created.id}`);
          return last;
        },
        (read) => read.status === "COMPLETED" || read.status === "FAILED",
      ),
    );
    if (last.status !== "COMPLETED") measured.failures.push(`${last.status}: ${JSON.stringify(last)}`);
  } catch (error) {
    measured.failures.push(`${(error as Error).message}: ${JSON.stringify(last)}`);
  }
  log(
    `${measured.scenario}: ${last.status}, minted ${last.minted}, skipped ${last.skipped}, failed ${last.failed}`,
  );
  return measured;
};

// ---------------------------------------------------------------------------------------------
// One database

const databaseEnv = async (kind: DbKind): Promise<{ env: Record<string, string>; version: string }> => {
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "tally-bench-mints-"));
    scratchDirs.add(dir);
    return { env: { DATA_DIR: dir, DATABASE_URL: "" }, version: "PGlite (in-process)" };
  }
  const admin = postgres(`${settings.pgUrl}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin<{ server_version: string }[]>`show server_version`;
    await admin.unsafe(`drop database if exists ${settings.pgDatabase} with (force)`);
    await admin.unsafe(`create database ${settings.pgDatabase}`);
    return {
      env: { DATABASE_URL: `${settings.pgUrl}/${settings.pgDatabase}` },
      version: `PostgreSQL ${row?.server_version ?? "?"}`,
    };
  } finally {
    await admin.end({ timeout: 5 });
  }
};

const benchDatabase = async (kind: DbKind) => {
  const database = await databaseEnv(kind);
  const operatorKey = `svc_test_${randomBytes(24).toString("hex")}`;
  let server: Server | undefined;
  try {
    server = await startServer({
      name: `api + worker (${kind})`,
      cwd: join(repoDir, "apps", "api"),
      script: ["src/cli.ts", "start"],
      env: {
        ...database.env,
        LOG_LEVEL: "warn",
        DEPLOYMENT_ENV: "test",
        BOOTSTRAP_OPERATOR_KEY: operatorKey,
        SEED_DEMO: "false",
      },
    });
    log(`${kind}: seeding ${settings.followers} followers`);
    const tenant = await seedTenant(server.base, operatorKey);
    const uptimeBefore = uptime();
    await setRewardMode(tenant, "IMMEDIATE");
    const immediate = await grants(
      tenant,
      await publishedProgramme(tenant, "Immediate"),
      "grant (IMMEDIATE, baseline)",
    );
    await setRewardMode(tenant, "QUEUE");
    const queued = await grants(tenant, await publishedProgramme(tenant, "Queued"), "grant (QUEUE)");
    const campaign = await completions(tenant);
    const dropped = await airdrop(tenant, await publishedProgramme(tenant, "Airdropped"));
    return { kind, version: database.version, uptimeBefore, results: [immediate, queued, campaign, dropped] };
  } finally {
    if (server) await stopProcess(server.process);
    if (database.env.DATA_DIR) {
      rmSync(database.env.DATA_DIR, { recursive: true, force: true });
      scratchDirs.delete(database.env.DATA_DIR);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Report

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const seconds = (ms: number) => (Number.isNaN(ms) ? "—" : (ms / 1000).toFixed(2));

const report = (runs: Awaited<ReturnType<typeof benchDatabase>>[]) => {
  const info = machine();
  const lines = [
    `Mint latency, ${info.date} — ${info.nproc} cores, ${info.cpuModel}, Node ${info.node}`,
    `${settings.grants} grants, ${settings.completions} completions, ${settings.followers} followers; a request every ${settings.intervalMs} ms, status polled every ${settings.pollMs} ms`,
    "",
    "| database | scenario | n | p50 s | p99 s | max s | failed |",
    "| -------- | -------- | - | ----- | ----- | ----- | ------ |",
  ];
  for (const run of runs)
    for (const result of run.results) {
      const sorted = [...result.samples].sort((a, b) => a - b);
      lines.push(
        `| ${run.version} | ${result.scenario} | ${sorted.length} | ${seconds(percentile(sorted, 50))} | ${seconds(percentile(sorted, 99))} | ${seconds(sorted.at(-1) ?? Number.NaN)} | ${result.failures.length} |`,
      );
    }
  lines.push("");
  for (const run of runs) {
    lines.push(`- ${run.kind}: load before the scenarios \`${run.uptimeBefore}\``);
    for (const result of run.results)
      for (const failure of result.failures.slice(0, 3))
        lines.push(`  - ${result.scenario} failed: ${failure}`);
  }
  return lines.join("\n");
};

const main = async () => {
  if (!process.version.startsWith("v24."))
    throw new Error(`Node 24 expected, got ${process.version}: run it through pnpm`);
  const watchdog = setTimeout(
    () => {
      log("run exceeded its budget: stopping");
      killAll();
      process.exit(2);
    },
    settings.dbs.length * 30 * 60_000,
  );
  watchdog.unref();
  const runs = [];
  for (const kind of settings.dbs) runs.push(await benchDatabase(kind));
  const markdown = report(runs);
  const resultsDir = join(benchDir, "results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(join(resultsDir, `mints-${stamp}.json`), `${JSON.stringify({ settings, runs }, null, 2)}\n`);
  writeFileSync(join(resultsDir, "mints-latest.md"), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
  clearTimeout(watchdog);
};

const abort = (signal: NodeJS.Signals) => {
  killAll();
  process.exit(signal === "SIGINT" ? 130 : 143);
};
process.on("SIGINT", abort);
process.on("SIGTERM", abort);

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  killAll();
  process.exit(1);
});
