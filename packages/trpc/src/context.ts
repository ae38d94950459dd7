import type { Config } from "@tally/config";
import type { Clock, Logger } from "@tally/core";
import type { ApiKeyRole, Database } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { Providers } from "@tally/providers";

/** The tier facts a request needs, resolved with its key. */
export interface TierFacts {
  id: string;
  name: string;
  features: readonly string[];
  requestsPerSecond: number;
  monthlyApiCalls: number;
}

/** Who is calling: resolved once per HTTP request from the API key. */
export interface Principal {
  organizationId: string;
  keyId: string;
  role: ApiKeyRole;
  environment: "test" | "live";
  tier: TierFacts;
}

/**
 * Process-wide dependencies built once at boot by the composition root. Domains widen it through
 * declaration merging of `AppServices` rather than importing from an app.
 */
// biome-ignore lint/suspicious/noEmptyInterface: domains add their services by declaration merging
export interface AppServices {}

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  providers: Providers;
  services: AppServices;
}

/** Per-request context shared by the REST adapter, `/trpc` and the tRPC caller in tests. */
export interface Context {
  deps: AppDeps;
  requestId: string;
  logger: Logger;
  /** Resolves (and memoises) the caller's key; rejects with 401 when it is missing or invalid. */
  authenticate(): Promise<Principal>;
  /** The end user the integrator acts for (`X-User-Id`), if any. */
  actingUserId: string | undefined;
  /** Headers a procedure wants on the response (e.g. `X-Total-Count`). */
  responseHeaders: ResponseHeaders;
  /** The client address, for per-address limits on routes without a key. */
  clientAddress: string | undefined;
}

/**
 * The headers a procedure adds to its response, as a plain record: most requests set none, and a
 * fetch `Headers` per request costs more than the lookups it would save.
 */
export class ResponseHeaders {
  #values: Record<string, string> | undefined;

  set(name: string, value: string): void {
    this.#values ??= {};
    this.#values[name.toLowerCase()] = value;
  }

  /** What was set, or undefined when nothing was. */
  get values(): Readonly<Record<string, string>> | undefined {
    return this.#values;
  }
}
