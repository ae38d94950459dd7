import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

export interface ApiProcess {
  child: ChildProcess;
  /** e.g. `http://127.0.0.1:41234` */
  base: string;
  /** What it printed until it listened. */
  output: string;
  stop(): Promise<void>;
  /**
   * Stops the process, by SIGKILL if SIGTERM has not ended it within `graceMs` (a process stuck in a
   * synchronous loop never runs its SIGTERM handler). Only a graceful stop also stops the local
   * chain it started, which runs in its own process group.
   */
  kill(graceMs?: number): Promise<void>;
}

/**
 * Starts the API as `pnpm start` does (`node src/cli.ts start`: Node's own type stripping, no
 * loader) as a child process on a free port, with `env` over this process's environment (a value
 * of `undefined` removes the variable). Resolves once it prints where it listens.
 */
export const startApiProcess = async (env: Record<string, string | undefined>): Promise<ApiProcess> => {
  const merged: Record<string, string | undefined> = { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env };
  const child = spawn(process.execPath, [fileURLToPath(new URL("../src/cli.ts", import.meta.url)), "start"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+?)\/api\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    base,
    get output() {
      return output;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
    async kill(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
};
