import { describe, expect, it } from "vitest";
import { AppError, codeForStatus, errorBody, errorCodes } from "./errors.ts";

describe("error code table", () => {
  it("gives every code a status and a tRPC code", () => {
    for (const [code, entry] of Object.entries(errorCodes)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.trpc, code).toMatch(/^[A-Z_]+$/);
    }
  });

  it("renders the spec's error body with code and request id", () => {
    const error = new AppError("validation_failed", undefined, {
      details: [{ field: "email", message: "Invalid" }],
    });
    expect(errorBody(error, "req1")).toEqual({
      status: 422,
      error: "Validation failed",
      code: "validation_failed",
      details: [{ field: "email", message: "Invalid" }],
      requestId: "req1",
    });
  });

  it("maps unknown statuses to a generic code", () => {
    expect(errorCodes[codeForStatus(404)].status).toBe(404);
    expect(codeForStatus(599)).toBe("internal_error");
  });
});
