import { describe, expect, it } from "vitest";
import { z } from "zod";
import { calendarDateInput, dateTimeInput } from "./dates.ts";
import { parseWith } from "./validation.ts";

const field = z.strictObject({ at: dateTimeInput() });
const campaignField = z.strictObject({
  at: dateTimeInput({ min: "2000-01-01T00:00:00Z", max: "2100-01-01T00:00:00Z" }),
});

describe("dateTimeInput", () => {
  it.each([
    ["2027-01-31T23:59:59Z", "2027-01-31T23:59:59.000Z"],
    ["2027-01-31T23:59:59.123Z", "2027-01-31T23:59:59.123Z"],
    ["2027-02-01T01:59:59+02:00", "2027-01-31T23:59:59.000Z"],
    ["2027-01-31T18:59:59-05:00", "2027-01-31T23:59:59.000Z"],
    ["2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000Z"],
    ["2000-02-29T12:00:00Z", "2000-02-29T12:00:00.000Z"],
  ])("accepts %s as %s", (value, instant) => {
    expect(parseWith(field, { at: value }).at.toISOString()).toBe(instant);
  });

  it.each([
    ["1"],
    ["2027"],
    ["2027-01-31"],
    ["2026-02-30T00:00:00Z"],
    ["2026-04-31T00:00:00Z"],
    ["2023-02-29T00:00:00Z"],
    ["2100-02-29T00:00:00Z"],
    ["2027-13-01T00:00:00Z"],
    ["2027-01-31T24:00:00Z"],
    ["2027-01-31T23:59Z"],
    ["2027-01-31T23:59:59"],
    ["2027-01-31T23:59:59+0200"],
    ["2027-01-31T23:59:59+25:00"],
    ["2027-01-31 23:59:59Z"],
    ["Sun Jan 31 2027 23:59:59 GMT+0000"],
    ["0000-01-01T00:00:00Z"],
    ["-271821-04-20T00:00:00.000Z"],
    [""],
    [1_800_000_000_000],
    [null],
  ])("refuses %j with 422 naming the field", (value) => {
    expect(() => parseWith(field, { at: value })).toThrowError(
      expect.objectContaining({
        code: "validation_failed",
        details: [expect.objectContaining({ field: "at" })],
      }),
    );
  });

  it("keeps a field's own bounds", () => {
    expect(parseWith(campaignField, { at: "2000-01-01T00:00:00Z" }).at.toISOString()).toBe(
      "2000-01-01T00:00:00.000Z",
    );
    for (const value of ["1999-12-31T23:59:59Z", "2100-01-01T00:00:01Z", "2000-01-01T00:00:00+01:00"])
      expect(() => parseWith(campaignField, { at: value }), value).toThrowError(
        expect.objectContaining({ details: [expect.objectContaining({ field: "at" })] }),
      );
  });

  it("is a string of format date-time in the request's JSON schema", () => {
    expect(z.toJSONSchema(dateTimeInput(), { io: "input" })).toMatchObject({
      type: "string",
      format: "date-time",
    });
  });
});

describe("calendarDateInput", () => {
  const day = z.strictObject({ day: calendarDateInput({ min: "2000-01-01", max: "2100-12-31" }) });

  it.each([["2024-02-29"], ["2000-01-01"], ["2100-12-31"]])("accepts %s", (value) => {
    expect(parseWith(day, { day: value }).day).toBe(value);
  });

  it.each([
    ["1"],
    ["2026-02-30"],
    ["2023-02-29"],
    ["2026-1-5"],
    ["2026-01-05T00:00:00Z"],
    ["1999-12-31"],
    ["2101-01-01"],
  ])("refuses %j naming the field", (value) => {
    expect(() => parseWith(day, { day: value })).toThrowError(
      expect.objectContaining({ details: [expect.objectContaining({ field: "day" })] }),
    );
  });

  it("is a string of format date in the request's JSON schema", () => {
    expect(z.toJSONSchema(calendarDateInput(), { io: "input" })).toMatchObject({
      type: "string",
      format: "date",
    });
  });
});
