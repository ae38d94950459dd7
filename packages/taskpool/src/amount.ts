import { formatDecimalUnits, parseDecimalUnits, USDC_DECIMALS } from "@tally/core";
import { z } from "zod";

/** The largest `amountUSDC` a request may carry: one billion USDC (10^15 atomic units, exact as a double). */
export const MAX_AMOUNT_USDC = 1_000_000_000;

/**
 * The decimal digits a JSON number was written with, without exponent: `String(n)` is the shortest
 * text that reads back as the same double (so 0.1 stays "0.1", 1e-7 becomes "0.0000001"). No float
 * arithmetic touches the value.
 */
const plainDecimal = (value: number): string => {
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, whole = "", fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
};

/** Decimal places of a positive finite number as written in JSON. */
export const decimalPlaces = (value: number): number => plainDecimal(value).split(".")[1]?.length ?? 0;

/** A wire `amountUSDC` (a positive number with at most 6 decimals) as exact atomic units. */
export const usdcToAtomic = (value: number): bigint => {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`not a positive amount: ${value}`);
  return parseDecimalUnits(plainDecimal(value), USDC_DECIMALS);
};

/** Atomic units as the wire's `amountUSDC` number (the double nearest the exact decimal). */
export const atomicToUsdc = (atomic: bigint): number => Number(formatDecimalUnits(atomic, USDC_DECIMALS));

/**
 * `amountUSDC` in a request: a number (spec), positive, at most 6 decimals (422 `validation_failed`
 * naming the field otherwise), parsed into exact atomic units (bigint).
 */
export const amountUsdcInput = z
  .number()
  .positive()
  .max(MAX_AMOUNT_USDC)
  .refine((value) => decimalPlaces(value) <= USDC_DECIMALS, {
    message: `amountUSDC has at most ${USDC_DECIMALS} decimal places (USDC's precision)`,
  })
  .transform(usdcToAtomic)
  .meta({ description: `USDC as a decimal number, at most ${USDC_DECIMALS} decimal places`, example: 12.5 });
