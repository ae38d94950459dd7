/** USDC has 6 decimals; order money is integer cents, so 1 cent = 10^4 atomic units. */
export const USDC_DECIMALS = 6;
const ATOMIC_PER_CENT = 10_000n;

export const centsToUsdcAtomic = (cents: number): bigint => {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`cents must be a non-negative integer: ${cents}`);
  return BigInt(cents) * ATOMIC_PER_CENT;
};

/** Parses a decimal token string ("25.00", up to `decimals` places) into atomic units, exactly. */
export const parseDecimalUnits = (value: string, decimals = USDC_DECIMALS): bigint => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > decimals) throw new RangeError(`more than ${decimals} decimal places: ${value}`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
};

/** Formats atomic units as a decimal string with exactly `decimals` places. */
export const formatDecimalUnits = (atomic: bigint, decimals = USDC_DECIMALS): string => {
  const negative = atomic < 0n;
  const digits = (negative ? -atomic : atomic).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
};

/** Applies basis points with integer arithmetic, rounding the fee down (the payee never loses a cent to rounding). */
export const applyBasisPoints = (amount: number, bps: number): number => Math.floor((amount * bps) / 10_000);
