import { AppError, type Clock, newId } from "@tally/core";
import {
  type ApiKeyRole,
  apiKeyHashes,
  apiKeys,
  type Db,
  type Executor,
  rowFinder,
  type Tx,
  withTenant,
} from "@tally/db";
import { hasRole, type Principal } from "@tally/trpc";
import { and, asc, count, eq } from "drizzle-orm";
import { assertOrganizationAccess } from "../organizations/service.ts";
import { assertTierAllowsAnother } from "../tiers/limits.ts";
import { generateKeyValue, hashKey, type KeyEnvironment, maskKey } from "./key-format.ts";

export type KeyChange = "created" | "rotated" | "updated" | "deleted";

/** Announces a key change: flushes every instance's auth cache and records the event. */
export type KeyChangeNotifier = (
  tx: Tx,
  change: { organizationId: string; keyId: string; change: KeyChange },
) => Promise<void>;

interface KeyServiceDeps {
  db: Db;
  clock: Clock;
  environment: KeyEnvironment;
  notify: KeyChangeNotifier;
  /** In-memory last-use times not yet flushed, so reads are current on this instance. */
  pendingLastUsed: (keyId: string) => Date | undefined;
}

type KeyRow = typeof apiKeys.$inferSelect;

const present = (row: KeyRow, deps: KeyServiceDeps) => {
  const pending = deps.pendingLastUsed(row.id);
  const lastUsedAt = pending && (!row.lastUsedAt || pending > row.lastUsedAt) ? pending : row.lastUsedAt;
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    role: row.role,
    environment: row.environment,
    keyPrefix: row.keyPrefix,
    isActive: row.isActive,
    lastUsedAt,
    previousKeyId: row.previousKeyId,
    rotatedAt: row.rotatedAt,
    createdAt: row.createdAt,
  };
};

const assertCanGrant = (principal: Principal, role: ApiKeyRole): void => {
  if (!hasRole(principal, role)) {
    throw new AppError("role_required", `A ${principal.role} key cannot manage ${role} keys`);
  }
};

/** Which organization a key id lives in, as far as this principal may know. */
const organizationOfKey = async (db: Db, principal: Principal, keyId: string): Promise<string> => {
  if (principal.role !== "OPERATOR") return principal.organizationId;
  const [entry] = await db
    .select({ organizationId: apiKeyHashes.organizationId })
    .from(apiKeyHashes)
    .where(eq(apiKeyHashes.keyId, keyId));
  if (!entry) throw new AppError("not_found", "API key not found");
  return entry.organizationId;
};

const findKey = rowFinder(apiKeys, "API key");

/** Inserts a key and its hash; shared by the API, the CLI and the bootstrap operator key. */
export const insertApiKey = async (
  tx: Executor,
  input: {
    organizationId: string;
    role: ApiKeyRole;
    name?: string | null;
    value: string;
    environment: KeyEnvironment;
  },
): Promise<KeyRow> => {
  const id = newId();
  const [row] = await tx
    .insert(apiKeys)
    .values({
      id,
      organizationId: input.organizationId,
      role: input.role,
      name: input.name ?? null,
      environment: input.environment,
      keyPrefix: maskKey(input.value),
    })
    .returning();
  await tx
    .insert(apiKeyHashes)
    .values({ keyHash: hashKey(input.value), keyId: id, organizationId: input.organizationId });
  return row!;
};

export const createApiKey = async (
  deps: KeyServiceDeps,
  principal: Principal,
  input: { organizationId?: string | undefined; role: ApiKeyRole; name?: string | undefined },
) => {
  const organizationId = input.organizationId ?? principal.organizationId;
  assertOrganizationAccess(principal, organizationId);
  assertCanGrant(principal, input.role);
  return withTenant(deps.db, organizationId, async (tx) => {
    await assertTierAllowsAnother(tx, {
      organizationId,
      limit: "maxApiKeys",
      noun: "API keys",
      countExisting: async () => {
        const [existing] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(eq(apiKeys.organizationId, organizationId));
        return existing?.n ?? 0;
      },
    });
    const value = generateKeyValue(deps.environment);
    const row = await insertApiKey(tx, {
      organizationId,
      role: input.role,
      name: input.name,
      value,
      environment: deps.environment,
    });
    await deps.notify(tx, { organizationId, keyId: row.id, change: "created" });
    return { ...present(row, deps), key: value };
  });
};

export const listApiKeys = async (
  deps: KeyServiceDeps,
  principal: Principal,
  input: { organizationId?: string | undefined },
) => {
  const organizationId = input.organizationId ?? principal.organizationId;
  assertOrganizationAccess(principal, organizationId);
  const rows = await withTenant(deps.db, organizationId, (tx) =>
    tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, organizationId))
      .orderBy(asc(apiKeys.createdAt)),
  );
  return rows.map((row) => present(row, deps));
};

export const getApiKey = async (deps: KeyServiceDeps, principal: Principal, keyId: string) => {
  const organizationId = await organizationOfKey(deps.db, principal, keyId);
  const row = await withTenant(deps.db, organizationId, (tx) => findKey(tx, { organizationId, id: keyId }));
  return present(row, deps);
};

export const updateApiKey = async (
  deps: KeyServiceDeps,
  principal: Principal,
  input: { id: string; isActive?: boolean | undefined; name?: string | null | undefined },
) => {
  const organizationId = await organizationOfKey(deps.db, principal, input.id);
  return withTenant(deps.db, organizationId, async (tx) => {
    const current = await findKey(tx, { organizationId, id: input.id });
    assertCanGrant(principal, current.role);
    const [row] = await tx
      .update(apiKeys)
      .set({
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        ...(input.name === undefined ? {} : { name: input.name }),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, input.id)))
      .returning();
    await deps.notify(tx, { organizationId, keyId: input.id, change: "updated" });
    return present(row!, deps);
  });
};

export const rotateApiKey = async (deps: KeyServiceDeps, principal: Principal, keyId: string) => {
  const organizationId = await organizationOfKey(deps.db, principal, keyId);
  return withTenant(deps.db, organizationId, async (tx) => {
    const current = await findKey(tx, { organizationId, id: keyId });
    assertCanGrant(principal, current.role);
    const value = generateKeyValue(current.environment);
    const rotatedAt = deps.clock.now();
    const [row] = await tx
      .update(apiKeys)
      .set({ keyPrefix: maskKey(value), previousKeyId: keyId, rotatedAt, updatedAt: rotatedAt })
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, keyId)))
      .returning();
    // Replacing the hash is what invalidates the old value.
    await tx
      .update(apiKeyHashes)
      .set({ keyHash: hashKey(value) })
      .where(eq(apiKeyHashes.keyId, keyId));
    await deps.notify(tx, { organizationId, keyId, change: "rotated" });
    return {
      id: keyId,
      key: value,
      keyPrefix: row!.keyPrefix,
      previousKeyId: keyId,
      previousKeyPrefix: current.keyPrefix,
      rotatedAt,
    };
  });
};

export const deleteApiKey = async (
  deps: KeyServiceDeps,
  principal: Principal,
  keyId: string,
): Promise<void> => {
  const organizationId = await organizationOfKey(deps.db, principal, keyId);
  await withTenant(deps.db, organizationId, async (tx) => {
    const current = await findKey(tx, { organizationId, id: keyId });
    assertCanGrant(principal, current.role);
    await tx.delete(apiKeyHashes).where(eq(apiKeyHashes.keyId, keyId));
    await tx.delete(apiKeys).where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, keyId)));
    await deps.notify(tx, { organizationId, keyId, change: "deleted" });
  });
};

export type { KeyServiceDeps };
