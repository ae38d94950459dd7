/** Measuring one scenario: the load generator process, CPU time from /proc, a quiet machine. */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadOptions, LoadResult } from "./load.ts";
import { children, sleep } from "./processes.ts";
import { settings } from "./settings.ts";

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = resolve(here, "..");

export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((done, fail) => {
    const child = spawn(
      "taskset",
      ["-c", "0", process.execPath, join(here, "load.ts"), JSON.stringify(options)],
      { cwd: benchDir, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const limit = setTimeout(() => child.kill("SIGKILL"), (options.durationSeconds + 60) * 1000);
    child.on("exit", (code) => {
      clearTimeout(limit);
      children.delete(child);
      const line = stdout.trim().split("\n").pop();
      if (code === 0 && line) done(JSON.parse(line) as LoadResult);
      else fail(new Error(`load generator failed (${code}): ${stderr}`));
    });
  });

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) of one process, in ms, from /proc/<pid>/stat. */
export const processCpuMs = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** CPU time of each `postgres` process on the machine, by pid (the PostgreSQL server is shared: approximate). */
export const postgresCpuMs = (): Map<number, number> => {
  const byPid = new Map<number, number>();
  for (const pid of execFileSync("sh", ["-c", "pgrep -x postgres || true"]).toString().split("\n")) {
    if (pid.trim()) byPid.set(Number(pid), processCpuMs(Number(pid)));
  }
  return byPid;
};

/**
 * The postgres CPU spent between two snapshots: per process alive at the end (a new one counts whole).
 * A sum of totals would go negative when a backend (another client's) exits in between; a process
 * that exits in between is missed instead, so this is a lower bound.
 */
export const postgresCpuSpentMs = (before: Map<number, number>, after: Map<number, number>): number => {
  let spent = 0;
  for (const [pid, ms] of after) spent += Math.max(0, ms - (before.get(pid) ?? 0));
  return spent;
};

/** Waits (bounded) for the 1-minute load average to drop under BENCH_MAX_LOAD; returns what it was. */
export const waitForQuiet = async (): Promise<{
  load1: number;
  load5: number;
  load15: number;
  waitedSeconds: number;
}> => {
  const start = Date.now();
  while ((loadavg()[0] ?? 0) > settings.maxLoad && Date.now() - start < settings.quietWaitSeconds * 1000) {
    await sleep(2_000);
  }
  const [load1 = 0, load5 = 0, load15 = 0] = loadavg();
  return { load1, load5, load15, waitedSeconds: Math.round((Date.now() - start) / 1000) };
};
