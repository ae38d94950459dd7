import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureReport, walkthroughBlocks, walkthroughScript } from "./docs/walkthrough-script.ts";

/**
 * Every shell walkthrough of README.md and docs/*.md runs as written against a server started the
 * way the README tells a new user (`npx -y pnpm@10 start` at the repository root, nothing
 * configured, a fresh data directory), one bash session per document, README first. The opt-out
 * rule is in ./docs/walkthrough-script.ts. The walkthroughs use the README's embedded PGlite
 * whatever the suite runs on, so they run once: on the PGlite pass.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];

const walkthroughs = DOCUMENTS.map((document) => ({
  document,
  steps: walkthroughBlocks(readFileSync(join(ROOT, document), "utf8")).filter(
    (block) => block.skip === undefined,
  ),
})).filter(({ steps }) => steps.length > 0);

const onPostgres = Boolean(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);

/** The environment a new user has: none of the test run's database or deployment settings. */
const newUserEnvironment = (dataDir: string): NodeJS.ProcessEnv => {
  const { DATABASE_URL, TEST_DATABASE_URL, BOOTSTRAP_OPERATOR_KEY, DEPLOYMENT_ENV, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, PORT: "0" };
};

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the group (npx, pnpm, the server, which stops its chain); waits until all have exited. */
const stopGroup = async (pid: number) => {
  if (groupAlive(pid)) process.kill(-pid, "SIGTERM");
  for (let waited = 0; groupAlive(pid) && waited < 20_000; waited += 200) await delay(200);
  if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
};

/** Stays under the hook's timeout, so a server that never comes up is stopped here, not left behind. */
const STARTUP_LIMIT_MS = 170_000;

const startServer = async (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; origin: string }> => {
  // Its own process group, so stopping it reaches pnpm's child, the server.
  const child = spawn("npx", ["-y", "pnpm@10", "start"], { cwd: ROOT, env, detached: true });
  let output = "";
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopGroup(child.pid!);
      reject(new Error(`npx -y pnpm@10 start did not listen within ${STARTUP_LIMIT_MS} ms:\n${output}`));
    }, STARTUP_LIMIT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+?)\/api\/v1/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      // Its request logs are not needed once it listens.
      child.stdout!.off("data", onData).resume();
      child.stderr!.off("data", onData).resume();
      resolve(listening[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npx -y pnpm@10 start exited with ${code}:\n${output}`));
    });
  });
  return { child, origin };
};

const runBash = async (
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> => {
  const child = spawn("bash", ["-c", `exec 2>&1\n${script}`], { cwd: ROOT, env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
};

describe.skipIf(onPostgres)("the docs' shell walkthroughs, run as written", () => {
  let run:
    | { dataDir: string; env: NodeJS.ProcessEnv; server?: { child: ChildProcess; origin: string } }
    | undefined;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tally-walkthroughs-"));
    run = { dataDir, env: newUserEnvironment(dataDir) };
    run.server = await startServer(run.env);
  }, 300_000);
  afterAll(async () => {
    const pid = run?.server?.child.pid;
    if (pid) await stopGroup(pid);
    if (run) rmSync(run.dataDir, { recursive: true, force: true });
  }, 30_000);

  it.each(walkthroughs)(
    "$document",
    async ({ steps }) => {
      const { code, output } = await runBash(walkthroughScript(steps, run!.server!.origin), run!.env);
      if (code !== 0) expect.fail(failureReport(steps, output, code));
    },
    // A page funds wallets and pays on chain; beside the other API test files on a loaded CI machine
    // the USDC page took over two minutes.
    360_000,
  );
});

describe("a walkthrough that fails", () => {
  it("reports the block that failed, as written, with its output", async () => {
    const steps = walkthroughBlocks(
      [
        "```sh",
        "ID=42",
        "echo first",
        "```",
        "",
        "```sh",
        'echo "second $ID"',
        "false",
        "echo never",
        "```",
      ].join("\n"),
    );
    const { code, output } = await runBash(walkthroughScript(steps, "http://127.0.0.1:1"), process.env);
    expect(code).toBe(1);
    expect(failureReport(steps, output, code)).toBe(
      'the block at line 6 failed (exit 1):\necho "second $ID"\nfalse\necho never\n--- its output ---\nsecond 42\n',
    );
  });

  it("refuses a skip marker without a reason", () => {
    expect(() => walkthroughBlocks("<!-- walkthrough: skip -->\n```sh\ntrue\n```")).toThrow(
      /gives no reason/,
    );
  });
});
