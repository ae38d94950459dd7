import { loadConfig } from "@tally/config";
import { createRuntime, type Runtime } from "@tally/server";
import { type Tenant, useHarness } from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The test helpers (sandbox card processor, local chain, local crypto-commerce charges) exist on a
 * `test` deployment only: on `live` every one answers 404 `route_not_found` and none is documented.
 * Each helper's documented `security` is what its handler enforces.
 */

interface Operation {
  security?: unknown[];
  tags?: string[];
}
type Document = { security?: unknown; paths: Record<string, Record<string, Operation>> };

let tenant: Tenant;
let live: Runtime;

const h = useHarness();
beforeAll(async () => {
  tenant = await h.createTenant();
  // What a live deployment requires (no connection is made at boot): a real card processor and
  // webhook secret, a crypto-commerce API key, a Base RPC node and an x402 facilitator; email,
  // shipping, chat, the storefront and the llm stay local by the operator's opt-in, as nothing here sends mail or
  // labels or judges a submission.
  const config = loadConfig({
    LOG_LEVEL: "silent",
    EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
    RUN_WORKER: "off",
    DEPLOYMENT_ENV: "live",
    CARDPROC_SECRET_KEY: "sk_live_not_a_real_key",
    CARDPROC_WEBHOOK_SECRET: "whsec_configured",
    CRYPTO_COMMERCE_API_KEY: "cc_live_key",
    BASE_RPC_URL: "https://base.invalid",
    X402_FACILITATOR_URL: "https://facilitator.invalid",
    LOCAL_ADAPTERS_ALLOWED: "email,shipping,chat,storefront,llm",
  });
  live = await createRuntime({ config, database: h.database, work: false });
});
afterAll(async () => {
  await live?.stop();
});

/** Every helper route, as mounted on a test deployment (the GET onboard link is not documented). */
const helpers: { method: string; path: string; body?: unknown }[] = [
  ...["succeed", "fail", "process"].map((outcome) => ({
    method: "POST",
    path: `/test-helpers/cardproc/payment-intents/pi_missing/${outcome}`,
  })),
  { method: "POST", path: "/test-helpers/cardproc/accounts/acct_missing/update", body: {} },
  { method: "POST", path: "/test-helpers/cardproc/accounts/acct_missing/onboard" },
  { method: "GET", path: "/test-helpers/cardproc/accounts/acct_missing/onboard" },
  { method: "POST", path: "/test-helpers/cardproc/transfers/tr_missing/created" },
  { method: "GET", path: "/test-helpers/chain" },
  { method: "POST", path: "/test-helpers/chain/faucet", body: {} },
  { method: "POST", path: "/test-helpers/cryptocommerce/charges", body: {} },
  { method: "GET", path: "/test-helpers/cryptocommerce/charges/charge_missing" },
  { method: "POST", path: "/test-helpers/cryptocommerce/charges/charge_missing/complete" },
];

type App = { request(input: string, init?: RequestInit): Response | Promise<Response> };

const send = async (
  app: App,
  helper: { method: string; path: string; body?: unknown },
  key?: string,
): Promise<Response> =>
  app.request(`/api/v1${helper.path}`, {
    method: helper.method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(helper.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(helper.body === undefined ? {} : { body: JSON.stringify(helper.body) }),
  });

const helperOperations = (document: Document) =>
  Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/test-helpers"))
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

/** The documented template a concrete helper path matches, e.g. `/test-helpers/chain/faucet`. */
const templateOf = (document: Document, path: string): string | undefined =>
  Object.keys(document.paths).find((template) =>
    new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`).test(path),
  );

describe("test helpers", () => {
  it("are mounted on the test deployment (control: each answers something other than route_not_found)", async () => {
    for (const helper of helpers) {
      const response = await send(h.runtime.app, helper, tenant.adminKey);
      const body = (await response.json()) as { code?: string };
      expect(body.code, `${helper.method} ${helper.path}: ${JSON.stringify(body)}`).not.toBe(
        "route_not_found",
      );
    }
  });

  it("answer 404 route_not_found on a live deployment, with or without a key", async () => {
    for (const helper of helpers) {
      for (const key of [undefined, tenant.adminKey]) {
        const response = await send(live.app, helper, key);
        const body = (await response.json()) as { code?: string };
        expect(response.status, `${helper.method} ${helper.path}: ${JSON.stringify(body)}`).toBe(404);
        expect(body.code).toBe("route_not_found");
      }
    }
  });

  it("are absent from a live deployment's OpenAPI document", () => {
    const document = live.openApiDocument as unknown as Document;
    expect(Object.keys(document.paths)).toContain("/webhooks/cardproc/payment-intent/succeeded");
    expect(helperOperations(document)).toEqual([]);
    const tagged = Object.values(document.paths).flatMap((item) =>
      Object.values(item).filter((operation) => operation.tags?.includes("Test helpers")),
    );
    expect(tagged).toEqual([]);
  });

  it("document the security each one enforces: keyed exactly when a keyless call answers 401", async () => {
    const document = h.runtime.openApiDocument as unknown as Document;
    // No document-wide requirement: an operation without `security` is keyless.
    expect(document.security).toBeUndefined();
    const documented = helperOperations(document);
    const families = new Set(documented.map(({ path }) => path.split("/")[2]));
    expect([...families].sort()).toEqual(["cardproc", "chain", "cryptocommerce"]);
    for (const helper of helpers) {
      const template = templateOf(document, helper.path);
      const operation = template ? document.paths[template]?.[helper.method.toLowerCase()] : undefined;
      if (!operation) {
        // Only the sandbox's GET onboarding link (a redirect a browser follows) is undocumented.
        expect(`${helper.method} ${helper.path}`).toBe(
          "GET /test-helpers/cardproc/accounts/acct_missing/onboard",
        );
        continue;
      }
      const keyed = (operation.security ?? []).length > 0;
      const keyless = await send(h.runtime.app, helper);
      expect(keyless.status === 401, `${helper.method} ${template}: ${keyless.status}`).toBe(keyed);
      expect(keyed).toBe(helper.path.startsWith("/test-helpers/cryptocommerce/"));
    }
    // Every documented helper operation is exercised above.
    const exercised = new Set(
      helpers.map((helper) => `${helper.method.toLowerCase()} ${templateOf(document, helper.path)}`),
    );
    for (const { path, method } of documented)
      expect(exercised.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
  });
});
