import { loadConfig } from "@tally/config";
import type { Logger } from "@tally/core";
import { BASE_USDC_ADDRESS } from "@tally/providers";
import { createRuntime } from "@tally/server";
import {
  type ApiWallet,
  ETH,
  randomAddress,
  signUp,
  storedKeyOf,
  type Tenant,
  USDC,
  useHarness,
} from "@tally/testing";
import type { Address } from "viem";
import { beforeAll, describe, expect, it, vi } from "vitest";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

describe("safety", () => {
  const baseEnv = {
    LOG_LEVEL: "silent",
    EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
    RUN_WORKER: "off",
  } as const;

  it("a live deployment refuses to boot on the local chain or the local facilitator, touching no network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const noRpc = loadConfig({ ...baseEnv, DEPLOYMENT_ENV: "live" });
      await expect(createRuntime({ config: noRpc, database: h.database, work: false })).rejects.toThrow(
        /BASE_RPC_URL/,
      );
      const noFacilitator = loadConfig({
        ...baseEnv,
        DEPLOYMENT_ENV: "live",
        BASE_RPC_URL: "http://127.0.0.1:9/base",
      });
      await expect(
        createRuntime({ config: noFacilitator, database: h.database, work: false }),
      ).rejects.toThrow(/X402_FACILITATOR_URL/);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("a test deployment on Base (BASE_RPC_URL) mounts no chain test helpers and boots without calling the RPC", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const onBase = {
      ...baseEnv,
      DEPLOYMENT_ENV: "test",
      BASE_RPC_URL: "http://127.0.0.1:9/base",
      X402_FACILITATOR_URL: "http://127.0.0.1:9/facilitator",
    } as const;
    // Real funds: the public development key never encrypts server wallets on Base.
    await expect(
      createRuntime({ config: loadConfig(onBase), database: h.database, work: false }),
    ).rejects.toThrow(/WALLET_ENCRYPTION_KEY/);
    const config = loadConfig({ ...onBase, WALLET_ENCRYPTION_KEY: "a-real-32-character-encryption-key!!" });
    const runtime = await createRuntime({ config, database: h.database, work: false });
    try {
      expect(runtime.deps.providers.chain).toMatchObject({
        adapter: "base",
        chainId: 8453,
        usdcAddress: BASE_USDC_ADDRESS,
        rpcUrl: "http://127.0.0.1:9/base",
      });
      expect((await runtime.app.request("/api/v1/test-helpers/chain")).status).toBe(404);
      const faucet = await runtime.app.request("/api/v1/test-helpers/chain/faucet", {
        method: "POST",
        body: JSON.stringify({ address: randomAddress() }),
        headers: { "content-type": "application/json" },
      });
      expect(faucet.status).toBe(404);
      // Nor the development webhook secret: without WALLETPROVIDER_WEBHOOK_SECRET the webhook is closed.
      const webhook = await runtime.app.request("/api/v1/webhooks/walletprovider", {
        method: "POST",
        body: "{}",
      });
      expect(webhook.status).toBe(503);
      const paths = (runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
      expect(Object.keys(paths).some((path) => path.startsWith("/test-helpers/chain"))).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      await runtime.stop();
      fetchSpy.mockRestore();
    }
  });

  it("server wallet keys never reach the logs, even through a logger without redaction", async () => {
    const records: unknown[][] = [];
    const levels = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);
    const logger: Logger = new Proxy({} as Logger, {
      get(_target, property) {
        if (property === "child") return () => logger;
        if (property === "level") return "trace";
        if (property === "isLevelEnabled") return () => true;
        if (property === "bindings") return () => ({});
        if (typeof property === "string" && levels.has(property))
          return (...args: unknown[]) => {
            records.push(args);
          };
        return undefined;
      },
    });
    const config = loadConfig({ ...baseEnv, DEPLOYMENT_ENV: "test", LOG_LEVEL: "trace" });
    const runtime = await createRuntime({
      config,
      database: h.database,
      work: false,
      logger,
      localChain: h.chain,
      queueSchema: h.runtime.deps.events.schema,
    });
    try {
      const user = await signUp(h, tenant);
      const request = (method: string, path: string, body?: unknown) =>
        runtime.app.request(`/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${tenant.adminKey}`, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const created = await request("POST", `/user/${user.id}/wallets/server`);
      expect(created.status).toBe(200);
      const { address } = ((await created.json()) as { wallet: ApiWallet }).wallet;
      await h.chain.faucet(address as Address, { usdc: 5n * USDC, native: ETH });
      const body = {
        recipient: randomAddress(),
        tokenAddress: h.chain.usdcAddress,
        amount: "1000000",
        decimals: 6,
      };
      expect((await request("POST", `/user/${user.id}/wallets/${address}/send`, body)).status).toBe(200);
      expect(
        (await request("POST", `/user/${user.id}/wallets/${address}/send`, { ...body, amount: "99000000" }))
          .status,
      ).toBe(409);
      expect((await request("GET", `/user/${user.id}/wallets/${address}`)).status).toBe(200);

      const logged = JSON.stringify(records, (_key, value: unknown) =>
        typeof value === "bigint"
          ? value.toString()
          : value instanceof Error
            ? { message: value.message, stack: value.stack, cause: value.cause }
            : value,
      );
      expect(logged).toContain("server wallet send");
      const key = await storedKeyOf(h, address);
      expect(logged.toLowerCase()).not.toContain(key.plain.slice(2).toLowerCase());
      expect(logged).not.toContain(key.sealed);
    } finally {
      await runtime.stop();
    }
  });
});
