/** The bench's processes: servers on free ports pinned to core 1, stopped at the end or on abort. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const children = new Set<ChildProcess>();
/** PGlite data directories of this run, removed even when the run is aborted. */
export const scratchDirs = new Set<string>();

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });

export interface Server {
  name: string;
  base: string;
  process: ChildProcess;
  output: () => string;
}

/**
 * How a tree's API server starts (`pnpm start` of apps/api): Node's own type stripping, or through
 * tsx in commits from before it (a baseline tree may be one).
 */
export const loaderFlags = (tree: string): string[] => {
  const { scripts } = JSON.parse(readFileSync(join(tree, "apps", "api", "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return scripts.start?.startsWith("tsx ") ? ["--import", "tsx"] : [];
};

/** Starts `node <script>` pinned to core 1, and waits for GET /healthz. */
export const startServer = async (options: {
  name: string;
  cwd: string;
  script: string[];
  env: Record<string, string>;
  nodeFlags?: string[];
}): Promise<Server> => {
  const port = await freePort();
  const child = spawn(
    "taskset",
    ["-c", "1", process.execPath, ...(options.nodeFlags ?? []), ...options.script],
    {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return { name: options.name, base, process: child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`${options.name} did not become healthy in 90 s:\n${output}`);
};

export const stopProcess = async (child: ChildProcess, graceMs = 15_000): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
};

/** One call of the REST API with a key, as an integrator makes it; throws on a non-2xx answer. */
export const api = async <T>(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> => {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
};

// ---------------------------------------------------------------------------------------------
// Machine facts

export const machine = () => {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  return {
    date: new Date().toISOString(),
    nproc: execFileSync("nproc").toString().trim(),
    cpuModel: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? "unknown",
    node: process.version,
  };
};

export const uptime = () => execFileSync("uptime").toString().trim();

export const killAll = () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
};
