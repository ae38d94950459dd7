/**
 * The baseline: a bare Hono route that does the same single-row read as
 * `GET /api/v1/admin/organizations/{id}` with the same driver (drizzle over postgres.js, or PGlite),
 * opened the same way (`openDatabase` of @tally/db: pool of 10, prepared statements), and nothing
 * else: no auth, no rate limit, no quota, no transaction, no validation, no logger. The storefront's
 * two reads are in bare-storefront.ts.
 *
 * Environment: PORT, HOST, DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), and on PGlite
 * BARE_SEED_ORGANIZATION (the JSON of the row to insert into its own, freshly migrated data dir).
 */
import { serve } from "@hono/node-server";
import { migrateDatabase, openDatabase, organizations, withTenant } from "@tally/db";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { storefrontRoutes } from "./bare-storefront.ts";

const url = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ url, dataDir: url ? undefined : process.env.DATA_DIR });
if (!url) {
  await migrateDatabase(database);
  const seed = process.env.BARE_SEED_ORGANIZATION;
  if (seed) {
    const row = JSON.parse(seed) as typeof organizations.$inferInsert & {
      createdAt: string;
      updatedAt: string;
    };
    await database.db
      .insert(organizations)
      .values({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) })
      .onConflictDoNothing();
  }
}
const { db } = database;

const app = new Hono();
app.get("/healthz", (c) => c.json({ status: "ok" }));
app.get("/bare/organizations/:id", async (c) => {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, c.req.param("id")));
  if (!organization) return c.json({ error: "not found" }, 404);
  return c.json(organization);
});

// Diagnostic: the same read inside the tenant transaction (`withTenant`: BEGIN, settings, SELECT,
// COMMIT), still with no auth, tRPC or validation. It splits the full route's cost into the
// transaction's share and the rest of our layer's.
app.get("/bare-tenant/organizations/:id", async (c) => {
  const id = c.req.param("id");
  const [organization] = await withTenant(db, id, (tx) =>
    tx.select().from(organizations).where(eq(organizations.id, id)),
  );
  if (!organization) return c.json({ error: "not found" }, 404);
  return c.json(organization);
});

storefrontRoutes(app, db);

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST });
const shutdown = async () => {
  server.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
