import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateKeyValue, hashKey, keyEnvironment, maskKey } from "./key-format.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("generateKeyValue", () => {
  it("prefixes the environment and appends 40 base62 characters", () => {
    for (let i = 0; i < 200; i++) {
      expect(generateKeyValue("test")).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
      expect(generateKeyValue("live")).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    }
  });

  it("never repeats a value", () => {
    const values = new Set(Array.from({ length: 5000 }, () => generateKeyValue("test")));
    expect(values.size).toBe(5000);
  });

  it("draws every character uniformly from the alphabet (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const keys = 3000;
    for (let i = 0; i < keys; i++)
      for (const char of generateKeyValue("test").slice("svc_test_".length))
        counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ALPHABET].sort());
    // Chi-square with 61 degrees of freedom: mean 61; 130 is beyond p = 1e-7. Plain `byte % 62`
    // (8 characters 25% more likely) scores in the thousands.
    const expected = (keys * 40) / ALPHABET.length;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(130);
  });
});

describe("maskKey", () => {
  it("shows the environment prefix and the last four characters only", () => {
    const value = generateKeyValue("live");
    const masked = maskKey(value);
    expect(masked).toBe(`svc_live_…${value.slice(-4)}`);
    expect(masked).not.toContain(value.slice("svc_live_".length, -4));
    expect(maskKey(`svc_test_${"a".repeat(36)}WXYZ`)).toBe("svc_test_…WXYZ");
  });

  it("reveals nothing of a value that is not a key", () => {
    for (const value of ["", "secret", "svc_prod_0123456789012345678901234567890123456789", "svc_test_short"])
      expect(maskKey(value)).toBe("…");
  });
});

describe("keyEnvironment", () => {
  it("reads the environment from a well-formed key", () => {
    expect(keyEnvironment(generateKeyValue("test"))).toBe("test");
    expect(keyEnvironment(generateKeyValue("live"))).toBe("live");
    expect(keyEnvironment(`svc_live_${"Z".repeat(32)}`)).toBe("live");
  });

  it("knows no environment for anything else", () => {
    for (const value of [
      "",
      `svc_prod_${"a".repeat(40)}`,
      `SVC_TEST_${"a".repeat(40)}`,
      `svc_test_${"a".repeat(31)}`,
      `svc_test_${"a".repeat(39)}-`,
      ` svc_test_${"a".repeat(40)}`,
      `Bearer svc_test_${"a".repeat(40)}`,
      `svc_test_${"a".repeat(40)}\n`,
    ])
      expect(keyEnvironment(value), JSON.stringify(value)).toBeUndefined();
  });
});

describe("hashKey", () => {
  it("is the hex SHA-256 of the full value", () => {
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const value = generateKeyValue("test");
    expect(hashKey(value)).toBe(createHash("sha256").update(value).digest("hex"));
    expect(hashKey(value)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("differs for values that differ in one character or in the environment", () => {
    const value = generateKeyValue("test");
    const flipped = value.slice(0, -1) + (value.endsWith("a") ? "b" : "a");
    expect(hashKey(flipped)).not.toBe(hashKey(value));
    expect(hashKey(value.replace("svc_test_", "svc_live_"))).not.toBe(hashKey(value));
    expect(hashKey(value)).not.toContain(value.slice(-8));
  });
});
