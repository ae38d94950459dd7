import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBasisPoints, centsToUsdcAtomic, formatDecimalUnits, parseDecimalUnits } from "./money.ts";

describe("money", () => {
  it("converts cents to USDC atomic units exactly", () => {
    expect(centsToUsdcAtomic(2500)).toBe(25_000_000n);
    expect(centsToUsdcAtomic(1)).toBe(10_000n);
    expect(() => centsToUsdcAtomic(1.5)).toThrow(RangeError);
    expect(() => centsToUsdcAtomic(-1)).toThrow(RangeError);
  });

  it("parses decimal strings without floating point", () => {
    expect(parseDecimalUnits("25.00")).toBe(25_000_000n);
    expect(parseDecimalUnits("0.000001")).toBe(1n);
    expect(parseDecimalUnits("7")).toBe(7_000_000n);
    expect(() => parseDecimalUnits("0.0000001")).toThrow(RangeError);
    expect(() => parseDecimalUnits("1e3")).toThrow(RangeError);
    expect(() => parseDecimalUnits("-1")).toThrow(RangeError);
  });

  it("round-trips format and parse for any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (atomic) => {
        expect(parseDecimalUnits(formatDecimalUnits(atomic))).toBe(atomic);
      }),
      { seed: 20261121 },
    );
  });

  it("rounds platform fees down so the payee never loses a cent to rounding", () => {
    expect(applyBasisPoints(999, 500)).toBe(49);
    expect(applyBasisPoints(1000, 500)).toBe(50);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const fee = applyBasisPoints(amount, bps);
          expect(Number.isInteger(fee)).toBe(true);
          expect(fee).toBeLessThanOrEqual((amount * bps) / 10_000);
          expect(fee).toBeGreaterThan((amount * bps) / 10_000 - 1);
        },
      ),
      { seed: 20261121 },
    );
  });
});
