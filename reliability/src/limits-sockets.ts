import { readFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";

/**
 * Raw TCP clients for the limits gate: what a slowloris or a connection flood does, which `fetch`
 * cannot (it always finishes its headers).
 */

export interface Closing {
  /** Milliseconds from the connection's opening to the server closing it. */
  afterMs: number;
  /** Whatever the server wrote before closing, e.g. `HTTP/1.1 408 Request Timeout`. */
  answer: string;
}

const hostAndPort = (base: string) => {
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port) };
};

/** Resolves when the server closes the socket (an error counts: a reset is a close too). */
const watchClosing = (socket: Socket, openedAt: number): Promise<Closing> =>
  new Promise((resolve) => {
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => undefined);
    socket.once("close", () => resolve({ afterMs: performance.now() - openedAt, answer }));
  });

const connected = (base: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(hostAndPort(base));
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });

export interface IdleConnections {
  /** How many the server has not closed yet. */
  open(): number;
  /** Every connection's closing by the server. */
  closings: Promise<Closing[]>;
  destroy(): void;
}

/** `count` connections that send nothing at all, opened in batches so the accept queue is not the limit. */
export const openIdleConnections = async (base: string, count: number): Promise<IdleConnections> => {
  const sockets: Socket[] = [];
  const closings: Promise<Closing>[] = [];
  let closed = 0;
  for (let opened = 0; opened < count; opened += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - opened) }, () => connected(base)),
    );
    for (const socket of batch) {
      sockets.push(socket);
      closings.push(
        watchClosing(socket, performance.now()).then((closing) => {
          closed += 1;
          return closing;
        }),
      );
    }
  }
  return {
    open: () => sockets.length - closed,
    closings: Promise.all(closings),
    destroy: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
};

/**
 * A client that starts a request and then sends one more header line every `everyMs`, never the
 * blank line that ends the headers, for at most `forMs`. Resolves with the server's closing, or with
 * `undefined` when the client gave up first (the server let it trickle for the whole time).
 */
export const slowHeaderClient = async (
  base: string,
  options: { everyMs: number; forMs: number },
): Promise<Closing | undefined> => {
  const socket = await connected(base);
  const openedAt = performance.now();
  const closing = watchClosing(socket, openedAt);
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(base).host}\r\n`);
  let line = 0;
  const trickle = setInterval(() => {
    line += 1;
    if (!socket.destroyed) socket.write(`X-Slow-${line}: ${"x".repeat(8)}\r\n`);
  }, options.everyMs);
  const gaveUp = new Promise<undefined>((resolve) => setTimeout(resolve, options.forMs, undefined));
  const outcome = await Promise.race([closing, gaveUp]);
  clearInterval(trickle);
  socket.destroy();
  return outcome;
};

/** The open-files limit (soft) of a process, from /proc (Linux); undefined elsewhere. */
export const openFilesLimit = async (pid: number | "self"): Promise<number | undefined> => {
  const limits = await readFile(`/proc/${pid}/limits`, "utf8").catch(() => undefined);
  const soft = limits && /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1];
  if (!soft) return undefined;
  return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
};
