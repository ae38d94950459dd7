import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, type Tx } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";
import { preparedQuery } from "./prepared-query.ts";
import { apiKeys, organizationSettings, organizations } from "./schema/index.ts";
import { withTenant, withTenantStatement } from "./tenant.ts";

let database: Database;
const suffix = Date.now().toString(36);
const orgA = `rlsa${suffix}`;
const orgB = `rlsb${suffix}`;

beforeAll(async () => {
  database = await openDatabase({
    url: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined,
  });
  await migrateDatabase(database);
  await database.db.insert(organizations).values([
    { id: orgA, name: "A", subscriptionTierId: "builder" },
    { id: orgB, name: "B", subscriptionTierId: "builder" },
  ]);
  await database.db.insert(organizationSettings).values([{ organizationId: orgA }, { organizationId: orgB }]);
  await database.db.insert(apiKeys).values([
    { organizationId: orgA, id: `ka${suffix}`, environment: "test", keyPrefix: "svc_test_…aaaa" },
    { organizationId: orgB, id: `kb${suffix}`, environment: "test", keyPrefix: "svc_test_…bbbb" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("withTenant row-level security", () => {
  it("hides other tenants' rows from a query with no organization filter", async () => {
    const seen = await withTenant(database.db, orgA, async (tx) => ({
      organizations: await tx.select().from(organizations),
      settings: await tx.select().from(organizationSettings),
      keys: await tx.select().from(apiKeys),
    }));
    expect(seen.organizations.map((row) => row.id)).toEqual([orgA]);
    expect(seen.settings.map((row) => row.organizationId)).toEqual([orgA]);
    expect(seen.keys.map((row) => row.organizationId)).toEqual([orgA]);
  });

  it("refuses writes into another tenant and updates nothing there", async () => {
    await expect(
      withTenant(database.db, orgA, (tx) =>
        tx
          .insert(apiKeys)
          .values({ organizationId: orgB, id: `kx${suffix}`, environment: "test", keyPrefix: "x" }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(database.db, orgA, (tx) =>
      tx.update(organizations).set({ name: "hijacked" }).where(sql`true`).returning(),
    );
    expect(updated.map((row) => row.id)).toEqual([orgA]);
    const [b] = await database.db.select().from(organizations).where(sql`${organizations.id} = ${orgB}`);
    expect(b?.name).toBe("B");
  });

  it("runs as the non-superuser tenant role, and only inside the transaction", async () => {
    const inside = await withTenant(database.db, orgA, (tx) => tx.execute(sql`select current_user as role`));
    const rows = (Array.isArray(inside) ? inside : (inside as { rows: unknown[] }).rows) as {
      role: string;
    }[];
    expect(rows[0]?.role).toBe("tally_app");
    const outside = await database.db
      .select()
      .from(organizations)
      .where(sql`${organizations.id} in (${orgA}, ${orgB})`);
    expect(outside).toHaveLength(2);
  });

  it("migrating an up-to-date database again writes nothing to the catalogue (no ACL rewrite, no table lock)", async () => {
    const versions = async () =>
      rowsOf<{ relname: string; version: string }>(
        await database.db.execute(sql`
          select c.relname, c.xmin::text as version from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'S') order by c.relname`),
      );
    const before = await versions();
    await migrateDatabase(database);
    expect(await versions()).toEqual(before);
  });

  it("puts a policy on every table that has organization_id", async () => {
    const result = await database.db.execute(sql`
      select c.relname as table_name, c.relrowsecurity as rls,
        exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped)`);
    const tables = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      table_name: string;
      rls: boolean;
      policy: boolean;
    }[];
    expect(tables.length).toBeGreaterThan(3);
    for (const table of tables)
      expect({ table: table.table_name, rls: table.rls, policy: table.policy }).toEqual({
        table: table.table_name,
        rls: true,
        policy: true,
      });
  });
});

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

describe("withTenant transactions", () => {
  const nameOf = async (id: string) =>
    (await database.db.select().from(organizations).where(sql`${organizations.id} = ${id}`))[0]?.name;

  it("commits what fn wrote and returns fn's result", async () => {
    const result = await withTenant(database.db, orgA, async (tx) => {
      await tx.update(organizations).set({ name: "A committed" }).where(sql`${organizations.id} = ${orgA}`);
      return "done";
    });
    expect(result).toBe("done");
    expect(await nameOf(orgA)).toBe("A committed");
  });

  it("rolls back everything when fn throws", async () => {
    await expect(
      withTenant(database.db, orgA, async (tx) => {
        await tx.update(organizations).set({ name: "A lost" }).where(sql`${organizations.id} = ${orgA}`);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await nameOf(orgA)).toBe("A committed");
  });

  it("fails, and commits nothing, when a statement failed even though fn caught its error", async () => {
    await expect(
      withTenant(database.db, orgA, async (tx) => {
        await tx.update(organizations).set({ name: "A swallowed" }).where(sql`${organizations.id} = ${orgA}`);
        await tx.execute(sql`select 1/0`).catch(() => undefined);
        return "looks fine";
      }),
    ).rejects.toThrow("rolled back");
    expect(await nameOf(orgA)).toBe("A committed");
  });

  it("supports nested transactions as savepoints", async () => {
    await withTenant(database.db, orgA, async (tx) => {
      await tx.update(organizations).set({ name: "A outer" }).where(sql`${organizations.id} = ${orgA}`);
      await tx
        .transaction(async (inner) => {
          await inner
            .update(organizations)
            .set({ name: "A inner" })
            .where(sql`${organizations.id} = ${orgA}`);
          throw new Error("inner fails");
        })
        .catch(() => undefined);
    });
    expect(await nameOf(orgA)).toBe("A outer");
  });

  // Independent reads of one transaction may be sent together (`Promise.all`): postgres.js pipelines
  // them on the transaction's connection, PGlite runs them one after another.
  it("answers statements sent side by side each with its own result, after fn's earlier writes", async () => {
    const [names, count, settings] = await withTenant(database.db, orgA, async (tx) => {
      await tx
        .update(organizations)
        .set({ name: "A side by side" })
        .where(sql`${organizations.id} = ${orgA}`);
      return Promise.all([
        tx.select({ name: organizations.name }).from(organizations),
        tx.execute(sql`select count(*)::int as n from generate_series(1, 7)`),
        tx.select({ organizationId: organizationSettings.organizationId }).from(organizationSettings),
      ]);
    });
    expect(names).toEqual([{ name: "A side by side" }]);
    const rows = (Array.isArray(count) ? count : (count as { rows: unknown[] }).rows) as { n: number }[];
    expect(rows[0]?.n).toBe(7);
    expect(settings).toEqual([{ organizationId: orgA }]);
  });

  it("keeps concurrent transactions of different tenants apart", async () => {
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const organizationId = i % 2 === 0 ? orgA : orgB;
        return withTenant(database.db, organizationId, async (tx) => {
          const rows = await tx.select({ id: organizations.id }).from(organizations);
          return { organizationId, ids: rows.map((row) => row.id) };
        });
      }),
    );
    for (const { organizationId, ids } of seen) expect(ids).toEqual([organizationId]);
  });

  it.skipIf(!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))(
    "fails a transaction whose connection dies, and the pool goes on working",
    async () => {
      await expect(
        withTenant(database.db, orgA, async (tx) => {
          const [backend] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          await database.db.execute(sql`select pg_terminate_backend(${backend?.pid})`);
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
      const after = await Promise.all(
        Array.from({ length: 12 }, () =>
          withTenant(database.db, orgB, (tx) => tx.select({ id: organizations.id }).from(organizations)),
        ),
      );
      for (const rows of after) expect(rows.map((row) => row.id)).toEqual([orgB]);
    },
  );

  it.skipIf(!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))(
    "refuses a statement sent after its connection died, and sends nothing to the closed socket",
    async () => {
      let work: Promise<unknown> = Promise.resolve();
      await expect(
        withTenant(database.db, orgA, (tx) => {
          work = (async () => {
            const [backend] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
            await database.db.execute(sql`select pg_terminate_backend(${backend?.pid})`);
            // Long enough for the client to see the connection close before the next statement.
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute(sql`select 1`);
          })();
          return work;
        }),
      ).rejects.toThrow();
      // fn's own late statement fails too (it would otherwise never settle, or write to a closed socket).
      const hung = new Promise((resolve) => setTimeout(() => resolve("still pending after 3 s"), 3_000));
      expect(
        await Promise.race([
          work.then(
            () => "succeeded",
            () => "refused",
          ),
          hung,
        ]),
      ).toBe("refused");
      const rows = await withTenant(database.db, orgB, (tx) =>
        tx.select({ id: organizations.id }).from(organizations),
      );
      expect(rows.map((row) => row.id)).toEqual([orgB]);
    },
  );
});

describe("withTenantStatement", () => {
  const namesOf = (tx: Tx) =>
    tx.select({ id: organizations.id, name: organizations.name }).from(organizations);

  it("runs one statement under the tenant's row-level security and returns fn's result", async () => {
    const result = await withTenantStatement(database.db, orgB, async (tx) => {
      const rows = await namesOf(tx);
      return rows.map((row) => row.id);
    });
    expect(result).toEqual([orgB]);
  });

  it("commits a single write", async () => {
    const [updated] = await withTenantStatement(database.db, orgB, (tx) =>
      tx.update(organizations).set({ name: "B single" }).where(sql`true`).returning(),
    );
    expect(updated?.id).toBe(orgB);
    const [b] = await database.db.select().from(organizations).where(sql`${organizations.id} = ${orgB}`);
    expect(b?.name).toBe("B single");
    const [a] = await database.db.select().from(organizations).where(sql`${organizations.id} = ${orgA}`);
    expect(a?.name).not.toBe("B single");
  });

  /** drizzle wraps what the driver throws in "Failed query: …" with the driver's error as its cause. */
  const messagesOf = (error: unknown): string[] =>
    error instanceof Error ? [error.message, ...messagesOf(error.cause)] : [];

  it("refuses a second statement before sending it", async () => {
    const refused = await withTenantStatement(database.db, orgB, async (tx) => {
      await namesOf(tx);
      await tx.update(organizations).set({ name: "B after commit" }).where(sql`true`);
    }).catch((error: unknown) => error);
    expect(messagesOf(refused).join(" / ")).toContain("sent a second statement");
    const [b] = await database.db.select().from(organizations).where(sql`${organizations.id} = ${orgB}`);
    expect(b?.name).toBe("B single");
  });

  it("refuses a nested transaction", async () => {
    await expect(
      withTenantStatement(database.db, orgB, (tx) => tx.transaction(async (inner) => namesOf(inner))),
    ).rejects.toThrow("sent a second statement");
  });

  it("reports a failed statement, and the connection goes on working", async () => {
    await expect(
      withTenantStatement(database.db, orgB, (tx) => tx.execute(sql`select 1/0`)),
    ).rejects.toThrow();
    const after = await Promise.all(
      Array.from({ length: 12 }, () => withTenantStatement(database.db, orgA, (tx) => namesOf(tx))),
    );
    for (const rows of after) expect(rows.map((row) => row.id)).toEqual([orgA]);
  });

  it("keeps concurrent statements of different tenants apart, mixed with withTenant", async () => {
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const organizationId = i % 2 === 0 ? orgA : orgB;
        const run = i % 3 === 0 ? withTenant : withTenantStatement;
        return run(database.db, organizationId, async (tx) => ({
          organizationId,
          ids: (await namesOf(tx)).map((row) => row.id),
        }));
      }),
    );
    for (const { organizationId, ids } of seen) expect(ids).toEqual([organizationId]);
  });
});

describe("preparedQuery", () => {
  const byId = preparedQuery<{ id: string }, { id: string }[]>("test_organization_by_id", (db) =>
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder("id"))),
  );
  const all = preparedQuery<Record<string, never>, { id: string }[]>("test_organizations", (db) =>
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`${organizations.id} in (${sql.placeholder("a")}, ${sql.placeholder("b")})`),
  );

  it("runs on the database with each call's values", async () => {
    expect(await byId(database.db, { id: orgA })).toEqual([{ id: orgA }]);
    expect(await byId(database.db, { id: orgB })).toEqual([{ id: orgB }]);
    expect(await byId(database.db, { id: "nobody" })).toEqual([]);
  });

  it("runs inside a tenant transaction on that transaction's connection, under its row-level security", async () => {
    const values = { a: orgA, b: orgB } as unknown as Record<string, never>;
    expect(await all(database.db, values)).toHaveLength(2);
    expect(await withTenant(database.db, orgA, (tx) => all(tx, values))).toEqual([{ id: orgA }]);
    expect(await withTenantStatement(database.db, orgB, (tx) => all(tx, values))).toEqual([{ id: orgB }]);
    expect(await withTenantStatement(database.db, orgB, (tx) => byId(tx, { id: orgA }))).toEqual([]);
  });

  it("sees the transaction's own uncommitted writes (it runs on the transaction's connection)", async () => {
    const nameById = preparedQuery<{ id: string }, { name: string }[]>("test_organization_name", (db) =>
      db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, sql.placeholder("id"))),
    );
    const before = (await nameById(database.db, { id: orgA }))[0]?.name;
    await expect(
      withTenant(database.db, orgA, async (tx) => {
        await tx.update(organizations).set({ name: "A uncommitted" }).where(sql`true`);
        expect(await nameById(tx, { id: orgA })).toEqual([{ name: "A uncommitted" }]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await nameById(database.db, { id: orgA })).toEqual([{ name: before }]);
  });
});

describe("tenant transactions' driver", () => {
  it("sends and reads values as the database's own statements do (JSON, timestamps)", async () => {
    const json = JSON.stringify({ a: 1 });
    const at = new Date("2030-01-02T03:04:05.678Z");
    const read = async (executor: Parameters<Parameters<typeof withTenant>[2]>[0] | typeof database.db) =>
      rowsOf<{ a: string | null; kind: string; at: unknown }>(
        await executor.execute(
          sql`select ${json}::jsonb ->> 'a' as a, jsonb_typeof(${json}::jsonb) as kind, ${at.toISOString()}::timestamptz as at`,
        ),
      )[0];
    const outside = await read(database.db);
    expect(outside).toMatchObject({ a: "1", kind: "object" });
    expect(await withTenant(database.db, orgA, (tx) => read(tx))).toEqual(outside);
    expect(await withTenantStatement(database.db, orgA, (tx) => read(tx))).toEqual(outside);
  });
});

describe("tenant settings", () => {
  it("carry any organization id exactly, quotes and backslashes included", async () => {
    for (const id of ["o'brien", "back\\slash", "'; reset role; --", "e'\\'"]) {
      const [row] = rowsOf<{ org: string; role: string }>(
        await withTenant(database.db, id, (tx) =>
          tx.execute(sql`select current_setting('app.org_id') as org, current_user as role`),
        ),
      );
      expect(row).toEqual({ org: id, role: "tally_app" });
    }
  });
});
