import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "@tally/config";
import { apiKeyHashes, type Db, organizations } from "@tally/db";
import {
  createOrganization,
  ensureOperatorKey,
  generateKeyValue,
  hashKey,
  insertApiKey,
} from "@tally/platform";
import { eq, inArray } from "drizzle-orm";

export interface DemoKeys {
  operatorKey: string;
  demoOrganizationId: string;
  demoAdminKey: string;
}

export const DEMO_ORGANIZATION_ID = "demo";

/**
 * First boot of a local `test` deployment: a demo organization with an ADMIN key, and an OPERATOR key.
 * Only hashes go in the database; the values are kept in `<DATA_DIR>/demo-keys.json` (mode 600) so a
 * restart can print them again. Never runs on a live deployment.
 */
export const seedDemo = async (db: Db, config: Config): Promise<DemoKeys> => {
  const file = join(config.DATA_DIR, "demo-keys.json");
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, "utf8")) as DemoKeys;
    // Print them again only while both still work (they may have been rotated or deleted since).
    const known = await db
      .select({ keyHash: apiKeyHashes.keyHash })
      .from(apiKeyHashes)
      .where(inArray(apiKeyHashes.keyHash, [hashKey(keys.operatorKey), hashKey(keys.demoAdminKey)]));
    if (known.length === 2) return keys;
  }
  const keys = await db.transaction(async (tx) => {
    const operatorKey = config.BOOTSTRAP_OPERATOR_KEY ?? generateKeyValue(config.DEPLOYMENT_ENV);
    await ensureOperatorKey(tx, operatorKey, config.DEPLOYMENT_ENV);
    const [existing] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, DEMO_ORGANIZATION_ID));
    if (!existing) {
      await createOrganization(tx, {
        id: DEMO_ORGANIZATION_ID,
        name: "Demo Shop",
        domain: "demo.tally.local",
        subscriptionTierId: "growth",
      });
    }
    const demoAdminKey = generateKeyValue(config.DEPLOYMENT_ENV);
    await insertApiKey(tx, {
      organizationId: DEMO_ORGANIZATION_ID,
      role: "ADMIN",
      name: "demo admin",
      value: demoAdminKey,
      environment: config.DEPLOYMENT_ENV,
    });
    return { operatorKey, demoOrganizationId: DEMO_ORGANIZATION_ID, demoAdminKey };
  });
  mkdirSync(config.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
};
