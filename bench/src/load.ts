/**
 * The load generator, run by `run.ts` as its own process pinned to core 0 (`taskset -c 0`), once
 * for the warm-up and once for the measured run, with a fixed number of connections. Each request takes the next
 * API key round-robin (and, when given, the next path). Prints one JSON line.
 */
import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  keys: string[];
  /** Paths rotated over (round-robin, like the keys); the URL's own path when absent. */
  paths?: string[] | undefined;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

/**
 * One prebuilt request per key (no per-request rebuild, so the generator stays cheap); autocannon
 * walks the list on every connection, so each request takes the next key round-robin and each key
 * carries 1/N of the load.
 */
const run = (options: LoadOptions, durationSeconds: number): Promise<autocannon.Result> =>
  autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: durationSeconds,
    timeout: 10,
    requests: Array.from({ length: Math.max(options.keys.length, options.paths?.length ?? 0) }, (_, i) => ({
      method: "GET" as const,
      ...(options.paths ? { path: options.paths[i % options.paths.length] } : {}),
      headers: {
        authorization: `Bearer ${options.keys[i % options.keys.length]}`,
        accept: "application/json",
      },
    })),
  });

const main = async (): Promise<void> => {
  const options = JSON.parse(process.argv[2] ?? "{}") as LoadOptions;
  const result = await run(options, options.durationSeconds);
  const statusCodes: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (count as { count: number }).count;
  const output: LoadResult = {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
};

await main();
