import { useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";
import {
  createKey,
  expectInvalidFields,
  expectStrictError,
  JSON_HEADERS,
  listKeys,
  settingsOf,
} from "./error-shape.ts";

/** Malformed bodies, media types and body sizes: each refused with the spec's error body, nothing changed. */

const h = useHarness();

describe("malformed bodies", () => {
  it("answers 400 invalid_json to malformed JSON and creates nothing", async () => {
    const tenant = await h.createTenant();
    for (const rawBody of ['{"name": ', "{name: 'x'}", '{"name": "a",}', "\u0000"]) {
      expectStrictError(
        await h.request("POST", "/api/v1/admin/api-keys", {
          key: tenant.adminKey,
          rawBody,
          headers: JSON_HEADERS,
        }),
        400,
        "invalid_json",
      );
    }
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
  });

  it("answers 400 to a JSON body that is not an object", async () => {
    const tenant = await h.createTenant();
    for (const rawBody of ["[]", '[{"name":"a"}]', '"name"', "42", "true", "null"]) {
      const response = await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody,
        headers: JSON_HEADERS,
      });
      expectStrictError(response, 400, "bad_request");
    }
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
  });

  it("answers 415 to a body that is not declared as JSON", async () => {
    const tenant = await h.createTenant();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
      expectStrictError(
        await h.request("POST", "/api/v1/admin/api-keys", {
          key: tenant.adminKey,
          rawBody: '{"name":"x"}',
          headers: { "content-type": contentType },
        }),
        415,
        "unsupported_media_type",
      );
    }
    // A body without any Content-Type (fetch labels a string body text/plain) is refused the same way.
    expectStrictError(
      await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, rawBody: '{"name":"x"}' }),
      415,
      "unsupported_media_type",
    );
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
    // JSON with parameters or a structured-syntax suffix is JSON.
    for (const contentType of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const response = await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: '{"name":"typed"}',
        headers: { "content-type": contentType },
      });
      expect(response.status, contentType).toBe(201);
    }
  });

  it("runs a bodiless POST with no body and no Content-Type", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(h, tenant.adminKey);
    const rotated = await h.request<{ id: string; key: string }>(
      "POST",
      `/api/v1/admin/api-keys/${created.id}/rotate`,
      { key: tenant.adminKey },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(created.id);
    expect(rotated.body.key).not.toBe(created.key);
  });

  it("treats an empty or blank body with Content-Type: application/JSON_HEADERS as {}", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(h, tenant.adminKey);
    for (const rawBody of ["", "  \n"]) {
      const rotated = await h.request("POST", `/api/v1/admin/api-keys/${created.id}/rotate`, {
        key: tenant.adminKey,
        rawBody,
        headers: JSON_HEADERS,
      });
      expect(rotated.status, JSON.stringify(rawBody)).toBe(200);
    }
    const before = await settingsOf(h, tenant.organizationId);
    const patched = await h.request(
      "PATCH",
      `/api/v1/admin/organizations/${tenant.organizationId}/settings`,
      {
        key: tenant.adminKey,
        rawBody: "",
        headers: JSON_HEADERS,
      },
    );
    expect(patched.status).toBe(200);
    expect({ ...(await settingsOf(h, tenant.organizationId)), updatedAt: null }).toEqual({
      ...before,
      updatedAt: null,
    });
  });
});

describe("body size", () => {
  const MB = 1024 * 1024;
  /** A JSON object of exactly `size` bytes: `{"name":"xxx…"}`. */
  const bodyOfSize = (size: number) => `{"name":"${"x".repeat(size - '{"name":""}'.length)}"}`;

  it("answers 413 above 1 MB, streamed or announced, and creates nothing", async () => {
    const tenant = await h.createTenant();
    expect(bodyOfSize(MB + 1)).toHaveLength(MB + 1);
    expectStrictError(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(MB + 1),
        headers: JSON_HEADERS,
      }),
      413,
      "payload_too_large",
    );
    expectStrictError(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: "{}",
        headers: { ...JSON_HEADERS, "content-length": String(10 * MB) },
      }),
      413,
      "payload_too_large",
    );
    // Exactly 1 MB passes the limit and reaches validation (the name is too long).
    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(MB),
        headers: JSON_HEADERS,
      }),
      ["name"],
    );
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
  });

  it("applies the same limit to /trpc", async () => {
    const tenant = await h.createTenant();
    expectStrictError(
      await h.request("POST", "/trpc/platform.apiKeys.create", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(2 * MB),
        headers: JSON_HEADERS,
      }),
      413,
      "payload_too_large",
    );
    expectStrictError(
      await h.request("POST", "/trpc/platform.apiKeys.create", {
        key: tenant.adminKey,
        rawBody: "{}",
        headers: { ...JSON_HEADERS, "content-length": String(10 * MB) },
      }),
      413,
      "payload_too_large",
    );
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
  });
});
