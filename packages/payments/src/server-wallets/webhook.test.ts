import { newId } from "@tally/core";
import { objectRoutes, registerObjectRoute, walletTransactions } from "@tally/db";
import { signWalletProviderWebhook } from "@tally/providers";
import { localClients } from "@tally/providers/test-support";
import {
  type ApiUser,
  api,
  expectError,
  fundedWallet,
  randomAddress,
  randomHash,
  serverWalletUser,
  silentLogger,
  type Tenant,
  useHarness,
  type WalletTransfer,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { WALLET_SEND_ROUTE_KIND } from "./chain-service.ts";
import { DROPPED_AFTER_MS, reconcilePendingSends } from "./reconcile.ts";
import { DEV_WALLETPROVIDER_WEBHOOK_SECRET } from "./webhook.ts";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

const transactionsOf = (userId: string, address: string, query = "") =>
  api<WalletTransfer[]>(h, "GET", `/user/${userId}/wallets/${address}/transactions${query}`, {
    key: tenant.adminKey,
  });

describe("POST /webhooks/walletprovider", () => {
  const now = () => Math.floor(Date.now() / 1000);

  const deliver = ({ rawBody, headers }: { rawBody: string; headers: Record<string, string> }) =>
    h.request<Record<string, unknown>>("POST", "/api/v1/webhooks/walletprovider", {
      rawBody,
      headers: { "content-type": "application/json", ...headers },
    });

  const signed = (
    event: Record<string, unknown> | string,
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ) => {
    const rawBody = typeof event === "string" ? event : JSON.stringify(event);
    const headers = signWalletProviderWebhook(options.secret ?? DEV_WALLETPROVIDER_WEBHOOK_SECRET, {
      id: options.id ?? `msg_${newId()}`,
      timestamp: options.timestamp ?? now(),
      rawBody,
    });
    return { rawBody, headers: { ...headers } as Record<string, string> };
  };

  /** A PENDING send recorded for a SERVER wallet, inserted directly (as a send still waiting for the chain). */
  const pendingTransaction = async (
    owner: { user: ApiUser; address: string },
    overrides: { txHash?: string; createdAt?: Date } = {},
    options: { in?: Tenant; routed?: boolean } = {},
  ) => {
    const organizationId = (options.in ?? tenant).organizationId;
    const row = {
      organizationId,
      id: newId(),
      walletAddress: owner.address,
      userId: owner.user.id,
      kind: "SEND" as const,
      txHash: randomHash(),
      fromAddress: owner.address,
      toAddress: randomAddress(),
      tokenAddress: h.chain.usdcAddress,
      amount: "1000000",
      chainId: 8453,
      status: "PENDING" as const,
      ...overrides,
    };
    // As the send path records it: the row and its hash's route in one transaction.
    await h.database.db.transaction(async (tx) => {
      await tx.insert(walletTransactions).values(row);
      if (options.routed !== false)
        await registerObjectRoute(tx, {
          objectId: row.txHash,
          kind: WALLET_SEND_ROUTE_KIND,
          organizationId,
          now: new Date(),
        });
    });
    return row;
  };

  const rowOf = async (id: string) => {
    const [row] = await h.database.db.select().from(walletTransactions).where(eq(walletTransactions.id, id));
    return row!;
  };

  const eventFor = (txHash: string, eventType: string, extra: Record<string, unknown> = {}) => ({
    chainId: 8453,
    eventType,
    txHash,
    txId: `tx_${newId()}`,
    walletId: `wallet_${newId()}`,
    ...extra,
  });

  it("refuses missing, wrong and stale signatures with 401 and changes nothing", async () => {
    const owner = await serverWalletUser(h, tenant);
    const pending = await pendingTransaction(owner);
    const event = eventFor(pending.txHash, "transaction.confirmed");
    const good = signed(event);

    const cases: Record<string, string>[] = [
      {},
      { "webhook-id": good.headers["webhook-id"]!, "webhook-timestamp": good.headers["webhook-timestamp"]! },
      signed(event, { secret: "whsec_b3RoZXItc2VjcmV0LW5vdC1vdXJz" }).headers,
      signed(event, { timestamp: now() - 600 }).headers,
      signed(event, { timestamp: now() + 600 }).headers,
      { ...good.headers, "webhook-id": `msg_${newId()}` },
      { ...good.headers, "webhook-signature": "v1,AAAA" },
    ];
    for (const headers of cases) {
      const response = await deliver({ rawBody: good.rawBody, headers });
      expectError(response, 401, "signature_required");
    }
    // The signature covers the raw body: another body under the same headers is refused.
    const tampered = await deliver({
      rawBody: JSON.stringify({ ...event, chainId: 8453, txId: "tx_other" }),
      headers: good.headers,
    });
    expectError(tampered, 401, "signature_required");
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("transaction.confirmed and transaction.execution_reverted settle the PENDING row once; redeliveries are duplicates", async () => {
    const owner = await serverWalletUser(h, tenant);
    const toConfirm = await pendingTransaction(owner);
    const toFail = await pendingTransaction(owner);

    // Any letter case in the hash.
    const confirmedEvent = eventFor(`0x${toConfirm.txHash.slice(2).toUpperCase()}`, "transaction.confirmed");
    const confirmed = signed(confirmedEvent);
    const first = await deliver(confirmed);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      received: true,
      duplicate: false,
      eventType: "transaction.confirmed",
      outcome: "confirmed",
      transactionId: toConfirm.id,
    });
    const confirmedRow = await rowOf(toConfirm.id);
    expect(confirmedRow).toMatchObject({
      status: "CONFIRMED",
      failureReason: null,
      providerTxId: confirmedEvent.txId,
      txHash: toConfirm.txHash,
    });
    expect(confirmedRow.confirmedAt).toBeInstanceOf(Date);

    const redelivered = await deliver(confirmed);
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body).toMatchObject({
      duplicate: true,
      outcome: "duplicate",
      transactionId: toConfirm.id,
    });
    expect((await rowOf(toConfirm.id)).updatedAt).toEqual(confirmedRow.updatedAt);

    // A new delivery of an already settled transaction changes nothing.
    const lateResponse = await deliver(signed(eventFor(toConfirm.txHash, "transaction.execution_reverted")));
    expect(lateResponse.body).toMatchObject({ duplicate: false, outcome: "unchanged" });
    expect((await rowOf(toConfirm.id)).status).toBe("CONFIRMED");

    const failed = await deliver(signed(eventFor(toFail.txHash, "transaction.execution_reverted")));
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ duplicate: false, outcome: "failed", transactionId: toFail.id });
    expect(await rowOf(toFail.id)).toMatchObject({
      status: "FAILED",
      failureReason: "execution_reverted",
      confirmedAt: null,
    });

    const listed = await transactionsOf(owner.user.id, owner.address);
    expect(Object.fromEntries(listed.body.map((row) => [row.id, row.status]))).toEqual({
      [toConfirm.id]: "CONFIRMED",
      [toFail.id]: "FAILED",
    });
  });

  it("ignores unknown transactions, other chains and other event types", async () => {
    const owner = await serverWalletUser(h, tenant);
    const pending = await pendingTransaction(owner);
    const deliveries = [
      eventFor(randomHash(), "transaction.confirmed"),
      eventFor(pending.txHash, "transaction.confirmed", { chainId: 1 }),
      eventFor(pending.txHash, "transaction.created"),
    ];
    for (const event of deliveries) {
      const response = await deliver(signed(event));
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        received: true,
        duplicate: false,
        eventType: event.eventType,
        outcome: "ignored",
        transactionId: null,
      });
    }
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("routes each send to its own tenant through the routing table, never by scanning transactions", async () => {
    const tenantB = await h.createTenant();
    const ownerA = await serverWalletUser(h, tenant);
    const ownerB = await serverWalletUser(h, tenantB);
    const sendA = await pendingTransaction(ownerA);
    const sendB = await pendingTransaction(ownerB, {}, { in: tenantB });

    const confirmedA = await deliver(signed(eventFor(sendA.txHash, "transaction.confirmed")));
    expect(confirmedA.body).toMatchObject({ outcome: "confirmed", transactionId: sendA.id });
    expect((await rowOf(sendA.id)).status).toBe("CONFIRMED");
    expect((await rowOf(sendB.id)).status).toBe("PENDING");
    const listedA = await transactionsOf(ownerA.user.id, ownerA.address);
    expect(listedA.body.map((row) => [row.id, row.status])).toEqual([[sendA.id, "CONFIRMED"]]);

    const failedB = await deliver(signed(eventFor(sendB.txHash, "transaction.execution_reverted")));
    expect(failedB.body).toMatchObject({ outcome: "failed", transactionId: sendB.id });
    expect((await rowOf(sendB.id)).status).toBe("FAILED");

    // A send whose hash has no route is not found, though its row matches: only the route is read.
    const unrouted = await pendingTransaction(ownerA, {}, { routed: false });
    const ignored = await deliver(signed(eventFor(unrouted.txHash, "transaction.confirmed")));
    expect(ignored.body).toMatchObject({ outcome: "ignored", transactionId: null });
    expect((await rowOf(unrouted.id)).status).toBe("PENDING");
  });

  it("a send over HTTP routes its hash to its tenant when the hash is recorded", async () => {
    const owner = await serverWalletUser(h, tenant, { usdc: 10_000_000n, native: 10n ** 18n });
    const sent = await api<WalletTransfer>(
      h,
      "POST",
      `/user/${owner.user.id}/wallets/${owner.address}/send`,
      {
        key: tenant.adminKey,
        body: {
          recipient: randomAddress(),
          tokenAddress: h.chain.usdcAddress,
          amount: "1000000",
          decimals: 6,
        },
      },
    );
    expect(sent.status, sent.text).toBe(200);
    const txHash = sent.body.txHash!;
    const routes = await h.database.db
      .select()
      .from(objectRoutes)
      .where(and(eq(objectRoutes.objectId, txHash), eq(objectRoutes.kind, WALLET_SEND_ROUTE_KIND)));
    expect(routes).toMatchObject([{ organizationId: tenant.organizationId }]);
    const late = await deliver(signed(eventFor(txHash, "transaction.confirmed")));
    expect(late.body).toMatchObject({ outcome: "unchanged", transactionId: sent.body.id });
  });

  it("a malformed body with a valid signature is 422 (400 when not JSON)", async () => {
    const owner = await serverWalletUser(h, tenant);
    const pending = await pendingTransaction(owner);
    for (const event of [
      { eventType: "transaction.confirmed", txHash: pending.txHash },
      eventFor("0x1234", "transaction.confirmed"),
      eventFor(pending.txHash, "transaction.confirmed", { chainId: "8453" }),
    ]) {
      expectError(await deliver(signed(event)), 422, "validation_failed");
    }
    expectError(await deliver(signed("{not json")), 400, "invalid_json");
    expect((await rowOf(pending.id)).status).toBe("PENDING");
  });

  it("without a webhook, the reconcile job settles PENDING sends from the chain, once", async () => {
    const owner = await serverWalletUser(h, tenant);
    const sender = await fundedWallet(h);
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const mined = await walletClient(sender).sendTransaction({
      to: randomAddress() as `0x${string}`,
      value: 1n,
    });
    await publicClient.waitForTransactionReceipt({ hash: mined });
    const confirmed = await pendingTransaction(owner, { txHash: mined.toLowerCase() });
    const dropped = await pendingTransaction(owner, {
      createdAt: new Date(Date.now() - 2 * DROPPED_AFTER_MS),
    });
    const unknownYet = await pendingTransaction(owner);
    const deps = { ...h.runtime.deps, logger: silentLogger() };

    const first = await reconcilePendingSends(deps);
    expect(first.confirmed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(confirmed.id)).toMatchObject({ status: "CONFIRMED", failureReason: null });
    expect((await rowOf(confirmed.id)).confirmedAt).toBeInstanceOf(Date);
    expect(await rowOf(dropped.id)).toMatchObject({ status: "FAILED", failureReason: "dropped" });
    // Not on chain yet, but recent: it may still be mined, so it waits.
    expect((await rowOf(unknownYet.id)).status).toBe("PENDING");

    // A later run, or a late webhook, changes nothing that already moved.
    await reconcilePendingSends(deps);
    const late = await deliver(signed(eventFor(dropped.txHash, "transaction.confirmed")));
    expect(late.body).toMatchObject({ outcome: "unchanged" });
    expect(await rowOf(dropped.id)).toMatchObject({ status: "FAILED" });
  });
});
