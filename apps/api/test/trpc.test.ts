import type { AppRouter } from "@tally/router";
import { useHarness } from "@tally/testing";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";

const h = useHarness();

/** Sends the client's requests into the app in-process (no port). */
const inProcessFetch = (async (url: unknown, init?: RequestInit) =>
  h.runtime.app.request(String(url), init)) as typeof fetch;

/** The typed client internal apps use, talking to `/trpc` through the app without a port. */
const clientFor = (key: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://tally.test/trpc",
        headers: { authorization: `Bearer ${key}` },
        fetch: inProcessFetch,
      }),
    ],
  });

describe("/trpc", () => {
  it("serves the same procedures with types, as REST does", async () => {
    const tenant = await h.createTenant();
    const client = clientFor(tenant.adminKey);
    const organization = await client.platform.organizations.get.query({ id: tenant.organizationId });
    expect(organization.id).toBe(tenant.organizationId);
    const created = await client.platform.apiKeys.create.mutate({ name: "from trpc" });
    expect(created.key).toMatch(/^svc_test_/);
    const rest = await h.request<{ id: string }[]>("GET", "/api/v1/admin/api-keys", { key: tenant.adminKey });
    expect(rest.body.map((key) => key.id)).toContain(created.id);
  });

  it("reports errors from the same code table", async () => {
    const tenant = await h.createTenant();
    const client = clientFor(tenant.memberKey);
    const error = await client.platform.apiKeys.list.query({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as {
      httpStatus: number;
      tally: { code: string; status: number };
    };
    expect(data.httpStatus).toBe(403);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe("FORBIDDEN");
    expect(data.tally).toMatchObject({ code: "role_required", status: 403 });

    const invalid = await clientFor(tenant.adminKey)
      .platform.organizations.updateSettings.mutate({ id: tenant.organizationId, defaultChainId: -1 })
      .catch((caught: unknown) => caught);
    const invalidData = (invalid as TRPCClientError<AppRouter>).data as {
      tally: { code: string; details: { field: string }[] };
    };
    expect(invalidData.tally.code).toBe("validation_failed");
    expect(invalidData.tally.details[0]?.field).toBe("defaultChainId");
  });

  it("refuses calls without a key", async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: "http://tally.test/trpc", fetch: inProcessFetch })],
    });
    const error = await client.platform.tiers.list.query().catch((caught: unknown) => caught);
    expect(((error as TRPCClientError<AppRouter>).data as { httpStatus: number }).httpStatus).toBe(401);
  });
});
