import { z } from "zod";

/**
 * The instants any date-time field accepts unless it says otherwise: each one PostgreSQL stores and JavaScript
 * writes in the ISO form the drivers send (RFC 3339 alone allows year 0000, which PostgreSQL refuses).
 */
const DEFAULT_INSTANTS = { min: "1900-01-01T00:00:00Z", max: "9999-01-01T00:00:00Z" };
const DEFAULT_DAYS = { min: "1900-01-01", max: "9998-12-31" };

/**
 * The one date-time type of every request body and query: an RFC 3339 date-time (`2027-01-31T23:59:59Z`,
 * `2027-01-31T23:59:59.5+02:00`) with a real calendar date (no February 30th, February 29th in leap years
 * only), seconds and an offset required, within `[min, max]`; parsed into a Date. Anything else is 422 naming
 * the field. The OpenAPI document says `format: date-time`.
 */
export const dateTimeInput = ({ min, max }: { min?: string; max?: string } = {}) => {
  const from = min ?? DEFAULT_INSTANTS.min;
  const to = max ?? DEFAULT_INSTANTS.max;
  return z.iso
    .datetime({
      offset: true,
      error: "an RFC 3339 date-time with seconds and an offset (Z or ±hh:mm), e.g. 2027-01-31T23:59:59Z",
    })
    .transform((value) => new Date(value))
    .pipe(z.date().min(new Date(from), `from ${from}`).max(new Date(to), `up to ${to}`));
};

/**
 * The one date type of fields documented as a calendar day: `YYYY-MM-DD`, a real calendar date, within
 * `[min, max]`; kept as that string. The OpenAPI document says `format: date`.
 */
export const calendarDateInput = ({ min, max }: { min?: string; max?: string } = {}) => {
  const from = min ?? DEFAULT_DAYS.min;
  const to = max ?? DEFAULT_DAYS.max;
  return z.iso
    .date({ error: "a calendar date, YYYY-MM-DD", abort: true })
    .refine((day) => day >= from && day <= to, `a day from ${from} to ${to}`);
};
