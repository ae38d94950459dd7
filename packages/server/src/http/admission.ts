import { AppError } from "@tally/core";
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env.ts";

export interface AdmissionOptions {
  /** Requests handled at once; the rest wait in arrival order. */
  concurrency: number;
  /** Requests allowed to wait; one more is refused with 503 and `Retry-After`. */
  maxWaiting: number;
  /**
   * A request still running after this long gives up its place and goes on outside the count: it is
   * waiting on something other than the database (an outside call, or another request), and holding
   * its place would stall the line behind it.
   */
  holdMs: number;
}

/** A request that came in over a socket: @hono/node-server passes the node request as `env.incoming`. */
const fromNetwork = (env: unknown): boolean =>
  (env as { incoming?: unknown } | undefined)?.incoming !== undefined;

/**
 * First come, first served admission onto a database that runs one statement at a time (embedded
 * PGlite). Each statement there runs synchronously, so with every open request in flight the loop
 * spends long stretches on statements while new requests sit unread in the kernel, and a request's
 * later statements queue behind everyone's earlier ones: a few requests wait for seconds. Holding
 * the rest in a queue keeps each stretch short, and the next request starts from `setImmediate`, after
 * the loop has read what arrived meanwhile.
 *
 * Only requests from the network wait. A request the process makes to itself (the sandbox card
 * processor delivering its webhook in-process while a checkout holds a place) is part of one already
 * admitted; making it queue behind that one could deadlock.
 */
export const admission = (options: AdmissionOptions): MiddlewareHandler<HttpEnv> => {
  const waiting: (() => void)[] = [];
  let running = 0;
  const admitNext = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async (c, next) => {
    if (!fromNetwork(c.env)) return next();
    if (running < options.concurrency) running++;
    else {
      if (waiting.length >= options.maxWaiting)
        throw new AppError("service_unavailable", "The server is at capacity; retry shortly", {
          headers: { "retry-after": "1" },
        });
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      admitNext();
    };
    const lapse = setTimeout(release, options.holdMs);
    try {
      await next();
    } finally {
      clearTimeout(lapse);
      if (!released) setImmediate(release);
    }
  };
};
