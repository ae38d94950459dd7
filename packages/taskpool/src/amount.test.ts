import { describe, expect, it } from "vitest";
import { amountUsdcInput, atomicToUsdc, decimalPlaces, usdcToAtomic } from "./amount.ts";

describe("amountUSDC <-> atomic units", () => {
  it("converts exactly, without float arithmetic", () => {
    expect(usdcToAtomic(0.1)).toBe(100_000n);
    expect(usdcToAtomic(0.3)).toBe(300_000n);
    expect(usdcToAtomic(1.005)).toBe(1_005_000n);
    expect(usdcToAtomic(12.345678)).toBe(12_345_678n);
    expect(usdcToAtomic(0.000001)).toBe(1n);
    expect(usdcToAtomic(1e-6)).toBe(1n);
    expect(usdcToAtomic(5e-6)).toBe(5n);
    expect(usdcToAtomic(25)).toBe(25_000_000n);
    expect(usdcToAtomic(1_000_000_000)).toBe(1_000_000_000_000_000n);
    expect(usdcToAtomic(1e21)).toBe(10n ** 27n);
  });

  it("reads the decimals a JSON number was written with", () => {
    expect(decimalPlaces(1.1234567)).toBe(7);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-6)).toBe(7);
    expect(decimalPlaces(0.123456)).toBe(6);
    expect(decimalPlaces(100)).toBe(0);
    expect(() => usdcToAtomic(1.1234567)).toThrow(RangeError);
    expect(() => usdcToAtomic(0)).toThrow(RangeError);
  });

  it("answers atomic units as the number the wire shows", () => {
    expect(atomicToUsdc(100_000n)).toBe(0.1);
    expect(atomicToUsdc(12_345_678n)).toBe(12.345678);
    expect(atomicToUsdc(1n)).toBe(0.000001);
    expect(atomicToUsdc(0n)).toBe(0);
    for (const value of [0.1, 0.2, 0.3, 1.005, 99.999999, 123456.789012]) {
      expect(atomicToUsdc(usdcToAtomic(value))).toBe(value);
    }
  });

  it("validates the input: positive, at most 6 decimals, within the maximum", () => {
    expect(amountUsdcInput.parse(0.25)).toBe(250_000n);
    expect(amountUsdcInput.safeParse(0.1234567).success).toBe(false);
    expect(amountUsdcInput.safeParse(0).success).toBe(false);
    expect(amountUsdcInput.safeParse(-1).success).toBe(false);
    expect(amountUsdcInput.safeParse(1e10).success).toBe(false);
    expect(amountUsdcInput.safeParse("1").success).toBe(false);
  });
});
