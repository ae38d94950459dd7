import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { parseJsonBody, parseWith } from "./validation.ts";

const body = z.strictObject({ name: z.string(), items: z.array(z.object({ qty: z.number().int() })) });

const errorOf = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("parseWith", () => {
  it("returns the parsed value", () => {
    expect(parseWith(body, { name: "a", items: [{ qty: 1 }] })).toEqual({ name: "a", items: [{ qty: 1 }] });
  });

  it("names every bad field, each unknown key on its own, with the prefix and the whole-value name", () => {
    const error = errorOf(() => parseWith(body, { name: 1, items: [{ qty: 1.5 }], extra: true, more: 1 }));
    expect(error.code).toBe("validation_failed");
    expect((error.details as { field: string }[]).map((detail) => detail.field).sort()).toEqual([
      "extra",
      "items.0.qty",
      "more",
      "name",
    ]);
    const prefixed = errorOf(() => parseWith(body, { name: 1, items: [] }, { prefix: "members" }));
    expect(prefixed.details).toEqual([{ field: "members.name", message: expect.any(String) }]);
    const whole = errorOf(() =>
      parseWith(body, "nope", { whole: "body", code: "bad_request", message: "Bad" }),
    );
    expect(whole).toMatchObject({ code: "bad_request", message: "Bad" });
    expect(whole.details).toEqual([{ field: "body", message: expect.any(String) }]);
  });
});

describe("parseJsonBody", () => {
  it("holds the body to the JSON limits before the schema sees it", async () => {
    const deep = `${"[".repeat(100)}${"]".repeat(100)}`;
    const request = new Request("http://x/", { method: "POST", body: deep });
    await expect(parseJsonBody(z.unknown(), request)).rejects.toMatchObject({ code: "json_too_complex" });
    const good = new Request("http://x/", { method: "POST", body: JSON.stringify({ name: "a", items: [] }) });
    expect(await parseJsonBody(body, good)).toEqual({ name: "a", items: [] });
  });
});
