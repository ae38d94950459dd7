import { defineStateMachine } from "@tally/core";
import {
  type RowRef,
  stateMachineTable,
  tokenPresaleStatuses,
  tokenPresales,
  type WriteContext,
} from "@tally/db";
import { and, gt, lt, lte, sql } from "drizzle-orm";

type PresaleRow = typeof tokenPresales.$inferSelect;

/**
 * A token presale: DRAFT before its window opens, ACTIVE on sale, ENDED once its window closed, CANCELED
 * by its creator (DRAFT or ACTIVE). Only this file writes a presale's status.
 */
export const PRESALE_MACHINE = defineStateMachine({
  name: "token presale",
  table: "token_presales",
  states: tokenPresaleStatuses,
  /** DRAFT before startsAt, ACTIVE once it has come. */
  initial: ["DRAFT", "ACTIVE"],
  moves: {
    /** The window opened (token-presale-monitor), or an edit moved startsAt to the past. */
    open: { from: ["DRAFT"], to: "ACTIVE" },
    /** A buyer claims a unit: a DRAFT whose window has opened sells before the monitor opens it. */
    sell: { from: ["DRAFT", "ACTIVE"], to: "ACTIVE" },
    /** The window closed (token-presale-monitor). */
    end: { from: ["DRAFT", "ACTIVE"], to: "ENDED" },
    cancel: { from: ["DRAFT", "ACTIVE"], to: "CANCELED" },
  },
  sets: {
    /** The creator may still change it (ACTIVE: only some fields). */
    editable: ["DRAFT", "ACTIVE"],
  },
});

const PRESALE_ROWS = stateMachineTable(PRESALE_MACHINE, tokenPresales);

type PresaleChanges = Parameters<typeof PRESALE_ROWS.updateWhile>[2]["set"];

/** The status a presale is created in, or a DRAFT edited into: ACTIVE once its window has opened. */
export const presaleStatusAt = (now: Date, startsAt: Date) => (startsAt <= now ? "ACTIVE" : "DRAFT");

/** The values of a new presale, DRAFT or ACTIVE by its window. */
export const newPresaleRow = <V extends Omit<typeof tokenPresales.$inferInsert, "status">>(
  now: Date,
  values: V & { startsAt: Date },
) => PRESALE_ROWS.initialRow(presaleStatusAt(now, values.startsAt), values);

/** A selling presale's window contains `now` (with its status in `sell`'s start, it is on sale). */
export const windowOpenAt = (now: Date) =>
  and(lte(tokenPresales.startsAt, now), gt(tokenPresales.endsAt, now));

/**
 * Claims one unit for a buyer as one conditional update (`sold = sold + 1` while on sale at `now` and
 * `sold < cap`), which serialises concurrent buyers on the row; undefined when none is left to claim.
 */
export const claimPresaleUnit = (context: WriteContext, ref: RowRef): Promise<PresaleRow | undefined> =>
  PRESALE_ROWS.tryTransition(context, ref, {
    move: "sell",
    set: { sold: sql`${tokenPresales.sold} + 1` },
    where: and(windowOpenAt(context.now), lt(tokenPresales.sold, tokenPresales.cap)),
  });

/**
 * An edit of the presale `row` (read under its lock) that leaves it starting at `startsAt`: a DRAFT
 * whose start has come opens, any other keeps its status; undefined when the row left `row.status`.
 */
export const editPresale = (
  context: WriteContext,
  row: PresaleRow,
  { set, startsAt }: { set: PresaleChanges; startsAt: Date },
): Promise<PresaleRow | undefined> =>
  row.status === "DRAFT" && presaleStatusAt(context.now, startsAt) === "ACTIVE"
    ? PRESALE_ROWS.tryTransition(context, row, { move: "open", set })
    : PRESALE_ROWS.updateWhile(context, row, { while: [row.status], set });

/** DRAFT or ACTIVE -> CANCELED (404, or 409 naming its state otherwise). */
export const markPresaleCanceled = (context: WriteContext, ref: RowRef): Promise<PresaleRow> =>
  PRESALE_ROWS.transition(context, ref, { move: "cancel" });

/**
 * The monitor's move of a presale whose window closed (-> ENDED at `now`) or opened (DRAFT -> ACTIVE);
 * each a conditional update, so concurrent ticks move it once. The move that applied, or undefined.
 */
export const advancePresale = async (
  context: WriteContext,
  ref: RowRef,
): Promise<"end" | "open" | undefined> => {
  const ended = await PRESALE_ROWS.tryTransition(context, ref, {
    move: "end",
    set: { endedAt: context.now },
    where: lte(tokenPresales.endsAt, context.now),
  });
  if (ended) return "end";
  const opened = await PRESALE_ROWS.tryTransition(context, ref, {
    move: "open",
    where: lte(tokenPresales.startsAt, context.now),
  });
  return opened ? "open" : undefined;
};
