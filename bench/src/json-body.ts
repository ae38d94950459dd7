/**
 * Time per megabyte (MiB) of the JSON body limits for the shapes a hostile client sends: deep
 * nesting, many values, one long string, many keys (each refused by a limit), plus a well-formed
 * body of the same size that passes the limits. Two parts:
 *
 * 1. the parser: `parseJsonText` (what every transport runs), beside plain `JSON.parse` of the same
 *    text for scale; median of BENCH_ROUNDS runs, in process;
 * 2. the app: the same bodies POSTed to a real `pnpm start` server process (embedded PGlite in a
 *    scratch directory, no worker) on a loopback port, on three transports: REST without a key
 *    (`POST /api/v1/guest/order`), `/trpc` (`commerce.users.create`, no key) and the signed events
 *    webhook. Median wall time per request, and the server process's CPU time per request (from
 *    /proc, 10 ms ticks, averaged over the rounds).
 *
 * `npx -y pnpm@10 --filter @tally/bench bench:json` (BENCH_ROUNDS=21, BENCH_APP=0 skips part 2).
 * Bodies are about 1,000,000 bytes, inside the API's 1 MiB body limit; figures are per MiB.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hmacSha256, parseJsonText } from "@tally/core";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const WITH_APP = process.env.BENCH_APP !== "0";
const MEBIBYTE = 1024 * 1024;
const SIZE = 1_000_000;

const shapes: Record<string, string> = {
  "deep (refused: depth > 32)": `${"[".repeat(SIZE / 2)}${"]".repeat(SIZE / 2)}`,
  "wide (refused: > 10,000 values)": `[${"0,".repeat(SIZE / 2 - 1)}0]`,
  "long string (refused)": JSON.stringify({ text: "x".repeat(SIZE - 20) }),
  "many keys (refused)": `{${Array.from({ length: SIZE / 16 }, (_, i) => `"k${String(i).padStart(10, "0")}":1`).join(",")}}`,
  "accepted: 9,000 short strings": JSON.stringify({
    items: Array.from({ length: 9_000 }, (_, i) => `item ${i} ${"x".repeat(SIZE / 9_000 - 20)}`),
  }),
};

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const time = (run: () => void): number => {
  const started = process.hrtime.bigint();
  try {
    run();
  } catch {
    // Refusals are the point of most shapes.
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
};

const mebibytes = (text: string): number => Buffer.byteLength(text) / MEBIBYTE;

console.log(`JSON body limits, the parser: median of ${ROUNDS} runs, milliseconds per MiB`);
console.log("shape".padEnd(34), "parseJsonText".padStart(14), "JSON.parse".padStart(12));
for (const [name, text] of Object.entries(shapes)) {
  const size = mebibytes(text);
  const guarded = median(Array.from({ length: ROUNDS }, () => time(() => parseJsonText(text)))) / size;
  const plain = median(Array.from({ length: ROUNDS }, () => time(() => JSON.parse(text)))) / size;
  console.log(name.padEnd(34), guarded.toFixed(2).padStart(14), plain.toFixed(2).padStart(12));
}

// ---------------------------------------------------------------------------------------------
// Through the app

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "apps", "api");
const SIGNING_KEY = "bench-json-signing-key-0123456789";

/** CPU time (user + system) of one process, in ms, from /proc/<pid>/stat (100 ticks a second). */
const processCpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const startApi = async (dataDir: string): Promise<{ child: ChildProcess; base: string }> => {
  const child = spawn(process.execPath, [join(apiDir, "src", "cli.ts"), "start"], {
    cwd: apiDir,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.endsWith("DATABASE_URL"))),
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DEPLOYMENT_ENV: "test",
      SEED_DEMO: "false",
      BOOTSTRAP_OPERATOR_KEY: "",
      RUN_WORKER: "off",
      LOG_LEVEL: "silent",
      EVENTS_SIGNING_KEY: SIGNING_KEY,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const base = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`API did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+?)\/api\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`API exited with ${code}:\n${output}`));
    });
  });
  return { child, base };
};

const json = { "content-type": "application/json" };
const transports: Record<string, (body: string) => { path: string; headers: Record<string, string> }> = {
  "REST, no key": () => ({ path: "/api/v1/guest/order", headers: json }),
  "/trpc": () => ({ path: "/trpc/commerce.users.create", headers: json }),
  "signed webhook": (body) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    return {
      path: "/api/v1/webhooks/events/user-created",
      headers: {
        ...json,
        "X-Signature": hmacSha256(SIGNING_KEY, [`${timestamp}.${body}`]).toString("hex"),
        "X-Signature-Timestamp": timestamp,
      },
    };
  },
};

if (WITH_APP) {
  const dataDir = mkdtempSync(join(tmpdir(), "tally-bench-json-"));
  const { child, base } = await startApi(dataDir);
  try {
    console.log(
      `\nThrough the app (a pnpm start process on PGlite, over loopback): ${ROUNDS} requests each;` +
        " wall = median per request, cpu = server CPU per request; milliseconds per MiB",
    );
    console.log(
      "shape".padEnd(34),
      ...Object.keys(transports).map((name) => `${name}: wall / cpu (status)`.padStart(26)),
    );
    for (const [name, body] of Object.entries(shapes)) {
      const size = mebibytes(body);
      const cells: string[] = [];
      for (const transport of Object.values(transports)) {
        // One unmeasured request first (connection, first-call compilation).
        const warm = transport(body);
        await (await fetch(`${base}${warm.path}`, { method: "POST", headers: warm.headers, body })).text();
        const walls: number[] = [];
        const statuses = new Set<number>();
        const cpuBefore = processCpuMs(child.pid!);
        for (let round = 0; round < ROUNDS; round += 1) {
          const { path, headers } = transport(body);
          const started = performance.now();
          const response = await fetch(`${base}${path}`, { method: "POST", headers, body });
          await response.text();
          walls.push(performance.now() - started);
          statuses.add(response.status);
        }
        const cpu = (processCpuMs(child.pid!) - cpuBefore) / ROUNDS;
        const cell = `${(median(walls) / size).toFixed(1)} / ${(cpu / size).toFixed(1)} (${[...statuses].join(",")})`;
        cells.push(cell.padStart(26));
      }
      console.log(name.padEnd(34), ...cells);
    }
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
