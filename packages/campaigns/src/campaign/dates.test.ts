import { api, asOwner, type CampaignRecord, createCreator, expectError, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("campaign dates PostgreSQL cannot store", () => {
  it("a startDate or endDate outside 2000..2100 is 422 naming the field, never 500, and nothing changes", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const owner = asOwner(tenant, creator);
    const created = await api<CampaignRecord>(h, "POST", "/campaign", {
      ...owner,
      body: { creatorId: creator.id, type: "UGC" },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;

    // JavaScript's earliest date: a year before PostgreSQL's timestamps start (4713 BC).
    for (const [field, value] of [
      ["startDate", -8.64e15],
      ["startDate", "-271821-04-20T00:00:00.000Z"],
      ["endDate", "+275760-09-13T00:00:00.000Z"],
      ["endDate", "1900-01-01T00:00:00.000Z"],
    ] as const) {
      const answer = await api(h, "PUT", `/campaign/${id}`, { ...owner, body: { [field]: value } });
      expectError(answer, 422, "validation_failed");
      expect(answer.body, answer.text).toMatchObject({ details: [expect.objectContaining({ field })] });
    }
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${id}`, owner);
    expect(read.body).toMatchObject({ startDate: null, endDate: null });

    const accepted = await api<CampaignRecord>(h, "PUT", `/campaign/${id}`, {
      ...owner,
      body: { startDate: "2030-01-01T00:00:00.000Z", endDate: "2030-02-01T00:00:00.000Z" },
    });
    expect(accepted.status, accepted.text).toBe(200);
  });

  it("a date that is not an RFC 3339 date-time on a real calendar day is 422 naming the field, and nothing changes", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const owner = asOwner(tenant, creator);
    const created = await api<CampaignRecord>(h, "POST", "/campaign", {
      ...owner,
      body: { creatorId: creator.id, type: "UGC" },
    });
    const id = created.body.id;

    for (const [field, value] of [
      ["startDate", "1"],
      ["startDate", "2030-02-30T00:00:00Z"],
      ["startDate", "2031-02-29T00:00:00Z"],
      ["endDate", "2030-01-01"],
      ["endDate", "2030-01-01T00:00:00"],
      ["endDate", "2030-01-01T00:00Z"],
      ["endDate", 1893456000000],
    ] as const) {
      const answer = await api(h, "PUT", `/campaign/${id}`, { ...owner, body: { [field]: value } });
      expectError(answer, 422, "validation_failed");
      expect(answer.body, `${field} ${value}`).toMatchObject({
        details: [expect.objectContaining({ field })],
      });
    }
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${id}`, owner);
    expect(read.body).toMatchObject({ startDate: null, endDate: null });

    const leap = await api<CampaignRecord>(h, "PUT", `/campaign/${id}`, {
      ...owner,
      body: { startDate: "2032-02-29T09:00:00+09:00", endDate: "2032-03-01T00:00:00Z" },
    });
    expect(leap.status, leap.text).toBe(200);
    expect(leap.body).toMatchObject({ startDate: "2032-02-29T00:00:00.000Z" });
  });

  it("the OpenAPI document types every date input as a string of format date-time", async () => {
    type Operation = {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    const document = await h.request<{ paths: Record<string, Record<string, Operation>> }>(
      "GET",
      "/api/v1/openapi.json",
    );
    const bodyOf = (path: string, method: string) =>
      document.body.paths[path]![method]!.requestBody.content["application/json"]!.schema;
    const dateTime = expect.objectContaining({ type: "string", format: "date-time" });
    expect(bodyOf("/campaign/{id}", "put").properties.startDate).toMatchObject({
      anyOf: expect.arrayContaining([dateTime]),
    });
    expect(bodyOf("/creator/id/{creatorId}/discount-codes", "post").properties.expiresAt).toEqual(dateTime);
    expect(bodyOf("/nft-reward/{id}/airdrops", "post").properties.airdropDate).toEqual(dateTime);
  });
});
