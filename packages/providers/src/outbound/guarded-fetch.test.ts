import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses.ts";
import { createGuardedFetch, type GuardedFetchOptions, OutboundRequestRefused } from "./guarded-fetch.ts";

/**
 * The guarded outbound client. `target` (127.0.0.1) stands for what a hostile tenant aims a request
 * at — this host, a private service, the metadata endpoint — and counts every TCP connection it
 * receives: each refused case must leave it at zero. `shop` and `otherShop` (127.0.0.2, two ports)
 * stand for public servers: the tests allow exactly 127.0.0.2 through the injected allowance, so
 * 127.0.0.1 stays refused while the allowed path is exercised end to end.
 */

const PUBLIC_STANDIN = "127.0.0.2";

interface Listener {
  server: Server | TcpServer;
  port: number;
  connections: number;
  /** Request lines and headers received, in order. */
  seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[];
  /** Responses the client closed before the server finished writing them. */
  cutOff: number;
}

const listen = async (server: Server | TcpServer, host: string): Promise<Listener> => {
  const listener: Listener = { server, port: 0, connections: 0, seen: [], cutOff: 0 };
  server.on("connection", () => {
    listener.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  listener.port = (server.address() as AddressInfo).port;
  return listener;
};

const shopHandler =
  (self: () => Listener) =>
  (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://x");
      self().seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.on("close", () => {
        if (!response.writableFinished) self().cutOff += 1;
      });
      switch (url.pathname) {
        case "/ok":
          response.setHeader("content-type", "application/json");
          response.end(JSON.stringify({ ok: true, method: request.method }));
          return;
        case "/redirect":
          response.writeHead(Number(url.searchParams.get("status") ?? 302), {
            location: url.searchParams.get("to") ?? "/ok",
          });
          response.end();
          return;
        case "/chain": {
          // /chain?n=3 redirects three times before answering.
          const n = Number(url.searchParams.get("n"));
          if (n > 0) response.writeHead(302, { location: `/chain?n=${n - 1}` }).end();
          else response.end("end of chain");
          return;
        }
        case "/big":
          response.end("x".repeat(64 * 1024));
          return;
        case "/stream": {
          // Never ends on its own: chunked, no content-length.
          response.writeHead(200, { "content-type": "application/octet-stream" });
          const timer = setInterval(() => response.write(Buffer.alloc(16 * 1024, 120)), 5);
          response.on("close", () => clearInterval(timer));
          return;
        }
        case "/slow":
          setTimeout(() => response.end("late"), 3_000).unref();
          return;
        case "/trickle": {
          response.writeHead(200);
          const timer = setInterval(() => response.write("."), 100);
          response.on("close", () => clearInterval(timer));
          return;
        }
        default:
          response.writeHead(404).end();
      }
    });
  };

let target: Listener;
let shop: Listener;
let otherShop: Listener;
let weird: Listener;

beforeAll(async () => {
  target = await listen(
    createServer((_, response) => response.end("target reached")),
    "127.0.0.1",
  );
  shop = await listen(createServer(shopHandler(() => shop)), PUBLIC_STANDIN);
  otherShop = await listen(createServer(shopHandler(() => otherShop)), PUBLIC_STANDIN);
  // Answers a status code the Fetch API cannot represent.
  weird = await listen(
    createTcpServer((socket) => {
      socket.once("data", () =>
        socket.end("HTTP/1.1 999 Weird\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi"),
      );
    }),
    PUBLIC_STANDIN,
  );
});
afterAll(async () => {
  for (const listener of [target, shop, otherShop, weird]) {
    if (!listener) continue;
    if ("closeAllConnections" in listener.server) listener.server.closeAllConnections();
    await new Promise((resolve) => listener.server.close(resolve));
  }
});

/** A DNS an attacker controls: each name answers what the test says. */
const names: Record<string, string[]> = {
  "shop.example": [PUBLIC_STANDIN],
  "rebound.example": ["127.0.0.1"],
  "mixed.example": [PUBLIC_STANDIN, "127.0.0.1"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "v6loop.example": ["::1"],
  "metadata.example": ["169.254.169.254"],
  "ec2v6.example": ["fd00:ec2::254"],
  "private.example": ["10.1.2.3"],
};
const resolve = async (hostname: string): Promise<LookupAddress[]> => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const guarded = (options: GuardedFetchOptions = {}) =>
  createGuardedFetch({ resolve, allowAddresses: [PUBLIC_STANDIN], ...options });

const refusal = async (run: Promise<unknown>): Promise<string> => {
  try {
    await run;
  } catch (error) {
    if (error instanceof OutboundRequestRefused) return error.reason;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("isPublicAddress", () => {
  it("refuses every non-public range, IPv4-mapped and IPv4-compatible IPv6 unwrapped", () => {
    const refused = [
      "127.0.0.1",
      "127.255.255.254",
      "::1",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "fc00::1",
      "fd12:3456::1",
      "169.254.0.1",
      "169.254.169.254",
      "fe80::1",
      "fe80::1%eth0",
      "fd00:ec2::254",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "0.1.2.3",
      "::",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "240.0.0.1",
      "ff02::1",
      "192.0.2.1",
      "198.18.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:7f00:0001",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:0:7f00:1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "[::1]",
      // Not an address at all: never "public".
      "2130706433",
      "0177.0.0.1",
      "0x7f.1",
      "127.1",
      "localhost",
      "",
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it("allows public addresses, including neighbours of the refused ranges", () => {
    for (const address of [
      "8.8.8.8",
      "93.184.216.34",
      "100.63.255.255",
      "100.128.0.1",
      "172.15.255.255",
      "172.32.0.1",
      "169.253.255.255",
      "11.0.0.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001:81a::200e",
      "::ffff:8.8.8.8",
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("guarded outbound fetch: refusals reach nothing", () => {
  it("normalises numeric and mapped spellings of loopback (checked here) and refuses them without connecting", async () => {
    const spellings: [string, string][] = [
      ["127.0.0.1", "127.0.0.1"],
      ["2130706433", "127.0.0.1"],
      ["0177.0.0.1", "127.0.0.1"],
      ["0x7f.1", "127.0.0.1"],
      ["0x7F.0.0.1", "127.0.0.1"],
      ["127.1", "127.0.0.1"],
      ["0x7f000001", "127.0.0.1"],
      ["017700000001", "127.0.0.1"],
      ["127.000.000.001", "127.0.0.1"],
      ["127.0.0.1.", "127.0.0.1"],
      ["%31%32%37.0.0.1", "127.0.0.1"],
      ["\uff11\uff12\uff17.0.0.1", "127.0.0.1"],
      ["0", "0.0.0.0"],
      ["0.0.0.0", "0.0.0.0"],
      ["[::]", "[::]"],
      ["[::1]", "[::1]"],
      ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]"],
      ["[0:0:0:0:0:ffff:7f00:1]", "[::ffff:7f00:1]"],
      ["[::127.0.0.1]", "[::7f00:1]"],
    ];
    const fetch = guarded();
    for (const [spelling, normalised] of spellings) {
      const url = `http://${spelling}:${target.port}/`;
      expect(new URL(url).hostname, spelling).toBe(normalised);
      expect(await refusal(fetch(url)), spelling).toBe("address");
    }
    expect(target.connections).toBe(0);
  });

  it("refuses private, link-local, CGNAT, metadata, multicast and broadcast literals", async () => {
    const fetch = guarded();
    for (const host of [
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "[::ffff:169.254.169.254]",
      "[fd00:ec2::254]",
      "[fe80::1]",
      "[fc00::1]",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
    ])
      expect(await refusal(fetch(`http://${host}/latest/meta-data/`)), host).toBe("address");
    expect(target.connections).toBe(0);
  });

  it("refuses a name that resolves to loopback, private, metadata or a mapped form — all of its addresses are checked", async () => {
    const fetch = guarded();
    for (const name of [
      "rebound.example",
      "mixed.example",
      "mapped.example",
      "v6loop.example",
      "metadata.example",
      "ec2v6.example",
      "private.example",
    ]) {
      expect(await refusal(fetch(`http://${name}:${target.port}/`)), name).toBe("address");
      expect(await refusal(fetch(`https://${name}:${target.port}/`)), `https ${name}`).toBe("address");
    }
    expect(target.connections).toBe(0);
  });

  it("refuses localhost through the system resolver", async () => {
    const fetch = createGuardedFetch();
    expect(await refusal(fetch(`http://localhost:${target.port}/`))).toBe("address");
    expect(await refusal(fetch(`http://LOCALHOST.:${target.port}/`))).toBe("address");
    expect(target.connections).toBe(0);
  });

  it("refuses other schemes", async () => {
    const fetch = guarded();
    for (const url of ["file:///etc/passwd", "ftp://shop.example/", "gopher://shop.example:70/", "data:,x"])
      expect(await refusal(fetch(url)), url).toBe("scheme");
  });

  it("checks every redirect hop: a public server redirecting to loopback reaches it never", async () => {
    const fetch = guarded();
    const shopBefore = shop.seen.length;
    for (const to of [
      `http://127.0.0.1:${target.port}/`,
      `http://2130706433:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://localhost:${target.port}/`,
      `http://rebound.example:${target.port}/`,
      `https://mixed.example:${target.port}/`,
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      for (const status of [301, 302, 303, 307, 308]) {
        const url = `http://shop.example:${shop.port}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
        expect(await refusal(fetch(url)), `${status} -> ${to}`).toBe("address");
      }
    }
    const redirectToFile = `http://shop.example:${shop.port}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`;
    expect(await refusal(fetch(redirectToFile))).toBe("scheme");
    expect(shop.seen.length - shopBefore).toBe(36); // the first hop, 7 x 5 + 1 times
    expect(target.connections).toBe(0);
  });

  it("resolves at every connection: a name that was public and now points at loopback is refused", async () => {
    let calls = 0;
    const fetch = createGuardedFetch({
      allowAddresses: [PUBLIC_STANDIN],
      resolve: async () => {
        calls += 1;
        return [{ address: calls === 1 ? PUBLIC_STANDIN : "127.0.0.1", family: 4 }];
      },
    });
    expect((await fetch(`http://rebinding.example:${shop.port}/ok`)).status).toBe(200);
    expect(await refusal(fetch(`http://rebinding.example:${target.port}/ok`))).toBe("address");
    expect(calls).toBe(2);
    expect(target.connections).toBe(0);
  });

  it("allows exactly what the allowance names: 127.0.0.2 does not open 127.0.0.1", async () => {
    const fetch = createGuardedFetch({ allowAddresses: ["127.0.0.2/32"] });
    expect((await fetch(`http://${PUBLIC_STANDIN}:${shop.port}/ok`)).status).toBe(200);
    expect(await refusal(fetch(`http://127.0.0.1:${target.port}/`))).toBe("address");
    expect(() => createGuardedFetch({ allowAddresses: ["not-an-address"] })).toThrow(/allowAddresses/);
    expect(target.connections).toBe(0);
  });
});

describe("guarded outbound fetch: the allowed path", () => {
  it("fetches through an injected resolver and sends the method, headers and body", async () => {
    const fetch = guarded();
    const before = shop.connections;
    const got = await fetch(`http://shop.example:${shop.port}/ok`, {
      headers: { accept: "application/json" },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/json");
    expect(await got.json()).toEqual({ ok: true, method: "GET" });
    const posted = await fetch(`http://shop.example:${shop.port}/ok`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-token": "t" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await posted.json()).toEqual({ ok: true, method: "POST" });
    expect(shop.seen.at(-1)).toMatchObject({
      method: "POST",
      body: '{"a":1}',
      headers: expect.objectContaining({ "x-token": "t", host: `shop.example:${shop.port}` }),
    });
    expect(shop.connections - before).toBe(2);
    expect(target.connections).toBe(0);
  });

  it("follows at most 3 redirects by default; redirect: error and manual are honoured", async () => {
    const fetch = guarded();
    const three = await fetch(`http://shop.example:${shop.port}/chain?n=3`);
    expect(three.status).toBe(200);
    expect(await three.text()).toBe("end of chain");
    expect(three.redirected).toBe(true);
    expect(three.url).toBe(`http://shop.example:${shop.port}/chain?n=0`);
    expect(await refusal(fetch(`http://shop.example:${shop.port}/chain?n=4`))).toBe("redirects");
    expect(await refusal(fetch(`http://shop.example:${shop.port}/chain?n=1`, { redirect: "error" }))).toBe(
      "redirects",
    );
    const manual = await fetch(`http://shop.example:${shop.port}/chain?n=1`, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/chain?n=0");
  });

  it("turns a POST into a GET on 303, keeps it on 307, and drops credentials on a cross-origin hop", async () => {
    const fetch = guarded();
    const headers = {
      authorization: "Bearer secret",
      cookie: "a=b",
      "x-shopify-access-token": "shpat_secret",
      accept: "application/json",
      "content-type": "application/json",
    };
    const seeOther = await fetch(
      `http://shop.example:${shop.port}/redirect?status=303&to=${encodeURIComponent("/ok")}`,
      { method: "POST", headers, body: "{}" },
    );
    expect(await seeOther.json()).toEqual({ ok: true, method: "GET" });
    expect(shop.seen.at(-1)?.headers).toMatchObject({ authorization: "Bearer secret" });
    const temporary = await fetch(
      `http://shop.example:${shop.port}/redirect?status=307&to=${encodeURIComponent("/ok")}`,
      { method: "POST", headers, body: '{"kept":true}' },
    );
    expect(await temporary.json()).toEqual({ ok: true, method: "POST" });
    expect(shop.seen.at(-1)?.body).toBe('{"kept":true}');

    const elsewhere = `http://shop.example:${otherShop.port}/ok`;
    const crossed = await fetch(
      `http://shop.example:${shop.port}/redirect?status=307&to=${encodeURIComponent(elsewhere)}`,
      { method: "POST", headers, body: "{}" },
    );
    expect(crossed.status).toBe(200);
    const received = otherShop.seen.at(-1)?.headers ?? {};
    expect(received.accept).toBe("application/json");
    expect(received.authorization).toBeUndefined();
    expect(received.cookie).toBeUndefined();
    expect(received["x-shopify-access-token"]).toBeUndefined();
  });
});

describe("guarded outbound fetch: size and time caps", () => {
  it("refuses a body past the cap, announced or streamed, and stops reading it", async () => {
    const fetch = guarded({ maxResponseBytes: 1024 });
    expect(await refusal(fetch(`http://shop.example:${shop.port}/big`))).toBe("too_large");
    const cutBefore = shop.cutOff;
    const started = Date.now();
    expect(await refusal(fetch(`http://shop.example:${shop.port}/stream`))).toBe("too_large");
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shop.cutOff - cutBefore).toBe(1);
    const fits = await guarded({ maxResponseBytes: 64 * 1024 })(`http://shop.example:${shop.port}/big`);
    expect((await fits.text()).length).toBe(64 * 1024);
  });

  it("caps the whole exchange: slow headers and a trickling body", async () => {
    const fetch = guarded({ timeoutMs: 400 });
    for (const path of ["/slow", "/trickle"]) {
      const started = Date.now();
      expect(await refusal(fetch(`http://shop.example:${shop.port}${path}`)), path).toBe("timeout");
      const elapsed = Date.now() - started;
      expect(elapsed, path).toBeGreaterThanOrEqual(350);
      expect(elapsed, path).toBeLessThan(1_500);
    }
  });

  it("caps the connection phase (resolution included) separately", async () => {
    const fetch = createGuardedFetch({
      resolve: () => new Promise<LookupAddress[]>(() => undefined),
      connectTimeoutMs: 200,
      timeoutMs: 10_000,
    });
    const started = Date.now();
    expect(await refusal(fetch("http://hangs.example/"))).toBe("connect_timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("passes a caller's abort through as fetch does", async () => {
    const fetch = guarded();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("caller gave up")), 100);
    await expect(
      fetch(`http://shop.example:${shop.port}/slow`, { signal: controller.signal }),
    ).rejects.toThrow("caller gave up");
  });

  it("rejects an answer the Fetch API cannot represent instead of throwing out of band", async () => {
    expect(await refusal(guarded()(`http://shop.example:${weird.port}/`))).toBe("bad_response");
  });
});
