import { describe, expect, it } from "vitest";
import { AppError, codeForStatus, type ErrorCode, errorBody, errorCodes } from "./errors.ts";

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

  it("keeps details a list of {field, message} and context a separate object, for every code of the table", () => {
    for (const code of Object.keys(errorCodes) as ErrorCode[]) {
      const bare = errorBody(new AppError(code), "req");
      expect(Object.keys(bare).sort(), code).toEqual(["code", "error", "requestId", "status"]);

      const error = new AppError(code, "refused", {
        details: [{ field: "name", message: "Required" }],
        context: { orderId: "ord_1", allowedFrom: ["OPEN"] },
      });
      const body = errorBody(error, "req");
      expect(body, code).toEqual({
        status: errorCodes[code].status,
        error: "refused",
        code,
        details: [{ field: "name", message: "Required" }],
        context: { orderId: "ord_1", allowedFrom: ["OPEN"] },
        requestId: "req",
      });
      expect(Array.isArray(body.details), code).toBe(true);

      const contextOnly = errorBody(new AppError(code, undefined, { context: { reason: "x" } }), "req");
      expect(contextOnly, code).not.toHaveProperty("details");
      expect(contextOnly.context, code).toEqual({ reason: "x" });
    }
  });

  it("refuses an object as details at compile time", () => {
    // @ts-expect-error machine-readable facts belong in `context`, not `details`
    const misuse = new AppError("invalid_state", undefined, { details: { status: "PAID" } });
    expect(misuse.context).toBeUndefined();
  });

  it("maps unknown statuses to a generic code", () => {
    expect(errorCodes[codeForStatus(404)].status).toBe(404);
    expect(codeForStatus(599)).toBe("internal_error");
  });
});
