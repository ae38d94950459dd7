import { takeAddressToken } from "@tally/platform";
import {
  allListedTasks,
  api,
  createCreator,
  expectError,
  fundedTaskPool,
  postTask,
  publishedCampaign,
  type TaskRecord,
  useHarness,
} from "@tally/testing";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";
import { SOLVER_LIMIT } from "./service.ts";
import { solverRegistrationMessage } from "./signature.ts";

const h = useHarness();

type TaskList = { data: TaskRecord[]; total: number; limit: number; offset: number };

const newSolver = () => privateKeyToAccount(generatePrivateKey());

/** `POST /solver/register` signed by `account` at `issuedAt` (now by default). */
const register = async (
  account: ReturnType<typeof newSolver>,
  body: Record<string, unknown> = {},
  issuedAt = new Date().toISOString(),
) =>
  api(h, "POST", "/solver/register", {
    body: {
      solverAddress: account.address,
      issuedAt,
      signedTx: await account.signMessage({ message: solverRegistrationMessage(account.address, issuedAt) }),
      ...body,
    },
  });

describe("POST /solver/register, GET /solver/{address}", () => {
  it("registers a solver whose signature proves its address, and a later registration replaces its metadata", async () => {
    const solver = newSolver();
    const address = solver.address.toLowerCase();
    const first = await register(solver, {
      metadata: { name: "Translator bot", type: "ai_agent", capabilities: ["translation", "fr"] },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      solverAddress: address,
      name: "Translator bot",
      type: "ai_agent",
      capabilities: ["translation", "fr"],
    });
    const read = await api(h, "GET", `/solver/${solver.address}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(first.body);

    const later = new Date(Date.now() + 1000).toISOString();
    const again = await register(solver, { metadata: { name: "Translator", type: "hybrid" } }, later);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ name: "Translator", type: "hybrid", capabilities: [] });
    expect((again.body as { registeredAt: string }).registeredAt).toBe(
      (first.body as { registeredAt: string }).registeredAt,
    );
    // The same signed message again: a replay.
    const replayed = await register(solver, { metadata: { name: "Hijacked" } }, later);
    expectError(replayed, 401, "signature_required");
    expect(replayed.body).toMatchObject({ context: { reason: "replayed" } });
    expect((await api(h, "GET", `/solver/${address}`)).body).toMatchObject({ name: "Translator" });
  });

  it("refuses a missing, foreign or stale signature, and an unknown solver is 404", async () => {
    const solver = newSolver();
    const unsigned = await api(h, "POST", "/solver/register", { body: { solverAddress: solver.address } });
    expectError(unsigned, 401, "signature_required");
    const issuedAt = new Date().toISOString();
    const other = newSolver();
    const foreign = await register(solver, {
      signedTx: await other.signMessage({ message: solverRegistrationMessage(solver.address, issuedAt) }),
    });
    expectError(foreign, 401, "signature_required");
    expect(foreign.body).toMatchObject({ context: { reason: "mismatch" } });
    const stale = await register(solver, {}, new Date(Date.now() - 301_000).toISOString());
    expectError(stale, 401, "signature_required");
    expect(stale.body).toMatchObject({ context: { reason: "stale" } });
    expectError(await register(solver, { metadata: { type: "robot" } }), 422, "validation_failed");
    expectError(await api(h, "GET", `/solver/${solver.address}`), 404, "not_found");
    expectError(await api(h, "GET", `/solver/performance/${solver.address}`), 404, "not_found");
    expectError(await api(h, "GET", "/solver/not-an-address"), 422, "validation_failed");
  });

  it("is rate-limited per solver address", async () => {
    const solver = newSolver();
    const address = solver.address.toLowerCase();
    // The bucket refills 5 tokens a second: on a slow machine one may come back between the drain and the
    // request, so drain and ask again until the route finds it empty (it never does if it takes no token).
    let limited = await api(h, "GET", `/solver/${address}`);
    for (let attempt = 0; attempt < 5 && limited.status !== 429; attempt++) {
      const drain = Array.from({ length: SOLVER_LIMIT.burst + 10 }, () =>
        takeAddressToken(h.database.db, address, SOLVER_LIMIT).catch(() => undefined),
      );
      await Promise.all(drain);
      limited = await api(h, "GET", `/solver/${address}`);
    }
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expectError(await api(h, "GET", `/solver/${newSolver().address}`), 404, "not_found");
  });
});

describe("GET /solver/tasks, GET /solver/performance/{address}", () => {
  it("lists one campaign's open tasks for a storefront's fans, without a key", async () => {
    const tenant = await h.createTenant();
    const campaign = await publishedCampaign(h, tenant, await createCreator(h, tenant));
    await fundedTaskPool(h, tenant, 5);
    const ours = (await postTask(h, tenant, { amountUSDC: 1, campaignId: campaign.id })).body;
    const other = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const listed = await api<TaskList>(h, "GET", `/solver/tasks?campaignId=${campaign.id}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((task) => task.taskId)).toEqual([ours.taskId]);
    expect(listed.body.total).toBe(1);
    expect(listed.body.data.map((task) => task.taskId)).not.toContain(other.taskId);
    expectError(await api(h, "GET", "/solver/tasks?campaignId=not%20an%20id"), 422, "validation_failed");
  });

  it("lists the Open tasks of every organization whose deadline is ahead, soonest first, with no key", async () => {
    const one = await h.createTenant();
    const two = await h.createTenant();
    await fundedTaskPool(h, one, 10);
    await fundedTaskPool(h, two, 10);
    const soon = (await postTask(h, one, { amountUSDC: 1, durationSeconds: 600 })).body;
    const later = (await postTask(h, two, { amountUSDC: 2, durationSeconds: 7200 })).body;
    const cancelled = (await postTask(h, two, { amountUSDC: 3 })).body;
    expect((await api(h, "DELETE", `/tasks/${cancelled.taskId}`, { key: two.adminKey })).status).toBe(204);

    const listed = await api<TaskList>(h, "GET", "/solver/tasks?limit=100");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe(String(listed.body.total));
    expect(listed.body).toMatchObject({ limit: 100, offset: 0 });
    expect(listed.body.total).toBeGreaterThanOrEqual(2);
    const page = await api<TaskList>(h, "GET", "/solver/tasks?limit=1&offset=0");
    expect(page.body.data).toHaveLength(1);
    const all = await allListedTasks(h, "/solver/tasks");
    const ids = all.map((task) => task.taskId);
    expect(ids).toContain(soon.taskId);
    expect(ids).toContain(later.taskId);
    expect(ids).not.toContain(cancelled.taskId);
    expect(ids.indexOf(soon.taskId)).toBeLessThan(ids.indexOf(later.taskId));
    expect(all.every((task) => task.status === "Open")).toBe(true);
    const deadlines = all.map((task) => Date.parse(task.deadline));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));

    // Past the first task's deadline (but before the second's), it is no longer offered.
    const clock = vi
      .spyOn(h.runtime.deps.clock, "now")
      .mockReturnValue(new Date(Date.parse(soon.deadline) + 1000));
    const after = await allListedTasks(h, "/solver/tasks");
    clock.mockRestore();
    const idsAfter = after.map((task) => task.taskId);
    expect(idsAfter).not.toContain(soon.taskId);
    expect(idsAfter).toContain(later.taskId);
  });

  it("a registered solver without claims has zero performance", async () => {
    const solver = newSolver();
    expect((await register(solver)).status).toBe(200);
    const performance = await api(h, "GET", `/solver/performance/${solver.address}`);
    expect(performance.status, performance.text).toBe(200);
    expect(performance.body).toEqual({
      solver: solver.address.toLowerCase(),
      totalTasksClaimed: 0,
      totalTasksCompleted: 0,
      totalRewardsEarned: 0,
      reputationScore: 0,
      completionRate: 0,
    });
  });
});
