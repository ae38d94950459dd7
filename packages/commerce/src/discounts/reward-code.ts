import { randomInt } from "node:crypto";
import { AppError, newId } from "@tally/core";
import { discountCodes, type Tx } from "@tally/db";
import { and, eq } from "drizzle-orm";
import type { DiscountCodeRow } from "../orders/amounts.ts";

export interface RewardCodeOwner {
  organizationId: string;
  /** The reward's creator: the code is one of theirs, usable on their products. */
  creatorId: string;
}

export interface RewardCodeRequest {
  /** The redemption the code is for: at most one code per redemption (unique index). */
  redemptionId: string;
  percentOff: number;
}

/** Unambiguous upper-case letters and digits (no 0/O, 1/I/L). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 12;
/** 31^12 codes: a collision with one of the creator's codes is retried, never expected twice. */
const CODE_ATTEMPTS = 5;

const randomCode = () => {
  let code = "RWD-";
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
};

const codeOfRedemption = async (tx: Tx, organizationId: string, redemptionId: string) => {
  const [code] = await tx
    .select()
    .from(discountCodes)
    .where(
      and(eq(discountCodes.organizationId, organizationId), eq(discountCodes.redemptionId, redemptionId)),
    );
  return code;
};

/**
 * A DISCOUNT_CODE reward's code: one of the creator's PERCENT codes, `percentOff` off, usage limit 1,
 * no expiry, a random unguessable string (`RWD-` and 12 characters). Applied at checkout like any of
 * the creator's codes (`POST /user/{id}/order/{orderId}/discount`), so its one use is counted there.
 * Idempotent per redemption: a second call, or a concurrent one, answers the code the first made.
 */
export const createRewardDiscountCode = async (
  { tx, now }: { tx: Tx; now: Date },
  owner: RewardCodeOwner,
  request: RewardCodeRequest,
): Promise<DiscountCodeRow> => {
  const { organizationId, creatorId } = owner;
  if (!Number.isInteger(request.percentOff) || request.percentOff < 1 || request.percentOff > 100)
    throw new AppError("invalid_state", "The reward's percentOff must be an integer 1-100", {
      context: { percentOff: request.percentOff },
    });
  const existing = await codeOfRedemption(tx, organizationId, request.redemptionId);
  if (existing) return existing;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        organizationId,
        id: newId(),
        creatorId,
        code: randomCode(),
        kind: "PERCENT",
        value: request.percentOff,
        usageLimit: 1,
        redemptionId: request.redemptionId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // Either a concurrent call for this redemption committed first, or the string was taken.
    const made = await codeOfRedemption(tx, organizationId, request.redemptionId);
    if (made) return made;
  }
  throw new Error(`no free discount code string after ${CODE_ATTEMPTS} attempts`);
};
