import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ApiProcess, startApiProcess } from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The quick start: `pnpm start` with nothing configured boots on embedded PGlite, through Node's own
 * type stripping (every module of the server loads without a loader), and prints what a new
 * integrator needs.
 */
describe("pnpm start with no settings", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tally-start-"));
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    api = await startApiProcess({
      DATA_DIR: dataDir,
      // Nothing else configured: whatever the test run itself was given is taken away.
      DATABASE_URL: undefined,
      TEST_DATABASE_URL: undefined,
      BOOTSTRAP_OPERATOR_KEY: undefined,
      DEPLOYMENT_ENV: undefined,
      LOG_LEVEL: "warn",
    });
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the docs URL and an operator key that works", async () => {
    const { base, output } = api!;
    expect(output).toContain("(pglite, test deployment)");
    expect(output).toContain(`${base}/api/v1/docs`);
    // Which adapters are real and which local: on a bare test deployment, all local but the outbound webhooks.
    expect(output).toMatch(
      /^Adapters: real outboundWebhooks \(http\); local cardProcessor, chain, chat, cryptoCommerce, email, /m,
    );
    const operatorKey = /Operator key:\s+(svc_test_\S+)/.exec(output)?.[1];
    expect(operatorKey).toBeDefined();
    const response = await fetch(`${base}/api/v1/admin/organizations`, {
      headers: { authorization: `Bearer ${operatorKey}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }[]).map((organization) => organization.id)).toContain(
      "demo",
    );
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
