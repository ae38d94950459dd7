import type { AnyStateMachine, IntervalJob } from "@tally/core";
import type { EventBus } from "@tally/events";
import type { LocalChain } from "@tally/providers";
import type { AnyRouter } from "@trpc/server";
import type { Env, Hono } from "hono";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { AppDeps, AppServices, Principal } from "./context.ts";

/** What the server gives a plain route's handlers: `authenticate()` resolves the caller's key. */
export type PlainRouteEnv = Env & { Variables: { authenticate: () => Promise<{ principal: Principal }> } };

/**
 * An HTTP route beside the procedures (a webhook, SSE, a sandbox helper), mounted under /api/v1 and
 * documented by its own OpenAPI paths. `testOnly` routes exist on `test` deployments alone.
 */
export interface PlainRoute {
  name: string;
  paths: ZodOpenApiPathsObject;
  testOnly?: boolean;
  mount<E extends PlainRouteEnv>(api: Hono<E>): void;
}

/** Work a domain runs on an interval in every process that works the queues. */
export interface BackgroundLoop {
  name: string;
  start(): IntervalJob;
}

/** Where the runtime runs: what a domain may offer depends on it, decided in one place (the server). */
export interface DeploymentFacts {
  env: "test" | "live";
  /** The local chain the runtime runs on, when not on Base. */
  localChain: LocalChain | undefined;
}

export interface DomainContext {
  deps: AppDeps;
  deployment: DeploymentFacts;
}

/**
 * One domain package, as the composition root wires it: its procedures, the services it offers
 * other domains (`AppServices`), its event handlers and cron jobs, its plain HTTP routes and its
 * background loops. Adding a domain is this definition plus one line in the router's list.
 */
export interface Domain<TName extends string = string, TRouter extends AnyRouter = AnyRouter> {
  name: TName;
  router: TRouter;
  services?(deps: Omit<AppDeps, "services">): Partial<AppServices>;
  handlers?(bus: EventBus, context: DomainContext): void;
  plainRoutes?(context: DomainContext): PlainRoute[];
  loops?(context: DomainContext): BackgroundLoop[];
  /** The state machines of its status columns (`defineStateMachine`): docs/state-machines.md renders them. */
  stateMachines?: readonly AnyStateMachine[];
}

export const defineDomain = <const TName extends string, TRouter extends AnyRouter>(
  domain: Domain<TName, TRouter>,
): Domain<TName, TRouter> => domain;
