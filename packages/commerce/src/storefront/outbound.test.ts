import { createServer, type Server } from "node:net";
import { newId } from "@tally/core";
import { storefrontConnections } from "@tally/db";
import { rowsOf } from "@tally/platform";
import { type ApiSchema, createCreator, eventually, fieldsOf, useHarness } from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The storefront `admin-api` adapter must not fetch `https://{shopDomain}` wherever that resolves
 * (a tenant chooses the domain). With the real adapter (as a deployment configures it), a connection whose shop domain
 * names this host fails its sync with a clear error, and a listener on this host's https port
 * receives nothing.
 */

// A long retry delay: the failed sync stays in `retry` while the test looks at it.
const h = useHarness({ env: { STOREFRONT_ADAPTER: "admin-api" }, retryDelaySeconds: 600 });
/** Listens on 127.0.0.1:443 when this machine lets the test bind it (root or a capability). */
let listener: { server: Server; connections: number } | undefined;

beforeAll(async () => {
  const server = createServer((socket) => socket.destroy());
  const state = { server, connections: 0 };
  server.on("connection", () => {
    state.connections += 1;
  });
  listener = await new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(443, "127.0.0.1", () => resolve(state));
  });
});
afterAll(async () => {
  if (listener) await new Promise((resolve) => listener?.server.close(resolve));
});

const SECRET = "shpss_0123456789abcdef0123";

interface Job {
  state: string;
  output: unknown;
}
const jobOf = async (jobId: string): Promise<Job | undefined> => {
  const [row] = rowsOf<Job>(
    await h.database.db.execute(
      sql`select state::text as state, output from ${sql.raw(h.runtime.deps.events.schema)}.job where id = ${jobId}::uuid`,
    ),
  );
  return row;
};

describe("storefront admin API: outbound requests to a tenant's shop domain", () => {
  it("runs the real adapter", () => {
    expect(h.runtime.deps.providers.storefront.adapter).toBe("admin-api");
  });

  it("refuses this host's names and numbers as a shop domain at input (422 naming shopDomain)", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    for (const shopDomain of [
      "localhost",
      "shop",
      "my-shop.localhost",
      "127.0.0.1",
      "2130706433",
      "0x7f.1",
      "127.1",
      "10.0.0.1",
      "169.254.169.254",
      "[::1]",
      "::ffff:127.0.0.1",
      "localhost.localdomain",
    ]) {
      const response = await h.request("POST", `/api/v1/creator/id/${creator.id}/storefront`, {
        key: tenant.adminKey,
        body: { shopDomain, appSecret: SECRET, accessToken: "shpat_x" },
      });
      expect(response.status, shopDomain).toBe(422);
      expect(fieldsOf(response), shopDomain).toContain("shopDomain");
    }
  });

  it("fails the sync of a connection whose shop domain names this host, and connects to nothing", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const created = await h.request<ApiSchema<"StorefrontConnection">>(
      "POST",
      `/api/v1/creator/id/${creator.id}/storefront`,
      {
        key: tenant.adminKey,
        body: {
          shopDomain: `shop-${newId().slice(0, 10)}.myshopify.com`,
          appSecret: SECRET,
          accessToken: "shpat_outbound",
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    for (const shopDomain of ["localhost", "127.0.0.1"]) {
      // Written directly: a row stored before the input check (and verified then) may still name this host.
      await h.database.db
        .update(storefrontConnections)
        .set({ shopDomain, verifiedAt: new Date() })
        .where(eq(storefrontConnections.id, created.body.id));
      const accepted = await h.request<ApiSchema<"StorefrontSyncAccepted">>(
        "POST",
        `/api/v1/creator/id/${creator.id}/storefront/sync`,
        { key: tenant.adminKey },
      );
      expect(accepted.status, accepted.text).toBe(202);
      const job = await eventually(async () => {
        const current = await jobOf(accepted.body.jobId);
        return current && current.state !== "created" && current.state !== "active" ? current : undefined;
      }, 30_000);
      expect(job.state, shopDomain).toMatch(/^(retry|failed)$/);
      expect(JSON.stringify(job.output), shopDomain).toContain(
        `The shop domain ${shopDomain} is not fetched: it is or resolves to an address outbound requests may not reach`,
      );
    }
    if (listener) expect(listener.connections).toBe(0);
  });
});
