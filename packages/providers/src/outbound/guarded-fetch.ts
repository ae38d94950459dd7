import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./addresses.ts";

/** Why an outbound request was not made, or was cut short. */
export class OutboundRequestRefused extends Error {
  readonly reason: "scheme" | "address" | "redirects" | "too_large";

  constructor(reason: OutboundRequestRefused["reason"], message: string) {
    super(message);
    this.name = "OutboundRequestRefused";
    this.reason = reason;
  }
}

export interface GuardedFetchOptions {
  /** Response bodies larger than this are cut off and refused. Default 5 MiB. */
  maxResponseBytes?: number;
  /** The whole request, redirects included. Default 15 s. */
  timeoutMs?: number;
  /** Redirects followed (each hop checked afresh). Default 3. */
  maxRedirects?: number;
  /** Name resolution; the system resolver by default (tests inject names). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Which resolved or literal addresses may be connected to. Default: public addresses only. */
  isAllowedAddress?: (address: string) => boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const systemResolve = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

const headerRecord = (headers: RequestInit["headers"]): Record<string, string> =>
  Object.fromEntries(new Headers(headers).entries());

/**
 * A `fetch` for URLs and hosts a tenant chooses (storefront shops, reward webhooks, crawled pages):
 * http(s) only; every address is checked when the socket connects — the literal host, or each
 * address the name resolves to (so a name that later resolves elsewhere cannot slip through) —
 * refusing loopback, private, link-local, CGNAT, metadata and reserved ranges, IPv4-mapped and
 * numeric spellings included; redirects are followed by hand, each hop checked again; the body is
 * capped in size and the whole exchange in time. A refusal rejects with `OutboundRequestRefused`
 * before anything is sent to the refused address.
 */
export const createGuardedFetch = (options: GuardedFetchOptions = {}): typeof fetch => {
  const maxBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const resolve = options.resolve ?? systemResolve;
  const allowed = options.isAllowedAddress ?? isPublicAddress;

  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !allowed(entry.address));
        if (addresses.length === 0 || refused) {
          callback(
            new OutboundRequestRefused(
              "address",
              `${hostname} resolves to an address outbound requests may not reach`,
            ),
            "",
            4,
          );
          return;
        }
        if (lookupOptions.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };

  const checkUrl = (url: URL): void => {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new OutboundRequestRefused(
        "scheme",
        `Only http and https URLs may be fetched, not ${url.protocol}`,
      );
    // WHATWG URL parsing has already turned numeric spellings (2130706433, 0x7f.1, 127.1) into dotted
    // form; a literal address is never looked up, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (/^[\d.]+$/.test(host) || host.includes(":")) {
      if (!allowed(host))
        throw new OutboundRequestRefused(
          "address",
          `${url.hostname} is an address outbound requests may not reach`,
        );
    }
  };

  const once = (url: URL, init: RequestInit, signal: AbortSignal): Promise<Response> =>
    new Promise((resolvePromise, reject) => {
      const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
        method: init.method ?? "GET",
        headers: headerRecord(init.headers),
        lookup: guardedLookup,
        signal,
      });
      request.on("error", reject);
      request.on("response", (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            request.destroy();
            reject(new OutboundRequestRefused("too_large", `The response is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", reject);
        response.on("end", () => {
          const status = response.statusCode ?? 502;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
          }
          const bodyless = status === 204 || status === 304 || (init.method ?? "GET") === "HEAD";
          resolvePromise(
            new Response(bodyless ? null : Buffer.concat(chunks), {
              status,
              statusText: response.statusMessage ?? "",
              headers,
            }),
          );
        });
      });
      const body = init.body;
      if (body !== undefined && body !== null) {
        if (typeof body !== "string" && !(body instanceof Uint8Array))
          throw new TypeError("The guarded fetch sends string or byte bodies only");
        request.end(body);
      } else request.end();
    });

  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError("The guarded fetch takes a URL, not a Request");
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    let url = new URL(input);
    let request = init;
    for (let hop = 0; ; hop += 1) {
      checkUrl(url);
      const response = await once(url, request, signal);
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || !location || init.redirect === "manual") return response;
      if (init.redirect === "error") throw new TypeError(`Redirected to ${location}; redirects are refused`);
      if (hop >= maxRedirects)
        throw new OutboundRequestRefused("redirects", `More than ${maxRedirects} redirects`);
      url = new URL(location, url);
      // As browsers do: 303 (and 301/302 after a POST) continue as a GET without a body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && request.method === "POST")
      )
        request = { ...request, method: "GET", body: null };
    }
  }) as typeof fetch;
};
