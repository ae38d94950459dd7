import { orders, pointBalances, pointTransactions } from "@tally/db";
import { type ApiSchema, seedCreator, seedUser, useHarness } from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

const SPENDS = 1000;
const BALANCE = 500;
const BATCH = 100;
const KEYS = 10;

describe("points: concurrent spends never take a balance below zero", () => {
  it(`${SPENDS} concurrent spends of 1 point against ${BALANCE}: exactly ${BALANCE} succeed`, async () => {
    const tenant = await h.createTenant();
    // Spread the load over several MEMBER keys so the per-key rate limit (PRO: 200/s) never answers 429.
    const keys: string[] = [];
    for (let index = 0; index < KEYS; index += 1) {
      const created = await h.request<ApiSchema<"CreatedApiKey">>("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        body: { name: `spender ${index}` },
      });
      expect(created.status, created.text).toBe(201);
      keys.push(created.body.key);
    }
    const user = await seedUser(h, tenant);
    const granted = await h.request("POST", `/api/v1/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: BALANCE },
    });
    expect(granted.status, granted.text).toBe(201);

    const statuses: number[] = [];
    const codes = new Map<string, number>();
    for (let start = 0; start < SPENDS; start += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: BATCH }, (_, offset) =>
          h.request<{ code?: string }>("POST", `/api/v1/user/${user.id}/points`, {
            key: keys[(start + offset) % KEYS]!,
            body: { amount: -1, details: { n: start + offset } },
          }),
        ),
      );
      for (const response of batch) {
        statuses.push(response.status);
        if (response.status !== 201) {
          const code = response.body.code ?? String(response.status);
          codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      }
    }
    const succeeded = statuses.filter((status) => status === 201).length;
    expect(Object.fromEntries(codes)).toEqual({ insufficient_points: SPENDS - BALANCE });
    expect(succeeded).toBe(BALANCE);

    const balance = await h.request<ApiSchema<"PointBalances">>("GET", `/api/v1/user/${user.id}/points`, {
      key: tenant.memberKey,
    });
    expect(balance.body.balance).toBe(0);
    const [ledger] = await h.database.db
      .select({ sum: sql<string>`sum(${pointTransactions.amount})`, rows: sql<string>`count(*)` })
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, tenant.organizationId),
          eq(pointTransactions.userId, user.id),
        ),
      );
    expect(Number(ledger?.sum)).toBe(0);
    expect(Number(ledger?.rows)).toBe(BALANCE + 1);
  }, 300_000);

  it("concurrent order points and spends share one balance: the balance never goes negative", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await h.request("POST", `/api/v1/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 50, creatorId: creator.id },
    });
    const orderId = `o${Date.now().toString(36)}`;
    await h.database.db
      .insert(orders)
      .values({ organizationId: tenant.organizationId, id: orderId, userId: user.id, creatorId: creator.id });
    const responses = await Promise.all([
      ...Array.from({ length: 30 }, () =>
        h.request("POST", `/api/v1/user/${user.id}/points`, {
          key: tenant.adminKey,
          body: { amount: -2, creatorId: creator.id },
        }),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        h.request("POST", `/api/v1/user/${user.id}/order/${orderId}/points`, {
          key: tenant.memberKey,
          body: { points: 5 + index },
        }),
      ),
    ]);
    const spends = responses.slice(0, 30);
    expect(spends.filter((response) => response.status === 201)).toHaveLength(25);
    expect(spends.filter((response) => response.status === 409)).toHaveLength(5);
    const [row] = await h.database.db
      .select({ balance: pointBalances.balance })
      .from(pointBalances)
      .where(and(eq(pointBalances.organizationId, tenant.organizationId), eq(pointBalances.userId, user.id)));
    expect(row?.balance).toBe(0);
  }, 120_000);
});
