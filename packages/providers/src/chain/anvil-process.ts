import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { type AddressInfo, createServer, Socket } from "node:net";
import type { ProviderLogger } from "../logger.ts";
import { resolveAnvilBinary } from "./anvil-binary.ts";

export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  /** SIGTERM to the process group (anvil then writes its state), SIGKILL after 3 s; resolves once it exited. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 3_000;
const PORT_ATTEMPTS = 5;
const STDERR_TAIL_CHARS = 4_000;

/** A port that was free a moment ago; anvil may still lose the race for it, hence the retries. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answersChainId = async (rpcUrl: string): Promise<boolean> => {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok && typeof ((await response.json()) as { result?: unknown }).result === "string";
  } catch {
    return false;
  }
};

const signalGroup = (pid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
};

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Resolves true once anvil answers, false if it exited first; throws after READY_TIMEOUT_MS. */
const waitUntilReady = async (child: ChildProcess, rpcUrl: string): Promise<boolean> => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) return false;
    if (await answersChainId(rpcUrl)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within ${READY_TIMEOUT_MS / 1000} s`);
};

/**
 * Starts anvil on a free loopback port in its own process group (`detached`), so stopping it reaches
 * anvil and nothing else, and waits until it answers JSON-RPC. `args` are anvil's other flags.
 */
export const spawnAnvil = async (options: {
  args: string[];
  logger: ProviderLogger;
}): Promise<AnvilProcess> => {
  const binary = resolveAnvilBinary();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const rpcUrl = `http://127.0.0.1:${port}`;
    const child = spawn(binary, ["--host", "127.0.0.1", "--port", String(port), ...options.args], {
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.on("error", () => {
      // Spawn failures surface as a missing pid (below) or an early exit; without a listener they would crash.
    });
    const pid = child.pid;
    if (pid === undefined) throw new Error(`anvil could not be started (${binary})`);
    let stderr = "";
    const collectStderr = (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    };
    child.stderr?.setEncoding("utf8").on("data", collectStderr);

    let ready: boolean;
    try {
      ready = await waitUntilReady(child, rpcUrl);
    } catch (error) {
      signalGroup(pid, "SIGKILL");
      throw new Error(`${(error as Error).message}; anvil said: ${stderr.trim() || "(nothing)"}`);
    }
    if (!ready) {
      // 'exit' can come before the last of stderr has been read.
      if (child.stderr && !child.stderr.closed) await once(child.stderr, "close");
      if (stderr.includes("Address already in use") && attempt < PORT_ATTEMPTS) continue;
      throw new Error(`anvil exited while starting: ${stderr.trim() || `exit code ${child.exitCode}`}`);
    }
    child.stderr?.off("data", collectStderr);
    return supervise(child, pid, rpcUrl, options.logger);
  }
};

const supervise = (
  child: ChildProcess,
  pid: number,
  rpcUrl: string,
  logger: ProviderLogger,
): AnvilProcess => {
  let stopping = false;
  // A parent that exits without stop() (a crash, process.exit) still takes anvil with it.
  const stopOnParentExit = () => signalGroup(pid, "SIGTERM");
  process.once("exit", stopOnParentExit);
  child.stderr?.on("data", (chunk: string) =>
    logger.warn({ pid, stderr: chunk.trim() }, "anvil wrote to stderr"),
  );
  child.on("exit", (code, signal) => {
    process.off("exit", stopOnParentExit);
    if (!stopping) logger.warn({ pid, code, signal }, "anvil exited unexpectedly");
  });
  // The chain never keeps the parent alive on its own; stop() or the exit hook ends it.
  child.unref();
  if (child.stderr instanceof Socket) child.stderr.unref();
  logger.info({ pid, rpcUrl }, "anvil started");

  return {
    rpcUrl,
    pid,
    async stop() {
      stopping = true;
      if (hasExited(child)) return;
      child.ref();
      const exited = once(child, "exit");
      signalGroup(pid, "SIGTERM");
      const escalation = setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(escalation);
      logger.info({ pid }, "anvil stopped");
    },
  };
};
