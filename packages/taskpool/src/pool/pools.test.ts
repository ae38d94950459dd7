import { TaskEscrowError } from "@tally/providers";
import { localClients } from "@tally/providers/test-support";
import {
  api,
  depositOnChain,
  enableUsdcPayments,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  readTaskPool,
  registerTaskPool,
  startHarness,
  type TaskPoolsRecord,
  usdcBalance,
  useHarness,
} from "@tally/testing";
import type { Hex } from "viem";
import { describe, expect, it, vi } from "vitest";
import { tenantIdOf } from "../escrow.ts";

const h = useHarness();

describe("POST /tasks/pools", () => {
  it("registers the pool once under concurrent calls: one registration, one task-pool-deployed", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const before = await api(h, "GET", "/tasks/pools", { key: tenant.adminKey });
    expectError(before, 404, "not_found");
    const escrow = h.runtime.deps.providers.taskEscrow;
    const registrations = vi.spyOn(escrow, "registerPool");
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const calls = await Promise.all(
      [1, 2].map(() => api<TaskPoolsRecord>(h, "POST", "/tasks/pools", { key: tenant.adminKey })),
    );
    const mined = await Promise.all(registrations.mock.results.map((result) => result.value));
    registrations.mockRestore();
    const published = events.mock.calls.filter((call) => call[1] === "task-pool-deployed");
    events.mockRestore();
    for (const call of calls) expect(call.status, call.text).toBe(200);
    expect(calls[0]!.body).toEqual(calls[1]!.body);
    // One registration on chain (racing processes may both report its one transaction).
    const writes = mined.filter((write): write is { txHash: Hex } => write !== null);
    expect(new Set(writes.map((write) => write.txHash)).size).toBe(1);
    expect(published.map((call) => call[2])).toEqual([
      { organizationId: tenant.organizationId, taskPoolId: tenantIdOf(tenant.organizationId) },
    ]);
    const contracts = await escrow.contracts();
    expect(calls[0]!.body).toMatchObject({
      taskPoolAddress: contracts.escrowAddress.toLowerCase(),
      rewardPoolAddress: contracts.escrowAddress.toLowerCase(),
      tenantId: tenantIdOf(tenant.organizationId),
      active: true,
      balanceUSDC: 0,
      escrowedUSDC: 0,
    });
    expect(await escrow.isPoolRegistered(tenantIdOf(tenant.organizationId))).toBe(true);
    const again = await api<TaskPoolsRecord>(h, "POST", "/tasks/pools", { key: tenant.adminKey });
    expect(again.body).toEqual(calls[0]!.body);
    expect(await readTaskPool(h, tenant)).toEqual(calls[0]!.body);
  });

  it("records a pool the escrow already holds when its registration raced and reverted", async () => {
    const tenant = await h.createTenant();
    const escrow = h.runtime.deps.providers.taskEscrow;
    await escrow.registerPool(tenantIdOf(tenant.organizationId));
    const registerPool = vi
      .spyOn(escrow, "registerPool")
      .mockRejectedValueOnce(
        new TaskEscrowError("reverted", "raced", { revert: { error: "PoolExists", args: [] } }),
      );
    const registered = await api<TaskPoolsRecord>(h, "POST", "/tasks/pools", { key: tenant.adminKey });
    registerPool.mockRestore();
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body).toMatchObject({ tenantId: tenantIdOf(tenant.organizationId), active: true });
  });

  it("is GROWTH or PRO through the tier gate, and an ADMIN key's", async () => {
    const builder = await h.createTenant({ tier: "builder" });
    expectError(await api(h, "POST", "/tasks/pools", { key: builder.adminKey }), 403, "tier_required");
    expectError(await api(h, "GET", "/tasks", { key: builder.adminKey }), 403, "tier_required");
    const pro = await h.createTenant();
    expectError(await api(h, "POST", "/tasks/pools", { key: pro.memberKey }), 403, "role_required");
    expectError(await api(h, "GET", "/tasks/pools", { key: pro.memberKey }), 403, "role_required");
    expectError(await api(h, "GET", "/tasks/pools", { key: pro.adminKey }), 404, "not_found");
  });
});

describe("POST /tasks/pools/withdraw", () => {
  it("pays from the unescrowed balance only, on chain, to the receiving address", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 10);
    const none = await api(h, "POST", "/tasks/pools/withdraw", {
      key: tenant.adminKey,
      body: { amountUSDC: 1 },
    });
    expectError(none, 409, "payment_method_unavailable");
    const receiving = (await enableUsdcPayments(h, tenant))!;
    const task = await api(h, "POST", "/tasks", {
      key: tenant.adminKey,
      body: {
        merchantAddress: receiving,
        amountUSDC: 6,
        acceptanceCriteria: "Write a product description",
      },
    });
    expect(task.status, task.text).toBe(201);
    const short = await api(h, "POST", "/tasks/pools/withdraw", {
      key: tenant.adminKey,
      body: { amountUSDC: 4.000001 },
    });
    expectError(short, 409, "insufficient_funds");
    expect((await readTaskPool(h, tenant)).balanceAtomic).toBe("4000000");
    const paid = await api<{ status: string; txHash: string; toAddress: string; balanceUSDC: number }>(
      h,
      "POST",
      "/tasks/pools/withdraw",
      { key: tenant.adminKey, body: { amountUSDC: 2.5 } },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "CONFIRMED", toAddress: receiving, balanceUSDC: 1.5 });
    expect(await usdcBalance(h, receiving)).toBe(2_500_000n);
    const pool = await expectTaskPoolConserved(h, tenant);
    expect(pool).toMatchObject({ balanceUSDC: 1.5, escrowedUSDC: 6 });
    expectError(
      await api(h, "POST", "/tasks/pools/withdraw", {
        key: tenant.adminKey,
        body: { amountUSDC: 0.1234567 },
      }),
      422,
      "validation_failed",
    );
  });

  it("gives the amount back when the escrow refuses or nothing was sent; keeps it taken when the outcome is unknown", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 3);
    await enableUsdcPayments(h, tenant);
    const escrow = h.runtime.deps.providers.taskEscrow;
    const withdrawPool = vi.spyOn(escrow, "withdrawPool");
    const withdraw = () =>
      api(h, "POST", "/tasks/pools/withdraw", { key: tenant.adminKey, body: { amountUSDC: 1 } });
    withdrawPool.mockRejectedValueOnce(
      new TaskEscrowError("reverted", "refused", { revert: { error: "InsufficientPool", args: [] } }),
    );
    expectError(await withdraw(), 409, "insufficient_funds");
    withdrawPool.mockRejectedValueOnce(new TaskEscrowError("unavailable", "the RPC is down"));
    expectError(await withdraw(), 503, "service_unavailable");
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 3 });
    withdrawPool.mockRejectedValueOnce(
      new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: `0x${"ef".repeat(32)}` }),
    );
    const unknown = await withdraw();
    withdrawPool.mockRestore();
    expectError(unknown, 503, "service_unavailable");
    expect(unknown.body).toMatchObject({
      context: { withdrawalId: expect.any(String), txHash: `0x${"ef".repeat(32)}` },
    });
    expect(await readTaskPool(h, tenant)).toMatchObject({ balanceUSDC: 2 });
  });

  it("answers 409 before the pool exists", async () => {
    const tenant = await h.createTenant();
    await enableUsdcPayments(h, tenant);
    const refused = await api(h, "POST", "/tasks/pools/withdraw", {
      key: tenant.adminKey,
      body: { amountUSDC: 1 },
    });
    expectError(refused, 409, "conflict");
  });
});

describe("POST /tasks/pools/deposit", () => {
  it("credits a deposit once, to the tenant it was made for, of exactly its amount", async () => {
    const tenant = await h.createTenant();
    const other = await h.createTenant();
    const pool = await registerTaskPool(h, tenant);
    await registerTaskPool(h, other);
    const txHash = await depositOnChain(h, pool.tenantId, 5_000_000n);
    const deposit = (key: string, body: Record<string, unknown>) =>
      api(h, "POST", "/tasks/pools/deposit", { key, body });

    const wrongAmount = await deposit(tenant.adminKey, { amountUSDC: 4.999999, txHash });
    expectError(wrongAmount, 422, "payment_verification_failed");
    expect(wrongAmount.body).toMatchObject({ context: { reason: "amount_mismatch" } });
    const otherTenant = await deposit(other.adminKey, { amountUSDC: 5, txHash });
    expectError(otherTenant, 422, "payment_verification_failed");
    expect(otherTenant.body).toMatchObject({ context: { reason: "wrong_tenant" } });
    expect((await readTaskPool(h, tenant)).balanceAtomic).toBe("0");

    const credited = await deposit(tenant.adminKey, {
      amountUSDC: 5,
      txHash: txHash.toUpperCase().replace("0X", "0x"),
    });
    expect(credited.status, credited.text).toBe(200);
    expect(credited.body).toMatchObject({ txHash, amountUSDC: 5, amountAtomic: "5000000", balanceUSDC: 5 });
    const [replayed, elsewhere] = await Promise.all([
      deposit(tenant.adminKey, { amountUSDC: 5, txHash }),
      deposit(other.adminKey, { amountUSDC: 5, txHash }),
    ]);
    expectError(replayed, 409, "already_exists");
    expectError(elsewhere, 409, "already_exists");
    await expectTaskPoolConserved(h, tenant);
    expect((await readTaskPool(h, other)).balanceAtomic).toBe("0");
  });

  it("refuses an unknown hash (retryable), a transaction that is no deposit, and 7 decimals", async () => {
    const tenant = await h.createTenant();
    await registerTaskPool(h, tenant);
    const unknown = `0x${"ab".repeat(32)}` as Hex;
    const missing = await api(h, "POST", "/tasks/pools/deposit", {
      key: tenant.adminKey,
      body: { amountUSDC: 1, txHash: unknown },
    });
    expectError(missing, 422, "payment_verification_failed");
    expect(missing.body).toMatchObject({ context: { reason: "tx_not_found", retryable: true } });
    expect(missing.headers.get("retry-after")).toBe("5");
    const registration = await h.runtime.deps.providers.taskEscrow.registerPool(
      tenantIdOf(`x-${tenant.organizationId}`),
    );
    const notDeposit = await api(h, "POST", "/tasks/pools/deposit", {
      key: tenant.adminKey,
      body: { amountUSDC: 1, txHash: registration!.txHash },
    });
    expectError(notDeposit, 422, "payment_verification_failed");
    expect(notDeposit.body).toMatchObject({ context: { reason: "no_deposit" } });
    const tooPrecise = await api(h, "POST", "/tasks/pools/deposit", {
      key: tenant.adminKey,
      body: { amountUSDC: 1.0000001, txHash: unknown },
    });
    expectError(tooPrecise, 422, "validation_failed");
    expect(tooPrecise.body).toMatchObject({ details: [{ field: "amountUSDC" }] });
  });

  it("waits for CHAIN_CONFIRMATIONS (2): insufficient, retryable, until a block is mined on top", async () => {
    const h2 = await startHarness({ env: { CHAIN_CONFIRMATIONS: "2" } });
    try {
      const tenant = await h2.createTenant();
      const pool = await registerTaskPool(h2, tenant);
      const txHash = await depositOnChain(h2, pool.tenantId, 3_000_000n);
      const attempt = () =>
        api(h2, "POST", "/tasks/pools/deposit", { key: tenant.adminKey, body: { amountUSDC: 3, txHash } });
      const early = await attempt();
      expectError(early, 422, "payment_verification_failed");
      expect(early.body).toMatchObject({
        context: { reason: "insufficient_confirmations", confirmations: 1, required: 2, retryable: true },
      });
      expect((await readTaskPool(h2, tenant)).balanceAtomic).toBe("0");
      await localClients(h2.chain.rpcUrl).testClient.mine({ blocks: 1 });
      const credited = await attempt();
      expect(credited.status, credited.text).toBe(200);
      await expectTaskPoolConserved(h2, tenant);
    } finally {
      await h2.close();
    }
  });
});
