import { rewardMints } from "@tally/db";
import {
  createCreator,
  grantReward,
  handlerDeps,
  publishedReward,
  rewardTokens,
  setRewardMode,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runMintQueue, STALE_CLAIM_MS } from "./mint-queue.ts";

const h = useHarness();

const queuedProgramme = async (options: Parameters<typeof publishedReward>[3] = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, options);
  const contract = reward.contract.proxyAddress as `0x${string}`;
  const grant = (userId: string) => grantReward(h, tenant, creator, reward.id, userId);
  return { tenant, creator, reward, contract, grant, tokens: rewardTokens(h, contract) };
};

/** Another programme of the same tenant (and a creator of its own). */
const programmeOf = async (tenant: Awaited<ReturnType<typeof queuedProgramme>>["tenant"]) => {
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const contract = reward.contract.proxyAddress as `0x${string}`;
  return {
    grant: (userId: string) => grantReward(h, tenant, creator, reward.id, userId),
    tokens: rewardTokens(h, contract),
  };
};

/** The `mint-queue` cron handler as the worker runs it, limited to the test's tenant. */
const runJob = (organizationId: string) => runMintQueue(handlerDeps(h), { organizationId });

const mintsById = (ids: string[]) =>
  h.database.db.select().from(rewardMints).where(inArray(rewardMints.id, ids));

describe("the mint-queue job", () => {
  // The cron run is the backstop of the mint run a queued mint starts: here that run never comes (its job
  // withheld), so what the tests see is the cron's work alone.
  beforeEach(() => {
    const events = h.runtime.deps.events;
    const publish = events.publish.bind(events);
    vi.spyOn(events, "publish").mockImplementation(async (tx, event, payload, options) =>
      event === "reward-mints-queued" ? ["withheld"] : publish(tx, event, payload, options),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("mints queued grants in one batch; a wallet already holding a token completes with it, not a second", async () => {
    const { grant, contract, tokens, tenant } = await queuedProgramme();
    const holders = await Promise.all(Array.from({ length: 4 }, () => walletHolder(h, tenant)));
    const grants = await Promise.all(holders.map(({ user }) => grant(user.id)));
    expect(grants.map((response) => [response.status, response.body.status])).toEqual(
      Array(4).fill([200, "QUEUED"]),
    );
    expect(await tokens.totalSupply()).toBe(0n);
    // The last wallet got its token outside the queue (as a mint whose record was lost would leave it).
    const chain = h.runtime.deps.providers.rewardChain;
    await chain.mintReceipt(await chain.sendMint(contract, [holders[3]!.address as `0x${string}`]), {
      wait: true,
    });
    const published = vi.spyOn(h.runtime.deps.events, "publish");

    const summary = await runJob(tenant.organizationId);

    const received = published.mock.calls.filter((call) => call[1] === "nft-received").length;
    published.mockRestore();
    expect(summary).toMatchObject({ batches: 1, mints: 4 });
    const mints = await mintsById(grants.map((response) => response.body.mint.id));
    expect(mints.map((mint) => mint.status)).toEqual(Array(4).fill("COMPLETED"));
    expect(received).toBe(4);
    expect(await tokens.totalSupply()).toBe(4n);
    for (const { address } of holders) {
      const mint = mints.find((row) => row.walletAddress === address)!;
      expect(await tokens.balanceOf(address)).toBe(1n);
      expect(await tokens.ownerOf(BigInt(mint.tokenId!))).toBe(address);
    }
    expect(mints.find((row) => row.walletAddress === holders[3]!.address)!.tokenId).toBe("1");
    // A second run finds nothing to do.
    expect(await runJob(tenant.organizationId)).toMatchObject({ batches: 0, mints: 0 });
  });

  it("sizes batches under the block gas limit from the gas the simulation measures per wallet", async () => {
    const { grant, tokens, tenant } = await queuedProgramme();
    const holders = await Promise.all(Array.from({ length: 5 }, () => walletHolder(h, tenant)));
    await Promise.all(holders.map(({ user }) => grant(user.id)));
    // Half of 400k gas holds two new wallets (~71k each, plus the transaction's own cost), not three.
    const limit = vi.spyOn(h.runtime.deps.providers.rewardChain, "blockGasLimit").mockResolvedValue(400_000n);

    const summary = await runJob(tenant.organizationId);

    limit.mockRestore();
    expect(summary).toMatchObject({ batches: 3, mints: 5 });
    expect(await tokens.totalSupply()).toBe(5n);
    for (const { address } of holders) expect(await tokens.balanceOf(address)).toBe(1n);
  });

  it("mints what the supply allows and records the rest ERROR with the revert, never to retry", async () => {
    const { grant, tokens, tenant } = await queuedProgramme({ maxSupply: 2 });
    const holders = await Promise.all(Array.from({ length: 5 }, () => walletHolder(h, tenant)));
    const grants = await Promise.all(holders.map(({ user }) => grant(user.id)));

    await runJob(tenant.organizationId);

    const mints = await mintsById(grants.map((response) => response.body.mint.id));
    const byStatus = (status: string) => mints.filter((mint) => mint.status === status);
    expect(byStatus("COMPLETED")).toHaveLength(2);
    expect(byStatus("ERROR").map(({ error, attempts, retryAt }) => ({ error, attempts, retryAt }))).toEqual(
      Array(3).fill({ error: "MaxSupplyReached(2)", attempts: 1, retryAt: null }),
    );
    expect(await tokens.totalSupply()).toBe(2n);
    for (const mint of byStatus("COMPLETED"))
      expect(await tokens.ownerOf(BigInt(mint.tokenId!))).toBe(mint.walletAddress);
    // A spent supply is final: later runs leave the ERROR mints alone.
    const later = vi
      .spyOn(h.runtime.deps.clock, "now")
      .mockReturnValue(new Date(Date.now() + 24 * 60 * 60_000));
    expect(await runJob(tenant.organizationId)).toMatchObject({ mints: 0 });
    later.mockRestore();
  });

  it("skips a programme whose chain read fails and still mints the others; the run completes", async () => {
    const first = await queuedProgramme();
    const second = await programmeOf(first.tenant);
    const [a, b] = await Promise.all([walletHolder(h, first.tenant), walletHolder(h, first.tenant)]);
    const grants = [await first.grant(a.user.id), await second.grant(b.user.id)];
    const chain = h.runtime.deps.providers.rewardChain;
    const unreachable = vi.spyOn(chain, "blockGasLimit").mockRejectedValueOnce(new Error("RPC unreachable"));

    const summary = await runJob(first.tenant.organizationId);

    unreachable.mockRestore();
    expect(summary).toMatchObject({ failed: 1, batches: 1, mints: 1 });
    const mints = await mintsById(grants.map((response) => response.body.mint.id));
    expect(mints.map((mint) => mint.status).sort()).toEqual(["COMPLETED", "PENDING"]);
    // The skipped programme's mint goes out on the next run.
    expect(await runJob(first.tenant.organizationId)).toMatchObject({ failed: 0, mints: 1 });
    expect(await first.tokens.balanceOf(a.address)).toBe(1n);
    expect(await second.tokens.balanceOf(b.address)).toBe(1n);
  });

  it("retries an ERROR mint once its backoff has passed, counting the attempts", async () => {
    const { grant, tokens, tenant } = await queuedProgramme();
    const { user, address } = await walletHolder(h, tenant);
    const granted = await grant(user.id);
    const chain = h.runtime.deps.providers.rewardChain;
    const send = vi.spyOn(chain, "sendMint").mockRejectedValueOnce(new Error("RPC unreachable"));
    await runJob(tenant.organizationId);
    send.mockRestore();
    const [failed] = await mintsById([granted.body.mint.id]);
    expect(failed).toMatchObject({ status: "ERROR", error: "RPC unreachable", attempts: 1 });

    expect(await runJob(tenant.organizationId)).toMatchObject({ mints: 0 });
    const clock = h.runtime.deps.clock;
    const later = new Date(failed!.retryAt!.getTime() + 1000);
    const now = vi.spyOn(clock, "now").mockReturnValue(later);
    const retried = await runJob(tenant.organizationId);
    now.mockRestore();

    expect(retried).toMatchObject({ batches: 1, mints: 1 });
    const [minted] = await mintsById([granted.body.mint.id]);
    expect(minted).toMatchObject({ status: "COMPLETED", error: null, attempts: 2, tokenId: "1" });
    expect(await tokens.balanceOf(address)).toBe(1n);
  });

  it("reconciles a crash between broadcast and record from the chain: the records converge, no second token", async () => {
    const { grant, contract, tokens, tenant } = await queuedProgramme();
    const [sent, unsent] = await Promise.all([walletHolder(h, tenant), walletHolder(h, tenant)]);
    const [sentGrant, unsentGrant] = await Promise.all([grant(sent.user.id), grant(unsent.user.id)]);
    const chain = h.runtime.deps.providers.rewardChain;
    // A process claimed both, broadcast the batch for one of them, and died before recording anything.
    const txHash = await chain.sendMint(contract, [sent.address as `0x${string}`]);
    await chain.mintReceipt(txHash, { wait: true });
    const claimedAt = new Date(h.runtime.deps.clock.now().getTime() - STALE_CLAIM_MS - 1000);
    await h.database.db
      .update(rewardMints)
      .set({ status: "PROCESSING", claimedAt, attempts: 1 })
      .where(inArray(rewardMints.id, [sentGrant.body.mint.id, unsentGrant.body.mint.id]));

    const summary = await runJob(tenant.organizationId);

    expect(summary).toMatchObject({ reconciled: 2, batches: 1, mints: 1 });
    const [sentMint] = await h.database.db
      .select()
      .from(rewardMints)
      .where(eq(rewardMints.id, sentGrant.body.mint.id));
    const [unsentMint] = await h.database.db
      .select()
      .from(rewardMints)
      .where(eq(rewardMints.id, unsentGrant.body.mint.id));
    expect(sentMint).toMatchObject({ status: "COMPLETED", tokenId: "1" });
    expect(unsentMint).toMatchObject({ status: "COMPLETED", tokenId: "2", attempts: 2 });
    expect(await tokens.totalSupply()).toBe(2n);
  });
});
