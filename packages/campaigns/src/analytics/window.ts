import { AppError } from "@tally/core";
import type { CampaignRow } from "../campaign/record.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest daily series one request answers. */
export const MAX_SERIES_DAYS = 366;

/** A span of UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayWindow {
  from: string;
  to: string;
}

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The window's first instant and the instant after its last day, for `created_at` comparisons. */
export const windowBounds = (window: DayWindow): { start: Date; end: Date } => ({
  start: new Date(dayStart(window.from)),
  end: new Date(dayStart(window.to) + DAY_MS),
});

/** Every day of the window in order (empty when `to` is before `from`). */
export const daysOf = (window: DayWindow): string[] => {
  const days: string[] = [];
  for (let at = dayStart(window.from); at <= dayStart(window.to); at += DAY_MS)
    days.push(utcDay(new Date(at)));
  return days;
};

/**
 * The days a growth series covers. By default the campaign's window: from the day it opened (startDate, else
 * its publication, else its creation) to the day it closed (the earliest of endDate, endedAt and today), the
 * last MAX_SERIES_DAYS days of it when longer, and no day at all before it opens. `from`/`to` override either
 * end (the other keeps its default); 422 when `from` is after `to` or the span exceeds MAX_SERIES_DAYS.
 */
export const seriesWindow = (
  { now }: { now: Date },
  campaign: CampaignRow,
  { from, to }: { from?: string; to?: string },
): DayWindow => {
  const opened = campaign.startDate ?? campaign.publishedAt ?? campaign.createdAt;
  const closes = [now, campaign.endDate, campaign.endedAt].filter((date): date is Date => date !== null);
  const closed = new Date(Math.min(...closes.map((date) => date.getTime())));
  if (from === undefined && to === undefined) {
    if (closed < opened)
      return { from: utcDay(opened), to: utcDay(new Date(dayStart(utcDay(opened)) - DAY_MS)) };
    const earliest = dayStart(utcDay(closed)) - (MAX_SERIES_DAYS - 1) * DAY_MS;
    return { from: utcDay(new Date(Math.max(dayStart(utcDay(opened)), earliest))), to: utcDay(closed) };
  }
  const window = { from: from ?? utcDay(opened), to: to ?? utcDay(closed) };
  const span = (dayStart(window.to) - dayStart(window.from)) / DAY_MS + 1;
  if (span < 1)
    throw new AppError("validation_failed", "from: must not be after to", {
      details: [{ field: "from", message: `must not be after to (${window.to})` }],
    });
  if (span > MAX_SERIES_DAYS)
    throw new AppError("validation_failed", `to: at most ${MAX_SERIES_DAYS} days from from`, {
      details: [{ field: "to", message: `the series spans at most ${MAX_SERIES_DAYS} days (${span} asked)` }],
    });
  return window;
};
