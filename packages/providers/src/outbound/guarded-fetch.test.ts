import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses.ts";
import { createGuardedFetch, OutboundRequestRefused } from "./guarded-fetch.ts";

/**
 * The guarded outbound client: a local listener stands in for what a hostile tenant would point a
 * request at, and counts every connection it receives.
 */

let server: Server;
let port: number;
let connections = 0;
const routes: Record<string, (response: import("node:http").ServerResponse) => void> = {
  "/ok": (response) => response.end(JSON.stringify({ ok: true })),
  "/big": (response) => response.end("x".repeat(64 * 1024)),
  "/slow": (response) => setTimeout(() => response.end("late"), 2_000),
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[request.url ?? ""];
    if (route) route(response);
    else if (request.url?.startsWith("/redirect?to=")) {
      response.writeHead(302, { location: decodeURIComponent(request.url.slice("/redirect?to=".length)) });
      response.end();
    } else response.writeHead(404).end();
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves every name to the local listener, as a hostile DNS record would. */
const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];

const refusal = async (run: Promise<unknown>): Promise<string> => {
  try {
    await run;
  } catch (error) {
    if (error instanceof OutboundRequestRefused) return error.reason;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRequestRefused) return cause.reason;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("guarded outbound fetch", () => {
  it("refuses loopback, private, metadata and mapped or numeric spellings without connecting", async () => {
    const guarded = createGuardedFetch({ resolve: toLoopback });
    const before = connections;
    const urls = [
      `http://127.0.0.1:${port}/ok`,
      `http://2130706433:${port}/ok`,
      `http://0177.0.0.1:${port}/ok`,
      `http://0x7f.1:${port}/ok`,
      `http://127.1:${port}/ok`,
      `http://[::1]:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://100.64.0.1/",
      // Names: resolved to loopback by the injected resolver (a DNS record an attacker controls).
      `http://shop.example.com:${port}/ok`,
      `https://localhost.localdomain:${port}/ok`,
    ];
    for (const url of urls) expect(await refusal(guarded(url)), url).toBe("address");
    expect(await refusal(guarded("file:///etc/passwd"))).toBe("scheme");
    expect(await refusal(guarded("ftp://example.com/"))).toBe("scheme");
    expect(connections - before).toBe(0);
  });

  it("refuses localhost through the system resolver too", async () => {
    const before = connections;
    expect(await refusal(createGuardedFetch()(`http://localhost:${port}/ok`))).toBe("address");
    expect(connections - before).toBe(0);
  });

  it("checks every redirect hop: a public host redirecting to loopback is refused before the second connection", async () => {
    // The first hop is allowed (as a public shop would be); the redirect target is loopback.
    let calls = 0;
    const guarded = createGuardedFetch({
      resolve: toLoopback,
      isAllowedAddress: (address) => {
        calls += 1;
        return calls === 1 || isPublicAddress(address);
      },
    });
    const before = connections;
    const target = encodeURIComponent(`http://127.0.0.1:${port}/ok`);
    expect(await refusal(guarded(`http://first.example:${port}/redirect?to=${target}`))).toBe("address");
    expect(connections - before).toBe(1);
  });

  it("fetches an allowed address, follows redirects up to the limit, and caps size and time", async () => {
    const local = createGuardedFetch({
      resolve: toLoopback,
      isAllowedAddress: () => true,
      maxResponseBytes: 1024,
      timeoutMs: 500,
      maxRedirects: 1,
    });
    const ok = await local(`http://shop.example:${port}/ok`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    const once = encodeURIComponent(`http://shop.example:${port}/ok`);
    expect((await local(`http://shop.example:${port}/redirect?to=${once}`)).status).toBe(200);
    const twice = encodeURIComponent(`http://shop.example:${port}/redirect?to=${once}`);
    expect(await refusal(local(`http://shop.example:${port}/redirect?to=${twice}`))).toBe("redirects");
    await expect(
      local(`http://shop.example:${port}/redirect?to=${once}`, { redirect: "error" }),
    ).rejects.toThrow(TypeError);
    expect(await refusal(local(`http://shop.example:${port}/big`))).toBe("too_large");
    const started = Date.now();
    await expect(local(`http://shop.example:${port}/slow`)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
