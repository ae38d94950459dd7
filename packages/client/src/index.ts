import type { AppRouter } from "@tally/router";
import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import createFetchClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/rest.generated.ts";

export type { AppRouter } from "@tally/router";
export type { components, operations, paths } from "./generated/rest.generated.ts";

/** Every procedure's input and output, by its dotted path: `RouterInputs["commerce"]["users"]["create"]`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export interface TallyClientOptions {
  /** Where the service runs, without a path: `https://api.example.com` or `http://127.0.0.1:3000`. */
  url: string;
  /** An API key of the deployment's environment (`svc_test_…` or `svc_live_…`). */
  apiKey: string;
  /** The end user the calls act for (`X-User-Id`). */
  userId?: string;
  /** A fetch implementation (tests pass the app's in-process one); the global fetch by default. */
  fetch?: typeof fetch;
}

const headersOf = (options: TallyClientOptions): Record<string, string> => ({
  authorization: `Bearer ${options.apiKey}`,
  ...(options.userId ? { "x-user-id": options.userId } : {}),
});

const trimmed = (url: string): string => url.replace(/\/+$/, "");

/**
 * The typed tRPC client for internal TypeScript apps: every procedure of the service with its exact
 * input and output types, over `/trpc` (calls made in the same tick are batched into one request).
 * The wire carries JSON without a transformer, so a `Date` in an output type arrives as its ISO
 * string.
 */
export const createTallyClient = (options: TallyClientOptions): TRPCClient<AppRouter> =>
  createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${trimmed(options.url)}/trpc`,
        headers: () => headersOf(options),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });

/**
 * The typed REST client for outside integrators: the `/api/v1` surface typed from the served OpenAPI
 * document (`openapi-typescript` output committed in `src/generated/rest.generated.ts`), through `openapi-fetch`.
 */
export const createTallyRestClient = (options: TallyClientOptions): Client<paths> =>
  createFetchClient<paths>({
    baseUrl: `${trimmed(options.url)}/api/v1`,
    headers: headersOf(options),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
