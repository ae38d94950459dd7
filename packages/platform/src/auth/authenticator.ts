import { AppError, type Clock, type Logger } from "@tally/core";
import { apiKeyHashes, apiKeys, type Database, organizations, subscriptionTiers } from "@tally/db";
import type { Principal } from "@tally/trpc";
import { and, eq } from "drizzle-orm";
import { hashKey, type KeyEnvironment, keyEnvironment } from "../api-keys/key-format.ts";
import { API_KEY_CHANGED_CHANNEL } from "./key-changes.ts";
import { LastUsedTracker } from "./last-used.ts";
import { MonthlyQuota } from "./quota.ts";
import { RateLimiter, type RateLimitState } from "./rate-limiter.ts";

type KeyPrincipal = (Principal & { isActive: boolean }) | undefined;

interface CachedKey {
  /** The lookup itself, shared: requests that miss together (a key's entry expiring under load) ask once. */
  principal: Promise<KeyPrincipal>;
  expiresAt: number;
}

const MAX_CACHED_KEYS = 10_000;

export interface Authentication {
  principal: Principal;
  rateLimit: RateLimitState;
}

/**
 * Resolves `Authorization: Bearer <key>` to a principal: sha256 lookup (the value is never stored),
 * cached for a few seconds per instance and flushed on every instance by NOTIFY when a key changes;
 * then the key's rate limit and the organization's monthly quota.
 */
export class Authenticator {
  readonly #database: Database;
  readonly #environment: KeyEnvironment;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #cache = new Map<string, CachedKey>();
  readonly rateLimiter: RateLimiter;
  readonly quota: MonthlyQuota;
  readonly lastUsed: LastUsedTracker;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(options: {
    database: Database;
    environment: KeyEnvironment;
    cacheTtlMs: number;
    clock: Clock;
    logger: Logger;
  }) {
    this.#database = options.database;
    this.#environment = options.environment;
    this.#ttlMs = options.cacheTtlMs;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.rateLimiter = new RateLimiter(options.database.db);
    this.quota = new MonthlyQuota(options.database.db, options.clock);
    this.lastUsed = new LastUsedTracker(options.database.db);
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(API_KEY_CHANGED_CHANNEL, (keyId) => {
      this.#logger.debug({ keyId }, "api key changed: auth cache flushed");
      this.flush();
    });
    this.lastUsed.start();
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
    await this.lastUsed.stop();
  }

  /** Drops every cached key; called on `api-key-changed` and after this instance changes a key. */
  flush(): void {
    this.#cache.clear();
  }

  async authenticate(authorization: string | undefined): Promise<Authentication> {
    const value = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
    if (!value) throw new AppError("unauthorized", "Send your API key as Authorization: Bearer <key>");
    const environment = keyEnvironment(value);
    if (!environment) throw new AppError("unauthorized", "Invalid API key");
    if (environment !== this.#environment) {
      throw new AppError(
        "wrong_environment",
        `This is a ${this.#environment} deployment: use a svc_${this.#environment}_ key, not a svc_${environment}_ key`,
      );
    }
    const key = await this.#lookup(hashKey(value));
    if (!key) throw new AppError("unauthorized", "Invalid API key");
    if (!key.isActive) throw new AppError("key_inactive");
    const { isActive: _, ...principal } = key;
    const rateLimit = await this.rateLimiter.take(
      principal.organizationId,
      principal.keyId,
      principal.tier.requestsPerSecond,
    );
    await this.quota.take(principal.organizationId, principal.tier.monthlyApiCalls);
    this.lastUsed.touch(principal.organizationId, principal.keyId, this.#clock.now());
    return { principal, rateLimit };
  }

  #lookup(hash: string): Promise<KeyPrincipal> {
    const now = Date.now();
    const cached = this.#cache.get(hash);
    if (cached && cached.expiresAt > now) return cached.principal;
    if (this.#cache.size >= MAX_CACHED_KEYS) this.#cache.clear();
    const entry: CachedKey = { principal: this.#find(hash), expiresAt: now + this.#ttlMs };
    this.#cache.set(hash, entry);
    // A failed lookup is not remembered. A flush while it runs has already dropped the entry, so
    // what it returns (read before the change) is not cached either.
    entry.principal.catch(() => {
      if (this.#cache.get(hash) === entry) this.#cache.delete(hash);
    });
    return entry.principal;
  }

  async #find(hash: string): Promise<KeyPrincipal> {
    const [row] = await this.#database.db
      .select({
        organizationId: apiKeys.organizationId,
        keyId: apiKeys.id,
        role: apiKeys.role,
        environment: apiKeys.environment,
        isActive: apiKeys.isActive,
        tierId: subscriptionTiers.id,
        tierName: subscriptionTiers.name,
        features: subscriptionTiers.features,
        requestsPerSecond: subscriptionTiers.requestsPerSecond,
        monthlyApiCalls: subscriptionTiers.monthlyApiCalls,
      })
      .from(apiKeyHashes)
      .innerJoin(
        apiKeys,
        and(eq(apiKeys.organizationId, apiKeyHashes.organizationId), eq(apiKeys.id, apiKeyHashes.keyId)),
      )
      .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
      .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, organizations.subscriptionTierId))
      .where(eq(apiKeyHashes.keyHash, hash));
    return row
      ? {
          organizationId: row.organizationId,
          keyId: row.keyId,
          role: row.role,
          environment: row.environment,
          isActive: row.isActive,
          tier: {
            id: row.tierId,
            name: row.tierName,
            features: row.features,
            requestsPerSecond: row.requestsPerSecond,
            monthlyApiCalls: row.monthlyApiCalls,
          },
        }
      : undefined;
  }
}
