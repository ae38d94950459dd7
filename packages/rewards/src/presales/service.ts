import { AppError, newId, type OffsetPagination } from "@tally/core";
import { presalePurchases, type Tx, tokenPresales } from "@tally/db";
import type { EventBus } from "@tally/events";
import { postPoints } from "@tally/points";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { findReward } from "../programmes/service.ts";
import { editPresale, markPresaleCanceled, newPresaleRow, PRESALE_MACHINE } from "./presale-state.ts";
import { endRefundedPurchase, PURCHASE_MACHINE, type PurchaseRefund } from "./purchase-state.ts";
import {
  assertPresaleStatus,
  type PresaleRow,
  type PresaleWriteContext,
  type PurchaseRow,
  presaleKey,
} from "./record.ts";
import type { createPresaleInput, updatePresaleInput } from "./schemas.ts";
import { assertNoUsdcPurchasesToRefund, assertUsdcPrice } from "./usdc.ts";

type CreatorRef = { organizationId: string; id: string };

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, { details: [{ field, message }] });

/** The window must close after it opens, and in the future. */
const assertWindow = (now: Date, startsAt: Date, endsAt: Date): void => {
  if (endsAt <= startsAt) throw invalid("endsAt", "must be after startsAt");
  if (endsAt <= now) throw invalid("endsAt", "must be in the future");
};

/** The programme cannot mint more tokens than its maxSupply (0 = unlimited). */
const assertCapFits = (maxSupply: number, cap: number): void => {
  if (maxSupply > 0 && cap > maxSupply)
    throw invalid("cap", `the reward's maxSupply is ${maxSupply}; a presale cannot sell more`);
};

export const createPresale = async (
  { tx, now }: PresaleWriteContext,
  creator: CreatorRef,
  input: z.output<typeof createPresaleInput>,
): Promise<PresaleRow> => {
  const usdc = input.priceCurrency === "USDC";
  if (usdc) {
    if (input.priceAtomic === undefined) throw invalid("priceAtomic", "required for a USDC presale");
    if (input.pricePoints !== undefined) throw invalid("pricePoints", "only for a POINTS presale");
    assertUsdcPrice(BigInt(input.priceAtomic));
  } else {
    if (input.pricePoints === undefined) throw invalid("pricePoints", "required for a POINTS presale");
    if (input.priceAtomic !== undefined) throw invalid("priceAtomic", "only for a USDC presale");
  }
  assertWindow(now, input.startsAt, input.endsAt);
  const reward = await findReward(tx, {
    organizationId: creator.organizationId,
    id: input.rewardId,
    of: { creatorId: creator.id },
  });
  if (reward.status !== "PUBLISHED")
    throw new AppError(
      "invalid_state",
      `A presale sells a PUBLISHED reward's tokens; this one is ${reward.status}`,
      {
        context: { rewardStatus: reward.status },
      },
    );
  assertCapFits(reward.maxSupply, input.cap);
  const [row] = await tx
    .insert(tokenPresales)
    .values(
      newPresaleRow(now, {
        organizationId: creator.organizationId,
        id: newId(),
        creatorId: creator.id,
        rewardId: reward.id,
        title: input.title,
        description: input.description ?? null,
        priceCurrency: input.priceCurrency,
        pricePoints: usdc ? null : input.pricePoints,
        priceAtomic: usdc ? BigInt(input.priceAtomic!) : null,
        cap: input.cap,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        distribution: input.distribution,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  return row!;
};

/** One page of the creator's presales, newest first, with the whole list's size. */
export const listCreatorPresales = async (
  tx: Tx,
  creator: CreatorRef,
  page: OffsetPagination,
): Promise<{ items: PresaleRow[]; total: number }> => {
  const where = and(
    eq(tokenPresales.organizationId, creator.organizationId),
    eq(tokenPresales.creatorId, creator.id),
  );
  const items = await tx
    .select()
    .from(tokenPresales)
    .where(where)
    .orderBy(desc(tokenPresales.createdAt), desc(tokenPresales.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(tokenPresales).where(where);
  return { items, total: total?.value ?? 0 };
};

/** Fields an ACTIVE presale still takes: buyers have paid its price under its start and distribution. */
const ACTIVE_FIELDS = ["title", "description", "cap", "endsAt"] as const;

/**
 * DRAFT: every field. ACTIVE: title, description, cap (not below `sold`) and endsAt (still in the future).
 * ENDED and CANCELED: none (409 naming the state).
 */
export const updatePresale = async (
  { tx, now }: PresaleWriteContext,
  row: PresaleRow,
  input: z.output<typeof updatePresaleInput>,
): Promise<PresaleRow> => {
  assertPresaleStatus(row, PRESALE_MACHINE.sets.editable, "Changing a presale");
  if (row.status === "ACTIVE") {
    const fixed = (["pricePoints", "startsAt", "distribution"] as const).filter(
      (field) => input[field] !== undefined,
    );
    if (fixed.length > 0)
      throw new AppError(
        "invalid_state",
        `${fixed.join(", ")} cannot change once the presale is ACTIVE (only ${ACTIVE_FIELDS.join(", ")})`,
        { context: { currentStatus: row.status, fields: fixed } },
      );
    if (input.cap !== undefined && input.cap < row.sold)
      throw invalid("cap", `${row.sold} tokens are already sold; the cap cannot go below that`);
  }
  if (input.pricePoints !== undefined && row.priceCurrency !== "POINTS")
    throw invalid("pricePoints", `only for a POINTS presale; this one is priced in ${row.priceCurrency}`);
  const startsAt = input.startsAt ?? row.startsAt;
  const endsAt = input.endsAt ?? row.endsAt;
  if (input.startsAt !== undefined || input.endsAt !== undefined) assertWindow(now, startsAt, endsAt);
  if (input.cap !== undefined) {
    const reward = await findReward(tx, { organizationId: row.organizationId, id: row.rewardId });
    assertCapFits(reward.maxSupply, input.cap);
  }
  const changes = {
    title: input.title,
    description: input.description,
    pricePoints: input.pricePoints,
    cap: input.cap,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    distribution: input.distribution,
  };
  const updated = await editPresale({ tx, now }, row, { set: changes, startsAt });
  // The caller holds the row's lock: it cannot have left its status, so this only answers a broken promise.
  if (!updated) throw new AppError("conflict", "The presale changed while it was edited; try again");
  return updated;
};

/** Only a presale nobody has bought from (409 otherwise: cancel it instead, which refunds). */
export const deletePresale = async (tx: Tx, row: PresaleRow): Promise<void> => {
  const [bought] = await tx
    .select({ id: presalePurchases.id })
    .from(presalePurchases)
    .where(
      and(eq(presalePurchases.organizationId, row.organizationId), eq(presalePurchases.presaleId, row.id)),
    )
    .limit(1);
  if (bought || row.sold > 0)
    throw new AppError(
      "conflict",
      "The presale has purchases: cancel it instead (its PAID purchases are refunded)",
      {
        context: { sold: row.sold, status: row.status },
      },
    );
  await tx.delete(tokenPresales).where(presaleKey(row));
};

/**
 * Gives a purchase's points back as a positive PRESALE transaction and moves it to REFUNDED (its presale is
 * canceled) or FAILED (its token could not be granted, from PAID, or minted, from DISTRIBUTED). Conditional
 * on its status: once.
 */
export const refundPurchase = async (
  { tx, now, events }: PresaleWriteContext & { events: Pick<EventBus, "publish"> },
  purchase: PurchaseRow,
  outcome: PurchaseRefund,
): Promise<boolean> => {
  const claimed = await endRefundedPurchase({ tx, now }, purchase, outcome);
  if (!claimed) return false;
  // A USDC purchase has no points to give back; its order's money has no refund rail (docs/rewards.md §7).
  if (purchase.pricePoints === null) return true;
  const pricePoints = purchase.pricePoints;
  const [presale] = await tx
    .select({ creatorId: tokenPresales.creatorId })
    .from(tokenPresales)
    .where(presaleKey({ organizationId: purchase.organizationId, id: purchase.presaleId }));
  const refund = await postPoints(
    { tx, now, events },
    { organizationId: purchase.organizationId, userId: purchase.userId },
    {
      creatorId: presale!.creatorId,
      amount: pricePoints,
      type: "PRESALE",
      reference: { presaleId: purchase.presaleId, purchaseId: purchase.id, refund: true },
    },
  );
  await tx
    .update(presalePurchases)
    .set({ refundTransactionId: refund!.id })
    .where(
      and(eq(presalePurchases.organizationId, purchase.organizationId), eq(presalePurchases.id, purchase.id)),
    );
  return true;
};

/** DRAFT or ACTIVE -> CANCELED; every PAID purchase is refunded (a DISTRIBUTED one keeps its token). */
export const cancelPresale = async (
  context: PresaleWriteContext & { events: Pick<EventBus, "publish"> },
  row: PresaleRow,
): Promise<PresaleRow> => {
  assertPresaleStatus(row, PRESALE_MACHINE.from("cancel"), "Canceling a presale");
  const { tx, now } = context;
  await assertNoUsdcPurchasesToRefund(tx, row);
  const paid = await tx
    .select()
    .from(presalePurchases)
    .where(
      and(
        eq(presalePurchases.organizationId, row.organizationId),
        eq(presalePurchases.presaleId, row.id),
        inArray(presalePurchases.status, PURCHASE_MACHINE.from("refund")),
      ),
    )
    .for("update");
  for (const purchase of paid) await refundPurchase(context, purchase, { move: "refund" });
  return markPresaleCanceled({ tx, now }, row);
};

/** One page of the presale's purchases, newest first, with the whole list's size. */
export const listPurchases = async (
  tx: Tx,
  presale: PresaleRow,
  page: OffsetPagination,
): Promise<{ items: PurchaseRow[]; total: number }> => {
  const where = and(
    eq(presalePurchases.organizationId, presale.organizationId),
    eq(presalePurchases.presaleId, presale.id),
  );
  const items = await tx
    .select()
    .from(presalePurchases)
    .where(where)
    .orderBy(desc(presalePurchases.createdAt), desc(presalePurchases.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(presalePurchases).where(where);
  return { items, total: total?.value ?? 0 };
};
