import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The spec endpoints not built yet (`docs/spec-pending.txt`). The server answers them 501
 * `not_implemented` naming the planned area, so an integrator can tell "not yet" from a typo
 * (404); the coverage gate in apps/api reads the same file through `parsePendingEndpoints`.
 */
export interface PendingEndpoint {
  method: string;
  /** The path template exactly as in the spec's endpoint list, e.g. `/nft-reward/{id}`. */
  path: string;
  /** The area that will build it, e.g. `rewards`. */
  area: string;
}

/** The committed list, found from this file so it does not depend on the working directory. */
const PENDING_ENDPOINTS_FILE = fileURLToPath(new URL("../../../../docs/spec-pending.txt", import.meta.url));

const LINE = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s#]*)\s+#\s*(\S.*?)\s*$/;

/**
 * One `METHOD /path  # area` a line; blank lines and lines starting with `#` are comments. A line
 * that does not parse, or a repeated endpoint, throws: a broken list must stop the boot and the
 * gate, not silently turn a planned endpoint back into a 404.
 */
export const parsePendingEndpoints = (text: string, source = "spec-pending.txt"): PendingEndpoint[] => {
  const endpoints: PendingEndpoint[] = [];
  const seen = new Set<string>();
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const match = LINE.exec(line);
    if (!match)
      throw new Error(`${source}:${index + 1}: expected "METHOD /path  # area", got ${JSON.stringify(line)}`);
    const [, method, path, area] = match as unknown as [string, string, string, string];
    const key = `${method} ${path}`;
    if (seen.has(key)) throw new Error(`${source}:${index + 1}: ${key} is listed twice`);
    seen.add(key);
    endpoints.push({ method, path, area });
  });
  return endpoints;
};

export const loadPendingEndpoints = (file = PENDING_ENDPOINTS_FILE): PendingEndpoint[] =>
  parsePendingEndpoints(readFileSync(file, "utf8"), file);

/**
 * Families the spec serves without an API key (spec 01 "Authentication" 3): a pending endpoint
 * there answers 501 to anyone; every other one only after the key is accepted, so an
 * unauthenticated caller learns nothing more than "401" about what the API will offer.
 */
const UNAUTHENTICATED = /^\/(agentic|webhooks|solver)\/|^\/x402\/orders\/[^/]+\/pay$|^\/guest\/order(\/|$)/;

export interface PendingMatch extends PendingEndpoint {
  requiresKey: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A lookup from a request (method and path under `prefix`) to the pending endpoint it names. A
 * `{param}` segment matches any one segment; when several templates match, the one with the most
 * literal segments wins (`/tasks/pools` over `/tasks/{taskId}`), as the router would choose.
 */
export const pendingEndpointsOf = (
  endpoints: readonly PendingEndpoint[],
  prefix: string,
): ((method: string, path: string) => PendingMatch | undefined) => {
  const templates = endpoints.map((endpoint) => ({
    endpoint,
    pattern: new RegExp(
      `^${escapeRegExp(prefix)}${endpoint.path
        .split(/\{[^}]+\}/)
        .map(escapeRegExp)
        .join("[^/]+")}$`,
    ),
    literals: endpoint.path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length,
    requiresKey: !UNAUTHENTICATED.test(endpoint.path),
  }));
  return (method, path) => {
    let best: (typeof templates)[number] | undefined;
    for (const template of templates)
      if (
        template.endpoint.method === method &&
        template.pattern.test(path) &&
        (!best || template.literals > best.literals)
      )
        best = template;
    return best && { ...best.endpoint, requiresKey: best.requiresKey };
  };
};
