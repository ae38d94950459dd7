import { findOrder } from "@tally/commerce";
import { AppError, applyBasisPoints, newId } from "@tally/core";
import {
  connectedAccounts,
  creatorOwners,
  creatorPayouts,
  organizationSettings,
  type Tx,
  users,
  type WriteContext,
} from "@tally/db";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { type ConnectedAccountRow, followAccountFlags, newConnectedAccountRow } from "./account-state.ts";
import { newPayoutRow, type PayoutRow, recordPayoutTransfer } from "./payout-state.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Money settings of the organization, with the documented defaults when the row does not exist yet. */
export const payoutSettings = async (
  tx: Tx,
  organizationId: string,
): Promise<{ applicationFeeBps: number; payoutHoldDays: number }> => {
  const [row] = await tx
    .select({
      applicationFeeBps: organizationSettings.applicationFeeBps,
      payoutHoldDays: organizationSettings.payoutHoldDays,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return row ?? { applicationFeeBps: 500, payoutHoldDays: 7 };
};

export interface CreatePayoutForOrderInput {
  organizationId: string;
  orderId: string;
  /** The amount actually charged, in cents. */
  amountPaid: number;
}

/**
 * The creator's payout for a paid order: PENDING, `amountPaid` minus the application fee, eligible
 * after the organization's hold. Unique per order (unique index), so a second call returns the
 * existing payout. An order without a creator (no items) or fully paid with points (0 charged)
 * still gets a payout row only when something was charged: 0 cents -> `null`.
 */
export const createPayoutForOrder = async (
  { tx, now }: WriteContext,
  input: CreatePayoutForOrderInput,
): Promise<PayoutRow | null> => {
  const { organizationId, orderId, amountPaid } = input;
  if (!Number.isSafeInteger(amountPaid) || amountPaid < 0)
    throw new RangeError(`amountPaid must be a non-negative integer of cents: ${amountPaid}`);
  // Independent reads, sent together (one round trip on PostgreSQL).
  const [order, settings] = await Promise.all([
    findOrder(tx, { organizationId, orderId }),
    payoutSettings(tx, organizationId),
  ]);
  if (!order.creatorId || amountPaid === 0) return null;
  const amount = amountPaid - applyBasisPoints(amountPaid, settings.applicationFeeBps);
  const [created] = await tx
    .insert(creatorPayouts)
    .values(
      newPayoutRow({
        organizationId,
        id: newId(),
        creatorId: order.creatorId,
        orderId,
        amount,
        eligibleAt: new Date(now.getTime() + settings.payoutHoldDays * DAY_MS),
        createdAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx
    .select()
    .from(creatorPayouts)
    .where(and(eq(creatorPayouts.organizationId, organizationId), eq(creatorPayouts.orderId, orderId)));
  return existing ?? null;
};

export interface ApplyAccountUpdatedInput {
  organizationId: string;
  /** The processor's account id. */
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/**
 * `account.updated`: records the processor's flags and the derived status on the creator's
 * connected account. Idempotent (the same flags write the same row). An unknown account -> `null`
 * (nothing to update; the webhook acknowledges it).
 */
export const applyAccountUpdated = async (
  context: WriteContext,
  input: ApplyAccountUpdatedInput,
): Promise<ConnectedAccountRow | null> =>
  (await followAccountFlags(
    context,
    { organizationId: input.organizationId, processorAccountId: input.accountId },
    {
      detailsSubmitted: input.detailsSubmitted,
      chargesEnabled: input.chargesEnabled,
      payoutsEnabled: input.payoutsEnabled,
    },
  )) ?? null;

export interface ApplyTransferCreatedInput {
  organizationId: string;
  /** The processor's transfer id. */
  transferId: string;
  /** `metadata.payoutId` of the transfer. */
  payoutId: string;
}

/**
 * `transfer.created`: the payout is TRANSFERRED with the transfer id (from PENDING or ELIGIBLE: the
 * processor moved the money, whatever our hold said). Idempotent: an already TRANSFERRED payout is
 * returned unchanged (its first transfer id and time are kept). An unknown payout -> `null`.
 */
export const applyTransferCreated = async (
  context: WriteContext,
  input: ApplyTransferCreatedInput,
): Promise<PayoutRow | null> => {
  const ref = { organizationId: input.organizationId, id: input.payoutId };
  const updated = await recordPayoutTransfer(context, ref, { transferId: input.transferId });
  if (updated) return updated;
  const [existing] = await context.tx
    .select()
    .from(creatorPayouts)
    .where(and(eq(creatorPayouts.organizationId, ref.organizationId), eq(creatorPayouts.id, ref.id)));
  return existing ?? null;
};

/** The card processor's Connect side, as payouts use it (the `cardProcessor` port satisfies it). */
export interface PayoutProcessor {
  createAccount(input: {
    email?: string | undefined;
    metadata: Record<string, string>;
  }): Promise<{ id: string }>;
  createAccountLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }>;
  createTransfer(
    input: { amount: number; currency: string; destination: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
}

export const toCreatorPayout = (row: PayoutRow) => ({
  id: row.id,
  creatorId: row.creatorId,
  orderId: row.orderId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  eligibleAt: row.eligibleAt,
  transferId: row.transferId,
  createdAt: row.createdAt,
  transferredAt: row.transferredAt,
});

/** The creator's payouts, newest first, with the total for `X-Total-Count`. */
export const listCreatorPayouts = async (
  tx: Tx,
  input: {
    organizationId: string;
    creatorId: string;
    limit: number;
    offset: number;
    status?: PayoutRow["status"] | undefined;
  },
) => {
  const where = and(
    eq(creatorPayouts.organizationId, input.organizationId),
    eq(creatorPayouts.creatorId, input.creatorId),
    input.status ? eq(creatorPayouts.status, input.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(creatorPayouts)
    .where(where)
    .orderBy(desc(creatorPayouts.createdAt), desc(creatorPayouts.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await tx.select({ value: count() }).from(creatorPayouts).where(where);
  return { items: rows.map(toCreatorPayout), total: total?.value ?? 0 };
};

export const findConnectedAccount = async (
  tx: Tx,
  organizationId: string,
  creatorId: string,
): Promise<ConnectedAccountRow | undefined> => {
  const [row] = await tx
    .select()
    .from(connectedAccounts)
    .where(
      and(eq(connectedAccounts.organizationId, organizationId), eq(connectedAccounts.creatorId, creatorId)),
    );
  return row;
};

/** The e-mail addresses of a creator's owners, oldest owner first. */
export const creatorOwnerEmails = async (
  tx: Tx,
  organizationId: string,
  creatorId: string,
): Promise<{ userId: string; email: string }[]> =>
  tx
    .select({ userId: users.id, email: users.email })
    .from(creatorOwners)
    .innerJoin(
      users,
      and(eq(users.organizationId, creatorOwners.organizationId), eq(users.id, creatorOwners.userId)),
    )
    .where(and(eq(creatorOwners.organizationId, organizationId), eq(creatorOwners.creatorId, creatorId)))
    .orderBy(asc(creatorOwners.createdAt), asc(creatorOwners.userId));

/**
 * Records the processor account created for a creator, unless a concurrent onboarding recorded one
 * first: the recorded account is returned either way (the creator has exactly one).
 */
export const recordConnectedAccount = async (
  { tx, now }: WriteContext,
  input: { organizationId: string; creatorId: string; processorAccountId: string },
): Promise<{ account: ConnectedAccountRow; created: boolean }> => {
  const [created] = await tx
    .insert(connectedAccounts)
    .values(
      newConnectedAccountRow({
        organizationId: input.organizationId,
        creatorId: input.creatorId,
        processorAccountId: input.processorAccountId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (created) return { account: created, created: true };
  const existing = await findConnectedAccount(tx, input.organizationId, input.creatorId);
  if (!existing) throw new AppError("conflict", "The processor account could not be recorded");
  return { account: existing, created: false };
};
