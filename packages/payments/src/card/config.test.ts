import { loadConfig } from "@tally/config";
import {
  createProviders,
  DEV_CARDPROC_WEBHOOK_SECRET,
  SandboxCardProcessor,
  StripeCardProcessor,
} from "@tally/providers";
import { createRuntime } from "@tally/server";
import { silentLogger, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

const logger = silentLogger();
const baseEnv = {
  LOG_LEVEL: "silent",
  EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
  RUN_WORKER: "off",
} as const;

describe("card processor configuration", () => {
  it("a test deployment defaults to the sandbox with the dev webhook secret", () => {
    const providers = createProviders({
      config: { emailFrom: "x@example.com", cardProcessor: { publicBaseUrl: "http://127.0.0.1:3000" } },
      db: h.database.db,
      logger,
    });
    expect(providers.cardProcessor).toBeInstanceOf(SandboxCardProcessor);
    expect(DEV_CARDPROC_WEBHOOK_SECRET).toMatch(/^whsec_/);
  });

  it("a live deployment refuses to boot with the sandbox or without a webhook secret", async () => {
    expect(() =>
      createProviders({
        config: {
          emailFrom: "x@example.com",
          cardProcessor: { publicBaseUrl: "https://api.example.com", refuseSandbox: true },
        },
        db: h.database.db,
        logger,
      }),
    ).toThrow(/CARDPROC_SECRET_KEY is required/);
    expect(() =>
      createProviders({
        config: {
          emailFrom: "x@example.com",
          cardProcessor: {
            publicBaseUrl: "https://api.example.com",
            secretKey: "sk_live_x",
            refuseSandbox: true,
          },
        },
        db: h.database.db,
        logger,
      }),
    ).toThrow(/CARDPROC_WEBHOOK_SECRET is required/);
    // The chain settings a live deployment needs (no connection is made at boot), so the card check is reached.
    const config = loadConfig({
      ...baseEnv,
      DEPLOYMENT_ENV: "live",
      CRYPTO_COMMERCE_API_KEY: "cc_live_key",
      BASE_RPC_URL: "https://base.invalid",
      X402_FACILITATOR_URL: "https://facilitator.invalid",
    });
    await expect(createRuntime({ config, database: h.database, work: false })).rejects.toThrow(
      /sandbox card processor/,
    );
  });

  it("with CARDPROC_SECRET_KEY the real adapter is used and the sandbox helpers are not mounted", async () => {
    const config = loadConfig({
      ...baseEnv,
      DEPLOYMENT_ENV: "test",
      CARDPROC_SECRET_KEY: "sk_test_not_a_real_key",
      CARDPROC_WEBHOOK_SECRET: "whsec_configured",
    });
    const runtime = await createRuntime({ config, database: h.database, work: false });
    try {
      expect(runtime.deps.providers.cardProcessor).toBeInstanceOf(StripeCardProcessor);
      const helper = await runtime.app.request("/api/v1/test-helpers/cardproc/payment-intents/pi_x/succeed", {
        method: "POST",
      });
      expect(helper.status).toBe(404);
      // Unmounted, not the sandbox's "unknown intent" (see test-helpers-live.test.ts for live).
      expect(await helper.json()).toMatchObject({ code: "route_not_found" });
      const webhook = await runtime.app.request("/api/v1/webhooks/cardproc/payment-intent/succeeded", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", "Cardproc-Signature": "t=1,v1=00" },
      });
      expect(webhook.status).toBe(400);
      const paths = (runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
      expect(Object.keys(paths).some((path) => path.startsWith("/test-helpers/cardproc"))).toBe(false);
      expect(Object.keys(paths)).toContain("/webhooks/cardproc/payment-intent/succeeded");
    } finally {
      await runtime.stop();
    }
  });

  it("PUBLIC_BASE_URL must be an http(s) URL", () => {
    expect(() => loadConfig({ ...baseEnv, PUBLIC_BASE_URL: "ftp://x" })).toThrow(/PUBLIC_BASE_URL/);
    expect(loadConfig({ ...baseEnv, PUBLIC_BASE_URL: "https://api.example.com" }).PUBLIC_BASE_URL).toBe(
      "https://api.example.com",
    );
  });
});
