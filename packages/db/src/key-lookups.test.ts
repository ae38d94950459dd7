import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase, type Tx } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";
import {
  cardPaymentIntents,
  creators,
  orders,
  pointTransactions,
  products,
  productVariants,
  users,
} from "./schema/index.ts";
import { withTenant } from "./tenant.ts";

const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const scratch = `tally_key_lookups_${Date.now().toString(36)}_${process.pid}`;
let database: Database;
const org = "org";

/** The server's maintenance database, to create and drop the scratch one. */
const adminOf = (serverUrl: string) => {
  const server = new URL(serverUrl);
  server.pathname = "/postgres";
  return postgres(server.toString(), { max: 1, onnotice: () => {} });
};

/**
 * A database of its own, migrated and never written to: every table is empty and was never
 * analyzed, as on a fresh deployment (or a CI server with autovacuum off) when its first statements
 * are prepared and their generic plans cached.
 */
beforeAll(async () => {
  if (url) {
    const admin = adminOf(url);
    await admin.unsafe(`create database ${scratch}`);
    await admin.end();
    const scratchUrl = new URL(url);
    scratchUrl.pathname = `/${scratch}`;
    database = await openDatabase({ url: scratchUrl.toString(), poolSize: 1 });
  } else database = await openDatabase({});
  await migrateDatabase(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (url) {
    const admin = adminOf(url);
    await admin.unsafe(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
});

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The plan PostgreSQL caches for a statement after its custom plans: the generic one, made now, in a
 * tenant transaction (row-level security on, as the services run) or as the owner.
 */
const genericPlan = async (query: Query, asTenant: boolean): Promise<string> => {
  const { sql: text, params } = query.toSQL();
  const nulls = params.map(() => "null").join(", ");
  const explain = async (tx: Tx) => {
    await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
    await tx.execute(sql.raw(`prepare key_lookup as ${text}`));
    const result = (await tx.execute(sql.raw(`explain execute key_lookup(${nulls})`))) as unknown as
      | { rows: Record<string, string>[] }
      | Record<string, string>[];
    await tx.execute(sql.raw("deallocate key_lookup"));
    const rows = Array.isArray(result) ? result : result.rows;
    return rows.map((row) => Object.values(row)[0]).join("\n");
  };
  return asTenant ? withTenant(database.db, org, explain) : database.db.transaction(explain);
};

/** The hot lookups of the card checkout, written as their owners write them. */
const lookups: [name: string, build: (db: Db) => Query, key: RegExp][] = [
  [
    "an order by key",
    (db) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.organizationId, org), eq(orders.id, "o"))),
    /\bid = \$2\b/,
  ],
  [
    "an order by key, locked",
    (db) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.organizationId, org), eq(orders.id, "o")))
        .for("update"),
    /\bid = \$2\b/,
  ],
  [
    "an order's transition",
    (db) =>
      db
        .update(orders)
        .set({ status: "PAID" })
        .where(
          and(
            eq(orders.organizationId, org),
            eq(orders.id, "o"),
            inArray(orders.status, ["OPEN", "PAYMENT_PENDING"]),
          ),
        ),
    /\bid = \$3\b/,
  ],
  [
    "a user's open order",
    (db) =>
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.organizationId, org), eq(orders.userId, "u"), sql`${orders.status} = 'OPEN'`)),
    /\buser_id = \$2\b/,
  ],
  [
    "a user by key",
    (db) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.organizationId, org), eq(users.id, "u"))),
    /\bid = \$2\b/,
  ],
  [
    "a user by e-mail",
    (db) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, org), eq(users.emailLower, sql`lower(${"a@b.c"})`))),
    /\bemail_lower = lower\(\$2\)/,
  ],
  [
    "a creator by key",
    (db) =>
      db
        .select()
        .from(creators)
        .where(and(eq(creators.organizationId, org), eq(creators.id, "c"))),
    /\bid = \$2\b/,
  ],
  [
    "a product by key",
    (db) =>
      db
        .select()
        .from(products)
        .where(and(eq(products.organizationId, org), eq(products.id, "p"))),
    /\bid = \$2\b/,
  ],
  [
    "a variant's stock decrement",
    (db) =>
      db
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${1}` })
        .where(
          and(
            eq(productVariants.organizationId, org),
            eq(productVariants.id, "v"),
            or(isNull(productVariants.stock), sql`${productVariants.stock} >= ${1}`),
          ),
        ),
    /\bid = \$3\b/,
  ],
  [
    "an order's card intents",
    (db) =>
      db
        .select()
        .from(cardPaymentIntents)
        .where(and(eq(cardPaymentIntents.organizationId, org), eq(cardPaymentIntents.orderId, "o"))),
    /\border_id = \$2\b/,
  ],
  [
    "a card intent by processor id",
    (db) =>
      db
        .select()
        .from(cardPaymentIntents)
        .where(
          and(eq(cardPaymentIntents.organizationId, org), eq(cardPaymentIntents.processorIntentId, "pi")),
        ),
    /\bprocessor_intent_id = \$2\b/,
  ],
  [
    "a card intent's transition",
    (db) =>
      db
        .update(cardPaymentIntents)
        .set({ status: "succeeded" })
        .where(
          and(
            eq(cardPaymentIntents.organizationId, org),
            eq(cardPaymentIntents.id, "ci"),
            inArray(cardPaymentIntents.status, ["requires_payment_method", "processing"]),
          ),
        ),
    /\bid = \$3\b/,
  ],
  [
    "an order's point reservations",
    (db) =>
      db
        .select()
        .from(pointTransactions)
        .where(and(eq(pointTransactions.organizationId, org), eq(pointTransactions.orderId, "o"))),
    /\border_id = \$2\b/,
  ],
];

/**
 * On tables that were never analyzed, every index that starts with `organization_id` estimates one
 * row at the same cost as the key, and the newest index wins the tie; a generic plan made then
 * would read the organization's every row for each lookup until something re-plans it. Under
 * row-level security, a condition through a function that is not leakproof (`lower(email)`) is
 * never an index condition. The plan must reach the row by the value looked up (its Index Cond),
 * whatever the statistics.
 */
describe("the checkout's lookups on a never-analyzed database", () => {
  for (const asTenant of [true, false])
    it.each(lookups)(
      `%s, ${asTenant ? "as a tenant" : "as the owner"}: the generic plan's index condition holds the key`,
      async (_name, build, key) => {
        const plan = await genericPlan(build(database.db), asTenant);
        const conditions = plan.split("\n").filter((line) => line.includes("Index Cond:"));
        expect(conditions.join("\n"), plan).toMatch(key);
      },
    );
});
