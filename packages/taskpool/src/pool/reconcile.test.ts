import { taskPoolWithdrawals } from "@tally/db";
import { TaskEscrowError } from "@tally/providers";
import {
  api,
  enableUsdcPayments,
  expectError,
  expectTaskPoolConserved,
  fundedTaskPool,
  handlerDeps,
  readTaskPool,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sweepTaskPool } from "../sweep.ts";
import { WITHDRAWAL_DROPPED_AFTER_MS } from "./reconcile.ts";

const h = useHarness();
/** The task pool's sweep, narrowed to the tenant (the suite's PostgreSQL is shared by its files). */
const sweep = (tenant: Tenant) => sweepTaskPool(handlerDeps(h), { organizationId: tenant.organizationId });

afterEach(() => {
  vi.restoreAllMocks();
});

const withdrawalOf = async (withdrawalId: string) => {
  const [row] = await h.database.db
    .select()
    .from(taskPoolWithdrawals)
    .where(eq(taskPoolWithdrawals.id, withdrawalId));
  return row!;
};

describe("SENT withdrawals (sent, outcome unknown) are settled from the chain by the sweep", () => {
  it("mined: CONFIRMED; never mined after the bound: FAILED with the amount back; money conserved", async () => {
    const tenant = await h.createTenant();
    await fundedTaskPool(h, tenant, 5);
    await enableUsdcPayments(h, tenant);
    const escrow = h.runtime.deps.providers.taskEscrow;
    const send = escrow.withdrawPool.bind(escrow);
    const withdrawPool = vi.spyOn(escrow, "withdrawPool");
    const withdraw = async () => {
      const answer = await api(h, "POST", "/tasks/pools/withdraw", {
        key: tenant.adminKey,
        body: { amountUSDC: 1 },
      });
      expectError(answer, 503, "service_unavailable");
      return (answer.body as { context: { withdrawalId: string } }).context.withdrawalId;
    };
    // Mined, then the RPC failed before the answer.
    withdrawPool.mockImplementationOnce(async (...args) => {
      const write = await send(...args);
      throw new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: write.txHash });
    });
    const mined = await withdraw();
    // Signed, never mined.
    withdrawPool.mockRejectedValueOnce(
      new TaskEscrowError("unavailable", "sent, then the RPC went down", { txHash: `0x${"ef".repeat(32)}` }),
    );
    const dropped = await withdraw();
    withdrawPool.mockRestore();
    expect((await withdrawalOf(mined)).status).toBe("SENT");
    expect((await withdrawalOf(dropped)).status).toBe("SENT");
    expect(await readTaskPool(h, tenant)).toMatchObject({ balanceUSDC: 3 });

    const first = await sweep(tenant);
    expect(first.withdrawalsSettled).toBeGreaterThanOrEqual(1);
    expect(await withdrawalOf(mined)).toMatchObject({ status: "CONFIRMED", blockNumber: expect.any(BigInt) });
    expect((await withdrawalOf(dropped)).status).toBe("SENT");
    // The chain spent 1 and the mirror still holds the unknown one taken: conserved once it fails.
    expect(await readTaskPool(h, tenant)).toMatchObject({ balanceUSDC: 3 });

    const later = new Date(h.runtime.deps.clock.now().getTime() + WITHDRAWAL_DROPPED_AFTER_MS + 60_000);
    vi.spyOn(h.runtime.deps.clock, "now").mockReturnValue(later);
    await sweep(tenant);
    await sweep(tenant);
    expect(await withdrawalOf(dropped)).toMatchObject({ status: "FAILED" });
    expect(await expectTaskPoolConserved(h, tenant)).toMatchObject({ balanceUSDC: 4, escrowedUSDC: 0 });
  });
});
