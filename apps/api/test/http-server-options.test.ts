import { ConfigError, loadConfig } from "@tally/config";
import { describe, expect, it } from "vitest";
import { httpServerOptions } from "../src/http-server-options.ts";

/** The node server's timeouts come from the configuration; the behaviour is gated in reliability/src/limits.test.ts. */
describe("httpServerOptions", () => {
  it("sets every timeout explicitly, from the defaults or the environment", () => {
    expect(httpServerOptions(loadConfig({}))).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(
      httpServerOptions(
        loadConfig({
          HTTP_HEADERS_TIMEOUT_MS: "5000",
          HTTP_REQUEST_TIMEOUT_MS: "5000",
          HTTP_KEEP_ALIVE_TIMEOUT_MS: "620000",
        }),
      ),
    ).toMatchObject({ headersTimeout: 5_000, requestTimeout: 5_000, keepAliveTimeout: 620_000 });
  });

  it("refuses a headers timeout longer than the request timeout, naming the variable", () => {
    const config = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "40000" });
    expect(() => httpServerOptions(config)).toThrow(ConfigError);
    expect(() => httpServerOptions(config)).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: at most HTTP_REQUEST_TIMEOUT_MS \(30000\)/,
    );
  });
});
