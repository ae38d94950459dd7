import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { inspectJsonValue, JSON_LIMITS, parseJsonText } from "./json-body.ts";

const failure = (run: () => unknown): { code: string; details: unknown } => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
};

const deep = (levels: number, open = "[", close = "]") => `${open.repeat(levels)}${close.repeat(levels)}`;

describe("JSON limits", () => {
  it("accepts a document at the depth limit and refuses one level more, before parsing", () => {
    expect(() => parseJsonText(deep(JSON_LIMITS.maxDepth))).not.toThrow();
    expect(failure(() => parseJsonText(deep(JSON_LIMITS.maxDepth + 1))).code).toBe("json_too_complex");
    // Brackets inside strings do not count.
    expect(() => parseJsonText(JSON.stringify({ text: "[".repeat(1000) }))).not.toThrow();
    // Unbalanced text far deeper than the limit is refused by the scan, not by the parser.
    expect(failure(() => parseJsonText("[".repeat(500_000))).code).toBe("json_too_complex");
  });

  it("limits the number of values and the length of strings and keys", () => {
    const wide = JSON.stringify(Array.from({ length: JSON_LIMITS.maxValues + 1 }, () => 0));
    expect(failure(() => parseJsonText(wide)).code).toBe("json_too_complex");
    expect(() =>
      parseJsonText(JSON.stringify(Array.from({ length: JSON_LIMITS.maxValues }, () => 0))),
    ).not.toThrow();
    const long = JSON.stringify({ a: { b: "x".repeat(JSON_LIMITS.maxStringLength + 1) } });
    expect(failure(() => parseJsonText(long))).toEqual({
      code: "validation_failed",
      details: [{ field: "a.b", message: `At most ${JSON_LIMITS.maxStringLength} characters` }],
    });
    const longKey = JSON.stringify({ ["k".repeat(JSON_LIMITS.maxStringLength + 1)]: 1 });
    expect(failure(() => parseJsonText(longKey)).code).toBe("validation_failed");
  });

  it("names the field holding NUL or an unpaired surrogate, in values and keys", () => {
    expect(failure(() => parseJsonText('{"details":{"note":"a\\u0000b"}}')).details).toEqual([
      { field: "details.note", message: "Must not contain the NUL character (U+0000)" },
    ]);
    expect(failure(() => parseJsonText('{"details":{"list":["ok","\\ud800"]}}')).details).toEqual([
      { field: "details.list.1", message: "Must not contain an unpaired UTF-16 surrogate" },
    ]);
    expect(failure(() => parseJsonText('{"details":{"\\udc00x":1}}')).details).toEqual([
      { field: "details.\udc00x", message: "Must not contain an unpaired UTF-16 surrogate" },
    ]);
    // A proper pair (an emoji) is fine.
    expect(parseJsonText('{"note":"\\ud83d\\ude00"}')).toEqual({ note: "😀" });
  });

  it("checks values built in process the same way (in-process callers)", () => {
    let nested: unknown = "leaf";
    for (let level = 0; level < 100_000; level += 1) nested = { n: nested };
    expect(failure(() => inspectJsonValue(nested)).code).toBe("json_too_complex");
    expect(failure(() => inspectJsonValue({ name: "a\u0000" })).details).toEqual([
      { field: "name", message: "Must not contain the NUL character (U+0000)" },
    ]);
  });

  it("is linear: a megabyte of each shape is judged in well under 100 ms of CPU", () => {
    const megabyte = 1024 * 1024;
    const shapes = {
      deep: "[".repeat(megabyte),
      wide: `[${"0,".repeat(megabyte / 2 - 1)}0]`,
      longString: JSON.stringify({ text: "x".repeat(megabyte - 20) }),
      manyKeys: `{${Array.from({ length: megabyte / 16 }, (_, i) => `"k${String(i).padStart(8, "0")}":1`).join(",")}}`,
    };
    for (const [shape, text] of Object.entries(shapes)) {
      let best = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = process.cpuUsage();
        expect(() => parseJsonText(text), shape).toThrow(AppError);
        const used = process.cpuUsage(started);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      expect(best, `${shape}: ${best.toFixed(1)} ms of CPU`).toBeLessThan(100);
    }
  });
});
