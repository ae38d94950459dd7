import { type ApiSchema, detailsOf, expectError, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

/**
 * `network` (app config) must name the network of the chain the deployment runs on; `defaultChainId`
 * (organization settings) is read by nothing yet. A refused change answers 422 naming the field, the
 * value already held is accepted, and a refused request writes nothing, not even its other fields.
 */

type AppConfig = ApiSchema<"AppConfig">;
type Settings = ApiSchema<"OrganizationSettings">;

const h = useHarness();
const APP_CONFIG = "/api/v1/admin/app-config";
const settingsPath = (organizationId: string) => `/api/v1/admin/organizations/${organizationId}/settings`;

const readAppConfig = async () => {
  const response = await h.request<AppConfig>("GET", APP_CONFIG, { key: h.operatorKey });
  expect(response.status).toBe(200);
  return response.body;
};

const expectRefused = (response: { status: number; body: unknown; text?: string }, field: string) => {
  expectError(response, 422, "validation_failed");
  const details = detailsOf(response);
  expect(details).toHaveLength(1);
  expect(details[0]!.field).toBe(field);
  expect(details[0]!.message).toMatch(new RegExp(`^${field} cannot be changed yet: .*chain this deployment`));
};

describe("PATCH /admin/app-config network", () => {
  it("refuses a network this deployment does not reach with 422 naming it, and writes nothing", async () => {
    const before = await readAppConfig();
    expect(before.network).toBe("base");
    const refused = (response: { status: number; body: unknown }) => {
      expectError(response, 422, "validation_failed");
      const details = detailsOf(response);
      expect(details).toHaveLength(1);
      expect(details[0]!.field).toBe("network");
      expect(details[0]!.message).toBe(
        "network base-sepolia is chain 84532, which this deployment does not reach; it reaches base (8453) (the chain it is configured with)",
      );
    };
    refused(await h.request("PATCH", APP_CONFIG, { key: h.operatorKey, body: { network: "base-sepolia" } }));
    // With another field beside it, the whole request is refused (the other field is sent unchanged
    // so this file never alters the global row other files on a shared database read).
    refused(
      await h.request("PATCH", APP_CONFIG, {
        key: h.operatorKey,
        body: { network: "base-sepolia", rewardMode: before.rewardMode },
      }),
    );
    expect(await readAppConfig()).toEqual(before);
  });

  it("accepts the network the deployment runs on (Base, chain 8453, locally)", async () => {
    const before = await readAppConfig();
    const same = await h.request<AppConfig>("PATCH", APP_CONFIG, {
      key: h.operatorKey,
      body: { network: "base", rewardMode: before.rewardMode },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ network: "base", rewardMode: before.rewardMode });
  });
});

describe("PATCH /admin/organizations/{id}/settings defaultChainId", () => {
  it("refuses a change with 422 naming the field, for ADMIN and OPERATOR keys, and writes nothing", async () => {
    const tenant = await h.createTenant();
    const path = settingsPath(tenant.organizationId);
    const read = async () => {
      const response = await h.request<Settings>("GET", path, { key: tenant.adminKey });
      expect(response.status).toBe(200);
      return response.body;
    };
    const before = await read();
    expect(before.defaultChainId).toBe(8453);
    for (const key of [tenant.adminKey, h.operatorKey]) {
      expectRefused(
        await h.request("PATCH", path, { key, body: { defaultChainId: 84532 } }),
        "defaultChainId",
      );
    }
    expectRefused(
      await h.request("PATCH", path, {
        key: tenant.adminKey,
        body: { defaultChainId: 1, autoPublishProducts: !before.autoPublishProducts },
      }),
      "defaultChainId",
    );
    expect(await read()).toEqual(before);
  });

  it("accepts the value it already has beside other fields, which take effect", async () => {
    const tenant = await h.createTenant();
    const path = settingsPath(tenant.organizationId);
    const updated = await h.request<Settings>("PATCH", path, {
      key: tenant.adminKey,
      body: { defaultChainId: 8453, autoPublishProducts: true },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ defaultChainId: 8453, autoPublishProducts: true });
  });

  it("answers 404 for an organization the key cannot see, before judging the value", async () => {
    const tenant = await h.createTenant();
    const other = await h.createTenant();
    expectError(
      await h.request("PATCH", settingsPath(other.organizationId), {
        key: tenant.adminKey,
        body: { defaultChainId: 1 },
      }),
      404,
      "not_found",
    );
    expectError(
      await h.request("PATCH", settingsPath("no-such-organization"), {
        key: h.operatorKey,
        body: { defaultChainId: 1 },
      }),
      404,
      "not_found",
    );
  });
});
