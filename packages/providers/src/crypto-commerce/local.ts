import { randomUUID } from "node:crypto";
import { AppError, type Clock, systemClock } from "@tally/core";
import { type Executor, sandboxCryptoCharges } from "@tally/db";
import { eq } from "drizzle-orm";
import type { ProviderLogger } from "../logger.ts";
import {
  CHARGE_ID_PATTERN,
  type ChargeOrder,
  type CryptoCommerceCharge,
  type CryptoCommercePort,
} from "./port.ts";
import { completeSandboxCharge, newSandboxChargeRow } from "./sandbox-charge-state.ts";

export interface LocalCryptoCommerceOptions {
  /** The platform database handle, never a tenant transaction (the charges are the "provider's"). */
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/** A charge can be paid for an hour after it is created, as at the real provider. */
export const LOCAL_CHARGE_LIFETIME_SECONDS = 3600;

type Row = typeof sandboxCryptoCharges.$inferSelect;

/**
 * Local adapter: a small charge "provider" in `sandbox_crypto_charges`. Charges are created and
 * completed through the test-helper routes (as a payer would at the real provider); an unpaid (NEW)
 * charge reads as EXPIRED once its deadline passes, by the injected clock.
 */
export class LocalCryptoCommerceAdapter implements CryptoCommercePort {
  readonly adapter = "local" as const;
  readonly #options: LocalCryptoCommerceOptions;

  constructor(options: LocalCryptoCommerceOptions) {
    this.#options = options;
  }

  #now(): Date {
    return (this.#options.clock ?? systemClock).now();
  }

  #view(row: Row): CryptoCommerceCharge {
    const expired = row.status === "NEW" && this.#now().getTime() >= row.expiresAt.getTime();
    return {
      id: row.id,
      amount: row.amount,
      currency: "usd",
      status: expired ? "EXPIRED" : row.status,
      expiresAt: row.expiresAt,
      order:
        row.organizationId !== null && row.orderId !== null
          ? { organizationId: row.organizationId, orderId: row.orderId }
          : null,
    };
  }

  async getCharge(chargeId: string): Promise<CryptoCommerceCharge | undefined> {
    if (!CHARGE_ID_PATTERN.test(chargeId)) return undefined;
    const [row] = await this.#options.db
      .select()
      .from(sandboxCryptoCharges)
      .where(eq(sandboxCryptoCharges.id, chargeId));
    return row ? this.#view(row) : undefined;
  }

  /**
   * A new unpaid charge of `amount` cents for `order` (what the payer's client would create at the
   * provider, the order in its metadata).
   */
  async createCharge(input: {
    amount: number;
    order: ChargeOrder;
    expiresInSeconds?: number | undefined;
  }): Promise<CryptoCommerceCharge> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new RangeError(`amount must be a positive integer of cents: ${input.amount}`);
    const now = this.#now();
    const lifetime = input.expiresInSeconds ?? LOCAL_CHARGE_LIFETIME_SECONDS;
    const [row] = await this.#options.db
      .insert(sandboxCryptoCharges)
      .values(
        newSandboxChargeRow({
          id: randomUUID(),
          amount: input.amount,
          organizationId: input.order.organizationId,
          orderId: input.order.orderId,
          expiresAt: new Date(now.getTime() + lifetime * 1000),
          createdAt: now,
        }),
      )
      .returning();
    if (!row) throw new Error("local crypto-commerce: charge insert returned nothing");
    this.#options.logger.info(
      { chargeId: row.id, amount: row.amount },
      "crypto-commerce charge created (local)",
    );
    return this.#view(row);
  }

  /**
   * The payment confirmed on chain: NEW or PENDING -> COMPLETED (completing a COMPLETED charge is a
   * no-op). An expired charge cannot be paid: `invalid_state`; an unknown one: `not_found`.
   */
  async completeCharge(chargeId: string): Promise<CryptoCommerceCharge> {
    const current = await this.getCharge(chargeId);
    if (!current) throw new AppError("not_found", "Charge not found");
    if (current.status === "COMPLETED") return current;
    if (current.status === "EXPIRED")
      throw new AppError("invalid_state", "The charge has expired", { context: { status: current.status } });
    const row = await completeSandboxCharge({ tx: this.#options.db, now: this.#now() }, chargeId);
    if (!row) return this.completeCharge(chargeId);
    this.#options.logger.info({ chargeId }, "crypto-commerce charge completed (local)");
    return this.#view(row);
  }
}
