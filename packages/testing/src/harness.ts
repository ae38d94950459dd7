import { type Config, loadConfig } from "@tally/config";
import { type Clock, createLogger, newId } from "@tally/core";
import type { Database } from "@tally/db";
import {
  createOrganization,
  ensurePlatformOrganization,
  generateKeyValue,
  insertApiKey,
  PLATFORM_ORGANIZATION_ID,
} from "@tally/platform";
import { type LocalChain, startLocalChain } from "@tally/providers";
import type { AppDeps } from "@tally/trpc";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { openTestDatabase } from "./database.ts";

/** What the app's composition root gives the harness; the harness never imports an app. */
export interface TestRuntime {
  app: Hono<never> | { request: Hono["request"] };
  openApiDocument: object;
  deps: AppDeps;
  stop(): Promise<void>;
}

export type RuntimeFactory = (options: {
  config: Config;
  database: Database;
  clock?: Clock;
  work?: boolean;
  schedule?: boolean;
  queueSchema?: string;
  retryDelaySeconds?: number;
  localChain?: LocalChain;
  outboundAllowAddresses?: readonly string[];
}) => Promise<TestRuntime>;

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | undefined;
  body?: unknown;
  /** Sent as is (no JSON encoding), e.g. malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  userId?: string;
}

export interface Tenant {
  organizationId: string;
  adminKey: string;
  memberKey: string;
}

export interface TestHarness {
  database: Database;
  runtime: TestRuntime;
  /** This file's own anvil chain (ARCHITECTURE §8), shared by every instance of the harness. */
  chain: LocalChain;
  operatorKey: string;
  config: Config;
  /**
   * The socket address this file's requests come from. Per-address limits (guest routes) keep their
   * buckets in the database, so on a shared PostgreSQL each test file needs its own address.
   */
  clientAddress: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** A fresh organization with an ADMIN and a MEMBER key, so tests never share tenant state. */
  createTenant(options?: { tier?: "builder" | "growth" | "pro" }): Promise<Tenant>;
  /** Another runtime (a second "instance") on the same database. */
  startInstance(): Promise<TestRuntime>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  createRuntime: RuntimeFactory;
  env?: Record<string, string>;
  clock?: Clock;
  retryDelaySeconds?: number;
  /** Called with every statement the file's database runs (measurement: statements per request). */
  onStatement?: (statement: string) => void;
  /** Lets outbound webhooks reach a local receiver (e.g. `["127.0.0.1"]`); deployments never set it. */
  outboundAllowAddresses?: readonly string[];
}

/** The fetch init of a test request: the key as a bearer token, the acting user, a JSON or raw body. */
export const requestInit = (method: string, options: RequestOptions = {}): RequestInit => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.userId) headers["x-user-id"] = options.userId;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  return { method, headers, ...(body === undefined ? {} : { body }) };
};

/** A response as tests read it: the body parsed when it is JSON, kept as text when not. */
export const readResponse = async <T>(response: Response): Promise<TestResponse<T>> => {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
};

export const createTestHarness = async (options: HarnessOptions): Promise<TestHarness> => {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEPLOYMENT_ENV: "test",
    EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
    EVENTS_SIGNING_KEY_NEXT: "next-events-signing-key-0123456789",
    ...options.env,
  });
  // Anvil starts while the database opens: neither waits for the other. If one fails, the other is closed.
  const [opened, started] = await Promise.allSettled([
    openTestDatabase({ onStatement: options.onStatement }),
    startLocalChain({ logger: silentLogger() }),
  ]);
  if (opened.status === "rejected" || started.status === "rejected") {
    if (opened.status === "fulfilled") await opened.value.close();
    if (started.status === "fulfilled") await started.value.stop();
    throw opened.status === "rejected" ? opened.reason : (started as PromiseRejectedResult).reason;
  }
  const database = opened.value;
  const chain = started.value;
  const instances: TestRuntime[] = [];
  // On a shared PostgreSQL every test file gets its own queue schema: a job published by one file is
  // never consumed by another file's worker (handlers and local adapters may hold per-process state).
  const queueSchema = database.kind === "postgres" ? `pgboss_${newId().slice(0, 12)}` : undefined;
  const start = async () => {
    const runtime = await options.createRuntime({
      config,
      database,
      schedule: false,
      localChain: chain,
      ...(queueSchema ? { queueSchema } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.retryDelaySeconds ? { retryDelaySeconds: options.retryDelaySeconds } : {}),
      ...(options.outboundAllowAddresses ? { outboundAllowAddresses: options.outboundAllowAddresses } : {}),
    });
    instances.push(runtime);
    return runtime;
  };
  const runtime = await start();

  const operatorKey = generateKeyValue("test");
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const clientAddress = `127.${octet()}.${octet()}.${octet()}`;
  await database.db.transaction(async (tx) => {
    await ensurePlatformOrganization(tx);
    await insertApiKey(tx, {
      organizationId: PLATFORM_ORGANIZATION_ID,
      role: "OPERATOR",
      name: "test operator",
      value: operatorKey,
      environment: "test",
    });
  });

  const request = async <T>(
    method: string,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<TestResponse<T>> =>
    readResponse<T>(
      await runtime.app.request(path, requestInit(method, requestOptions), {
        incoming: { socket: { remoteAddress: clientAddress } },
      }),
    );

  const createTenant = async (
    tenantOptions: { tier?: "builder" | "growth" | "pro" } = {},
  ): Promise<Tenant> => {
    const adminKey = generateKeyValue("test");
    const memberKey = generateKeyValue("test");
    const organizationId = newId();
    await database.db.transaction(async (tx) => {
      await createOrganization(tx, {
        id: organizationId,
        name: `Tenant ${organizationId}`,
        subscriptionTierId: tenantOptions.tier ?? "pro",
      });
      await insertApiKey(tx, { organizationId, role: "ADMIN", value: adminKey, environment: "test" });
      await insertApiKey(tx, { organizationId, role: "MEMBER", value: memberKey, environment: "test" });
    });
    return { organizationId, adminKey, memberKey };
  };

  return {
    database,
    runtime,
    chain,
    operatorKey,
    config,
    clientAddress,
    request,
    createTenant,
    startInstance: start,
    async close() {
      for (const instance of instances.reverse()) await instance.stop();
      if (queueSchema) {
        // Under the migration lock: catalogue changes racing other files' grants fail as "concurrently updated".
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(7243051)`);
          await tx.execute(sql.raw(`drop schema if exists "${queueSchema}" cascade`));
        });
      }
      await database.close();
      await chain.stop();
    },
  };
};

export const silentLogger = () => createLogger({ level: "silent" });
