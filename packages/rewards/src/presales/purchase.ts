import { createNotification } from "@tally/commerce";
import { AppError, newId } from "@tally/core";
import { presalePurchases, rewardMints, type Tx, tokenPresales, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { postPoints } from "@tally/points";
import type { AppDeps } from "@tally/trpc";
import { and, count, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { assertConditionsMet } from "../programmes/conditions.ts";
import { queueGrant, receivingWallet } from "../programmes/grant.ts";
import type { RewardRow } from "../programmes/record.ts";
import { findReward } from "../programmes/service.ts";
import { claimPresaleUnit } from "./presale-state.ts";
import { markPurchaseDistributed, newPurchaseRow, PURCHASE_MACHINE } from "./purchase-state.ts";
import {
  findPresale,
  type PresaleRow,
  type PresaleWriteContext,
  type PurchaseRow,
  presaleKey,
} from "./record.ts";
import { refundPurchase } from "./service.ts";
import { awaitUsdcPayment, USDC_PAYMENT_WINDOW_MS } from "./usdc.ts";

type Publisher = Pick<EventBus, "publish">;
export type PresaleDeps = Pick<AppDeps, "database" | "clock" | "events">;

/** Why a presale that would not sell a unit refuses this purchase, read after the refused claim. */
const refusal = (presale: PresaleRow, now: Date): AppError => {
  const context = { status: presale.status, startsAt: presale.startsAt, endsAt: presale.endsAt };
  if (presale.status === "ENDED" || presale.status === "CANCELED")
    return new AppError("invalid_state", `The presale is ${presale.status}`, { context });
  if (now < presale.startsAt)
    return new AppError("invalid_state", `The presale opens at ${presale.startsAt.toISOString()}`, {
      context,
    });
  if (now >= presale.endsAt)
    return new AppError("invalid_state", `The presale closed at ${presale.endsAt.toISOString()}`, {
      context,
    });
  return new AppError("conflict", "The presale is sold out", {
    context: { reason: "sold_out", cap: presale.cap, sold: presale.sold },
  });
};

/**
 * 409 `conflict` (`supply_exhausted`) when the programme's maxSupply is spoken for: mints queued or made (an
 * ERROR one only while it is retried) and purchases of any of its presales still waiting for their mint. The
 * reward row is locked (after the presale's, as grants and other presales lock it), so concurrent buyers of
 * two presales and a grant cannot each take the last unit; a token sold past it would never mint.
 */
const assertSupplyLeft = async (tx: Tx, reward: RewardRow): Promise<void> => {
  if (reward.maxSupply === 0) return;
  const { organizationId } = reward;
  await findReward(tx, { organizationId, id: reward.id }, { lock: true });
  const [mints] = await tx
    .select({ n: count() })
    .from(rewardMints)
    .where(
      and(
        eq(rewardMints.organizationId, organizationId),
        eq(rewardMints.rewardId, reward.id),
        or(ne(rewardMints.status, "ERROR"), isNotNull(rewardMints.retryAt)),
      ),
    );
  const [awaiting] = await tx
    .select({ n: count() })
    .from(presalePurchases)
    .where(
      and(
        eq(presalePurchases.organizationId, organizationId),
        eq(presalePurchases.rewardId, reward.id),
        inArray(presalePurchases.status, PURCHASE_MACHINE.sets.awaitingMint),
      ),
    );
  const taken = (mints?.n ?? 0) + (awaiting?.n ?? 0);
  if (taken >= reward.maxSupply)
    throw new AppError("conflict", "The reward's maxSupply is spoken for: no token is left to sell", {
      context: { reason: "supply_exhausted", maxSupply: reward.maxSupply, taken },
    });
};

/**
 * The purchase of a claimed unit, priced on the presale's rail (points: PAID once the spend below is
 * posted; USDC: AWAITING_PAYMENT until its order is paid or the window closes). 409 `already_exists`
 * when the user already bought the reward's token: the row is unique per (reward, user).
 */
const recordPurchase = async (
  { tx, now }: PresaleWriteContext,
  presale: PresaleRow,
  user: { organizationId: string; id: string },
): Promise<PurchaseRow> => {
  const values = {
    organizationId: user.organizationId,
    id: newId(),
    presaleId: presale.id,
    rewardId: presale.rewardId,
    userId: user.id,
    createdAt: now,
    updatedAt: now,
  };
  const row =
    presale.pricePoints === null
      ? newPurchaseRow("AWAITING_PAYMENT", {
          ...values,
          priceAtomic: presale.priceAtomic,
          paymentDeadline: new Date(now.getTime() + USDC_PAYMENT_WINDOW_MS),
        })
      : newPurchaseRow("PAID", { ...values, pricePoints: presale.pricePoints });
  const [purchase] = await tx.insert(presalePurchases).values(row).onConflictDoNothing().returning();
  if (!purchase)
    throw new AppError("already_exists", "The user already bought this reward's token (one per user)", {
      context: { rewardId: presale.rewardId },
    });
  return purchase;
};

/**
 * One token of the presale for the user, in the caller's transaction: the unit is claimed by one conditional
 * update (open window, `sold < cap`) that serialises concurrent buyers on the presale's row; the purchase is
 * unique per (reward, user). POINTS: the PRESALE debit is conditional (409 `insufficient_points`) and
 * `presale-purchase-processed` is published. USDC: the purchase awaits the payment of its order
 * (`awaitUsdcPayment`). Any refusal rolls the whole transaction back.
 */
export const purchasePresale = async (
  { tx, now, events }: PresaleWriteContext & { events: Publisher },
  user: { organizationId: string; id: string },
  presaleId: string,
): Promise<PurchaseRow> => {
  const { organizationId } = user;
  const key = { organizationId, id: presaleId };
  const presale = await findPresale(tx, key);
  const reward = await findReward(tx, { organizationId, id: presale.rewardId });
  if (reward.status !== "PUBLISHED")
    throw new AppError(
      "invalid_state",
      `The presale's reward is ${reward.status}: its tokens cannot be minted`,
      {
        context: { rewardStatus: reward.status },
      },
    );
  // The grant at distribution mints to this wallet: refuse now rather than take points for a token it cannot send.
  await receivingWallet(tx, organizationId, user.id);
  await assertConditionsMet(tx, reward, user.id);
  const [held] = await tx
    .select({ id: rewardMints.id })
    .from(rewardMints)
    .where(
      and(
        eq(rewardMints.organizationId, organizationId),
        eq(rewardMints.rewardId, reward.id),
        eq(rewardMints.userId, user.id),
      ),
    )
    .limit(1);
  if (held)
    throw new AppError("already_exists", "The user already has this reward's token (one per wallet)", {
      context: { mintId: held.id },
    });
  const claimed = await claimPresaleUnit({ tx, now }, key);
  if (!claimed) throw refusal(await findPresale(tx, key), now);
  // The price is the one the claim locked: an edit committed while this buyer waited for the row is charged.
  const locked: PresaleRow = claimed;
  if (locked.rewardId !== reward.id)
    throw new AppError("conflict", "The presale changed while it was bought; try again", {
      context: { reason: "presale_changed" },
    });
  await assertSupplyLeft(tx, reward);
  const purchase = await recordPurchase({ tx, now }, locked, user);
  if (locked.pricePoints === null) return awaitUsdcPayment({ tx, now }, locked, purchase);
  const spend = await postPoints(
    { tx, now, events },
    { organizationId, userId: user.id },
    {
      creatorId: locked.creatorId,
      amount: -locked.pricePoints,
      type: "PRESALE",
      reference: { presaleId, purchaseId: purchase.id },
      insufficientMessage: "Not enough of the creator's points for this presale",
    },
  );
  // The distribution's grant checks the conditions after this spend: a POINTS_AT_LEAST the price breaks is
  // refused now (rolled back) rather than sold and then refunded.
  if (reward.conditions.some((condition) => condition.type === "POINTS_AT_LEAST"))
    await assertConditionsMet(tx, reward, user.id);
  const [paid] = await tx
    .update(presalePurchases)
    .set({ pointTransactionId: spend!.id })
    .where(and(eq(presalePurchases.organizationId, organizationId), eq(presalePurchases.id, purchase.id)))
    .returning();
  await events.publish(tx, "presale-purchase-processed", {
    organizationId,
    presaleId,
    purchaseId: purchase.id,
  });
  return paid!;
};

/**
 * Queues the token of a PAID purchase through the rewards grant (one mint per (reward, wallet); the mint-queue
 * job mints it) and marks it DISTRIBUTED. A grant the reward refuses (disabled, no wallet, conditions no longer
 * met) makes it FAILED with the reason and refunds its points. Conditional on PAID under the row lock: once,
 * whichever of the handler, the monitor or another instance gets there first.
 */
export const distributePurchase = async (
  deps: PresaleDeps,
  purchaseKey: { organizationId: string; id: string },
): Promise<"DISTRIBUTED" | "FAILED" | null> => {
  const { organizationId } = purchaseKey;
  const refused = await withTenant(deps.database.db, organizationId, async (tx) => {
    const [purchase] = await tx
      .select()
      .from(presalePurchases)
      .where(
        and(
          eq(presalePurchases.organizationId, organizationId),
          eq(presalePurchases.id, purchaseKey.id),
          inArray(presalePurchases.status, PURCHASE_MACHINE.from("distribute")),
        ),
      )
      .for("update");
    if (!purchase) return null;
    const now = deps.clock.now();
    const reward = await findReward(tx, { organizationId, id: purchase.rewardId }, { lock: true });
    try {
      const { mint } = await queueGrant({ tx, now, events: deps.events }, reward, {
        userId: purchase.userId,
      });
      await markPurchaseDistributed({ tx, now }, purchase, mint.id);
      return { purchase, failure: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { purchase, failure: error.message };
    }
  });
  if (!refused) return null;
  if (refused.failure === null) return "DISTRIBUTED";
  const failure = refused.failure;
  await withTenant(deps.database.db, organizationId, (tx) =>
    refundPurchase({ tx, now: deps.clock.now(), events: deps.events }, refused.purchase, {
      move: "fail",
      failure,
    }),
  );
  return "FAILED";
};

/**
 * `presale-purchase-processed`: records the purchase as processed and tells the creator of the sale, once per
 * purchase; an IMMEDIATE presale's token is distributed at once (AT_END ones wait for token-presale-monitor).
 */
export const handlePresalePurchaseProcessed = async (
  deps: PresaleDeps,
  { organizationId, presaleId, purchaseId }: EventPayload<"presale-purchase-processed">,
): Promise<void> => {
  const presale = await withTenant(deps.database.db, organizationId, async (tx) => {
    const now = deps.clock.now();
    const [processed] = await tx
      .update(presalePurchases)
      .set({ processedAt: now })
      .where(
        and(
          eq(presalePurchases.organizationId, organizationId),
          eq(presalePurchases.id, purchaseId),
          eq(presalePurchases.presaleId, presaleId),
          sql`${presalePurchases.processedAt} is null`,
        ),
      )
      .returning();
    const [row] = await tx
      .select()
      .from(tokenPresales)
      .where(presaleKey({ organizationId, id: presaleId }));
    if (processed && row)
      await createNotification(tx, {
        organizationId,
        recipientType: "CREATOR",
        recipientId: row.creatorId,
        type: "presale-purchase-processed",
        title: `Presale purchase: ${row.title}`,
        body: `${row.sold} of ${row.cap} tokens sold`,
        data: {
          presaleId,
          purchaseId,
          userId: processed.userId,
          pricePoints: processed.pricePoints,
          priceAtomic: processed.priceAtomic?.toString() ?? null,
          orderId: processed.orderId,
        },
        dedupeKey: `presale-purchase-processed:${purchaseId}`,
        createdAt: now,
      });
    return row;
  });
  if (presale?.distribution === "IMMEDIATE")
    await distributePurchase(deps, { organizationId, id: purchaseId });
};
