import type { ServerOptions } from "node:http";
import { type Config, ConfigError } from "@tally/config";

/**
 * How long the HTTP server waits on a client (docs/decisions.md, "HTTP server timeouts"): a client
 * that trickles its headers, or opens a connection and sends nothing, is answered 408 and closed after
 * `HTTP_HEADERS_TIMEOUT_MS`; a whole request must arrive within `HTTP_REQUEST_TIMEOUT_MS` (the
 * handler's own time does not count); an idle keep-alive connection outlives the load balancer's.
 */
export const httpServerOptions = (config: Config): ServerOptions => {
  // Node refuses this combination with a bare range error: name the variables instead.
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS)
    throw new ConfigError([
      {
        variable: "HTTP_HEADERS_TIMEOUT_MS",
        expected: `at most HTTP_REQUEST_TIMEOUT_MS (${config.HTTP_REQUEST_TIMEOUT_MS})`,
      },
    ]);
  return {
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // Node enforces the two timeouts above on this sweep (default every 30 s, which would let a
    // slow client stay up to 30 s past its timeout); once a second costs a walk over open connections.
    connectionsCheckingInterval: 1_000,
  };
};
