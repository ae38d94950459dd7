import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressPolicy } from "./addresses.ts";

/**
 * Why an outbound request was not made, or was cut short:
 * - `scheme`: not http(s);
 * - `address`: the host is, or resolves to, an address outbound requests may not reach;
 * - `redirects`: more redirects than allowed, or a redirect when the caller refused them;
 * - `too_large`: the answer is larger than the size cap;
 * - `connect_timeout`: no connection (name resolution, TCP and TLS) within the connect cap;
 * - `timeout`: no complete answer within the total cap;
 * - `bad_response`: an answer the Fetch API cannot represent (e.g. status 999).
 */
export type OutboundRefusalReason =
  | "scheme"
  | "address"
  | "redirects"
  | "too_large"
  | "connect_timeout"
  | "timeout"
  | "bad_response";

export class OutboundRequestRefused extends Error {
  readonly reason: OutboundRefusalReason;
  /** The host of the hop that was refused (never an address it resolved to). */
  readonly host: string;

  constructor(reason: OutboundRefusalReason, host: string, message: string) {
    super(message);
    this.name = "OutboundRequestRefused";
    this.reason = reason;
    this.host = host;
  }
}

/** The guard's defaults; each can be lowered or raised per client. */
export const OUTBOUND_DEFAULTS = {
  /** 5 MiB. */
  maxResponseBytes: 5 * 1024 * 1024,
  /** Everything: connection, every redirect hop, the whole body. */
  timeoutMs: 15_000,
  /** Name resolution, TCP connect and TLS handshake of one hop. */
  connectTimeoutMs: 5_000,
  maxRedirects: 3,
} as const;

export interface GuardedFetchOptions {
  /** Answers larger than this are cut off (the connection closed) and refused. Default 5 MiB. */
  maxResponseBytes?: number | undefined;
  /** The whole exchange, redirects and body included. Default 15 s. */
  timeoutMs?: number | undefined;
  /** Resolution + connect (+ TLS) of each hop. Default 5 s. */
  connectTimeoutMs?: number | undefined;
  /** Redirects followed, each hop checked afresh. Default 3. */
  maxRedirects?: number | undefined;
  /** Name resolution; the system resolver by default (tests inject names). */
  resolve?: ((hostname: string) => Promise<LookupAddress[]>) | undefined;
  /**
   * Addresses or CIDR ranges allowed although not public (e.g. `["127.0.0.2"]` for a local test
   * server). Passed in by the composition root only; empty on every deployment.
   */
  allowAddresses?: readonly string[] | undefined;
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Headers that follow a redirect to another origin; credentials and everything else stay behind. */
const CROSS_ORIGIN_HEADERS: ReadonlySet<string> = new Set([
  "accept",
  "accept-language",
  "content-language",
  "content-type",
  "user-agent",
]);
/** Decided by the client, never by the caller. */
const CONNECTION_HEADERS = [
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "upgrade",
];

const systemResolve = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

const bodyBytes = (body: RequestInit["body"]): Buffer | undefined => {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("The guarded fetch sends string or byte bodies only");
};

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
}

const refusedAddress = (host: string) =>
  new OutboundRequestRefused(
    "address",
    host,
    `${host} is or resolves to an address outbound requests may not reach (loopback, private, link-local, metadata or reserved)`,
  );

/**
 * What the guard refuses before resolving any name: a scheme other than http(s), a literal address `allowed`
 * refuses (net connects to a literal directly, it is never looked up), `localhost` and its subdomains (RFC 6761:
 * this host whatever a resolver says). A name is judged again when it resolves, at connection time.
 */
export const outboundUrlRefusal = (
  url: URL,
  allowed: (address: string) => boolean,
): OutboundRequestRefused | undefined => {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return new OutboundRequestRefused(
      "scheme",
      url.hostname,
      `Only http and https URLs may be fetched, not ${url.protocol}`,
    );
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return allowed(host) ? undefined : refusedAddress(url.hostname);
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return refusedAddress(url.hostname);
  return undefined;
};

/**
 * A `fetch` for URLs and hosts a tenant chooses (storefront shops today; reward webhooks and crawled
 * pages later): http(s) only. Every address is checked when the socket connects — a literal host
 * before connecting (WHATWG parsing has already turned `2130706433`, `0x7f.1`, `127.1` into dotted
 * form), a name through a `lookup` that refuses the name if any address it resolves to is refused
 * and hands the connection only the vetted addresses, so no later resolution can differ (DNS
 * rebinding). Refused: loopback, private, link-local, CGNAT, metadata, unspecified, multicast,
 * broadcast and reserved ranges, IPv4-mapped and IPv4-compatible IPv6 judged by the IPv4 they carry.
 * Redirects are followed by hand (at most `maxRedirects`), each hop checked again, credentials
 * dropped on a cross-origin hop. The answer is read into memory up to `maxResponseBytes`; the whole
 * exchange is capped by `timeoutMs` and each connection by `connectTimeoutMs`. Every refusal
 * rejects with {@link OutboundRequestRefused}, before anything reaches a refused address. Sockets are
 * never pooled: each request connects (and is checked) afresh.
 */
export const createGuardedFetch = (options: GuardedFetchOptions = {}): typeof fetch => {
  const maxBytes = options.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const resolve = options.resolve ?? systemResolve;
  const allowed = addressPolicy(options.allowAddresses);

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((entry) => !allowed(entry.address))) {
          callback(refusedAddress(hostname), "", 4);
          return;
        }
        const family =
          lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === "IPv6" ? 6 : lookupOptions.family;
        const wanted =
          family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const first = wanted[0];
        if (!first) {
          callback(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }),
            "",
            4,
          );
          return;
        }
        if (lookupOptions.all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
  const httpAgent = new HttpAgent({ keepAlive: false, lookup });
  const httpsAgent = new HttpsAgent({ keepAlive: false, lookup });

  const checkUrl = (url: URL): void => {
    const refusal = outboundUrlRefusal(url, allowed);
    if (refusal) throw refusal;
  };

  const exchange = (
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<Answer> =>
    new Promise((resolveAnswer, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const secure = url.protocol === "https:";
      const request = (secure ? httpsRequest : httpRequest)(url, {
        method,
        headers: body ? { ...headers, "content-length": String(body.length) } : headers,
        agent: secure ? httpsAgent : httpAgent,
        lookup,
      });
      const timers: NodeJS.Timeout[] = [];
      let settled = false;
      const onAbort = () =>
        finish(signal?.reason ?? new DOMException("This operation was aborted", "AbortError"));
      const finish = (error: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (answer) resolveAnswer(answer);
        else {
          request.destroy();
          reject(error);
        }
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      timers.push(
        setTimeout(
          () =>
            finish(
              new OutboundRequestRefused(
                "timeout",
                url.hostname,
                `${url.hostname} did not answer completely within ${timeoutMs} ms`,
              ),
            ),
          Math.max(0, deadline - Date.now()),
        ),
      );
      const connectTimer = setTimeout(
        () =>
          finish(
            new OutboundRequestRefused(
              "connect_timeout",
              url.hostname,
              `No connection to ${url.hostname} within ${connectTimeoutMs} ms`,
            ),
          ),
        connectTimeoutMs,
      );
      timers.push(connectTimer);
      request.on("socket", (socket) => {
        socket.once(secure ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
      });
      request.on("error", (error) => finish(error));
      request.on("response", (response: IncomingMessage) => {
        const tooLarge = () =>
          new OutboundRequestRefused(
            "too_large",
            url.hostname,
            `The answer of ${url.hostname} is larger than ${maxBytes} bytes`,
          );
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          finish(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) finish(tooLarge());
          else chunks.push(chunk);
        });
        response.on("error", (error) => finish(error));
        response.on("close", () => {
          if (!response.complete)
            finish(new Error(`The connection to ${url.hostname} closed before the answer was complete`));
        });
        response.on("end", () => {
          const headerPairs: [string, string][] = [];
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) headerPairs.push([name, item]);
          }
          finish(undefined, {
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? "",
            headers: headerPairs,
            body: Buffer.concat(chunks),
          });
        });
      });
      request.end(body);
    });

  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError("The guarded fetch takes a URL, not a Request");
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const deadline = Date.now() + timeoutMs;
    const first = new URL(input);
    let url = first;
    let method = (init.method ?? "GET").toUpperCase();
    let body = bodyBytes(init.body);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    for (const name of CONNECTION_HEADERS) delete headers[name];
    for (let hop = 0; ; hop += 1) {
      checkUrl(url);
      const answer = await exchange(url, method, headers, body, deadline, signal);
      const location = answer.headers.find(([name]) => name === "location")?.[1];
      if (REDIRECTS.has(answer.status) && location && init.redirect !== "manual") {
        if (init.redirect === "error")
          throw new OutboundRequestRefused(
            "redirects",
            url.hostname,
            `${url.hostname} answered a redirect (${answer.status}); redirects are refused here`,
          );
        if (hop >= maxRedirects)
          throw new OutboundRequestRefused("redirects", url.hostname, `More than ${maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new OutboundRequestRefused(
            "bad_response",
            url.hostname,
            `${url.hostname} redirected to an invalid URL`,
          );
        }
        // As fetch does: 303 (and 301/302 after a POST) continue as a GET without a body.
        if (
          answer.status === 303 ||
          ((answer.status === 301 || answer.status === 302) && method === "POST")
        ) {
          if (method !== "HEAD") method = "GET";
          body = undefined;
          delete headers["content-type"];
        }
        if (next.origin !== url.origin)
          for (const name of Object.keys(headers)) if (!CROSS_ORIGIN_HEADERS.has(name)) delete headers[name];
        url = next;
        continue;
      }
      const bodyless =
        answer.status === 204 || answer.status === 205 || answer.status === 304 || method === "HEAD";
      let response: Response;
      try {
        response = new Response(bodyless ? null : answer.body, {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
        });
      } catch (error) {
        throw Object.assign(
          new OutboundRequestRefused(
            "bad_response",
            url.hostname,
            `${url.hostname} sent an answer that cannot be read (status ${answer.status})`,
          ),
          { cause: error },
        );
      }
      Object.defineProperties(response, {
        url: { value: url.href },
        redirected: { value: url !== first },
      });
      return response;
    }
  }) as typeof fetch;
};
