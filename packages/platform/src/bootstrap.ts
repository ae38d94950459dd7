import type { Executor } from "@tally/db";
import { apiKeyHashes, apiKeys, organizationSettings, organizations } from "@tally/db";
import { and, eq } from "drizzle-orm";
import { hashKey, type KeyEnvironment, keyEnvironment } from "./api-keys/key-format.ts";
import { insertApiKey } from "./api-keys/service.ts";

/** The organization that holds the platform's operator keys. */
export const PLATFORM_ORGANIZATION_ID = "platform";

/** Idempotent and safe when several processes (or test files) boot at once. */
export const ensurePlatformOrganization = async (db: Executor): Promise<string> => {
  const inserted = await db
    .insert(organizations)
    .values({ id: PLATFORM_ORGANIZATION_ID, name: "Tally platform", subscriptionTierId: "pro" })
    .onConflictDoNothing({ target: organizations.id })
    .returning({ id: organizations.id });
  if (inserted.length > 0) {
    await db
      .insert(organizationSettings)
      .values({ organizationId: PLATFORM_ORGANIZATION_ID })
      .onConflictDoNothing();
  }
  return PLATFORM_ORGANIZATION_ID;
};

/**
 * Makes `value` a working OPERATOR key (BOOTSTRAP_OPERATOR_KEY): created if unknown, re-activated
 * and promoted if it exists. Returns whether it was created.
 */
export const ensureOperatorKey = async (
  db: Executor,
  value: string,
  environment: KeyEnvironment,
): Promise<{ keyId: string; created: boolean }> => {
  if (keyEnvironment(value) !== environment) {
    throw new Error(
      `BOOTSTRAP_OPERATOR_KEY must be a svc_${environment}_ key on a ${environment} deployment`,
    );
  }
  const organizationId = await ensurePlatformOrganization(db);
  const [existing] = await db
    .select()
    .from(apiKeyHashes)
    .where(eq(apiKeyHashes.keyHash, hashKey(value)));
  if (existing) {
    await db
      .update(apiKeys)
      .set({ role: "OPERATOR", isActive: true })
      .where(and(eq(apiKeys.organizationId, existing.organizationId), eq(apiKeys.id, existing.keyId)));
    return { keyId: existing.keyId, created: false };
  }
  const row = await insertApiKey(db, {
    organizationId,
    role: "OPERATOR",
    name: "bootstrap operator",
    value,
    environment,
  });
  return { keyId: row.id, created: true };
};
