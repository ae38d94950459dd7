import { expectErrorParts, type TestHarness, type TestResponse } from "@tally/testing";
import { expect } from "vitest";

/** What every error answer of the HTTP layer must look like (ARCHITECTURE §3, spec 01 "Errors"). */

const ERROR_KEYS = ["status", "error", "code", "details", "context", "requestId"];

/** Nothing in an error body may reveal the server's internals (stack frames, file paths, causes). */
export const expectNoInternals = (text: string) => {
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|\.ts\b|\.js\b/);
  expect(text.toLowerCase()).not.toContain("stack");
};

/** The spec's error body and nothing more: its keys only, the request id of the response, no internals. */
export const expectStrictError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    status,
    code,
    error: expect.any(String),
    requestId: expect.any(String),
  });
  for (const key of Object.keys(response.body as object)) expect(ERROR_KEYS).toContain(key);
  expectErrorParts(response.body);
  expect((response.body as { requestId: string }).requestId).toBe(response.headers.get("x-request-id"));
  expectNoInternals(response.text);
};

/** A 422 whose `details` name exactly these fields (order irrelevant). */
export const expectInvalidFields = (response: TestResponse, fields: string[]) => {
  expectStrictError(response, 422, "validation_failed");
  const details = (response.body as { details: { field: string; message: string }[] }).details;
  expect(Array.isArray(details)).toBe(true);
  for (const detail of details)
    expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
  expect([...new Set(details.map((detail) => detail.field))].sort()).toEqual([...fields].sort());
};

export const JSON_HEADERS = { "content-type": "application/json" };

export const listKeys = async (h: TestHarness, key: string) => {
  const response = await h.request<{ id: string; isActive: boolean; name: string | null }[]>(
    "GET",
    "/api/v1/admin/api-keys",
    { key },
  );
  expect(response.status).toBe(200);
  return response.body;
};

export const settingsOf = async (h: TestHarness, organizationId: string) => {
  const response = await h.request<Record<string, unknown>>(
    "GET",
    `/api/v1/admin/organizations/${organizationId}/settings`,
    { key: h.operatorKey },
  );
  expect(response.status).toBe(200);
  return response.body;
};

export const createKey = async (h: TestHarness, adminKey: string) => {
  const created = await h.request<{ id: string; key: string }>("POST", "/api/v1/admin/api-keys", {
    key: adminKey,
    body: { name: "probe" },
  });
  expect(created.status).toBe(201);
  return created.body;
};
