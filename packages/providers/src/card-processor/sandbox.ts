import { randomBytes } from "node:crypto";
import type { Clock } from "@tally/core";
import { type Executor, sandboxProcessorObjects } from "@tally/db";
import { and, eq, sql } from "drizzle-orm";
import type { ProviderLogger } from "../logger.ts";
import {
  CARDPROC_SIGNATURE_HEADER,
  type CardIntentStatus,
  type CardPaymentIntent,
  CardProcessorError,
  type CardProcessorEvent,
  type CardProcessorPort,
  type CreatePaymentIntentInput,
} from "./port.ts";
import { signCardprocPayload, verifyCardprocEvent } from "./signature.ts";

/** Delivers a signed event to the service's public webhook endpoint; answers the HTTP status and body. */
export type CardprocDeliver = (
  path: string,
  init: { body: string; headers: Record<string, string> },
) => Promise<{ status: number; body: unknown }>;

export interface SandboxCardProcessorOptions {
  /** The platform database handle (never a tenant transaction: call the sandbox outside one). */
  db: Executor;
  webhookSecret: string;
  /** Where the service is reachable (`PUBLIC_BASE_URL`): default delivery target and onboarding links. */
  publicBaseUrl: string;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

export type SandboxIntentOutcome = "succeed" | "fail" | "process";

export interface SandboxAccountUpdate {
  detailsSubmitted?: boolean | undefined;
  chargesEnabled?: boolean | undefined;
  payoutsEnabled?: boolean | undefined;
}

export interface SandboxDelivery {
  event: CardProcessorEvent;
  path: string;
  status: number;
  body: unknown;
}

type IntentData = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: CardIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  customer: string | null;
  last_payment_error: { message: string; code: string } | null;
};

type AccountData = {
  id: string;
  object: "account";
  email: string | null;
  metadata: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
};

type TransferData = {
  id: string;
  object: "transfer";
  amount: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  created: number;
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const token = (length: number): string => {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
};
const processorId = (prefix: string): string => `${prefix}_${token(24)}`;

/** Statuses from which the customer can still pay, and so the amount can change or the intent be cancelled. */
const OPEN_STATUSES: readonly CardIntentStatus[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
];

const OUTCOMES: Record<
  SandboxIntentOutcome,
  { from: readonly CardIntentStatus[]; to: CardIntentStatus; event: string; path: string }
> = {
  succeed: {
    from: [...OPEN_STATUSES, "processing"],
    to: "succeeded",
    event: "payment_intent.succeeded",
    path: "/api/v1/webhooks/cardproc/payment-intent/succeeded",
  },
  process: {
    from: OPEN_STATUSES,
    to: "processing",
    event: "payment_intent.processing",
    path: "/api/v1/webhooks/cardproc/payment-intent/processing",
  },
  // Like the processor: a failed attempt sends the intent back to requires_payment_method.
  fail: {
    from: [...OPEN_STATUSES, "processing"],
    to: "requires_payment_method",
    event: "payment_intent.payment_failed",
    path: "/api/v1/webhooks/cardproc/payment-intent/payment-failed",
  },
};

export const ACCOUNT_UPDATED_PATH = "/api/v1/webhooks/cardproc/account/updated";
export const TRANSFER_CREATED_PATH = "/api/v1/webhooks/cardproc/transfer/created";

/**
 * Local card processor: payment intents, customers, connected accounts and transfers kept in
 * `sandbox_processor_objects`, with processor-like ids, statuses and client secrets. Its outcomes
 * (succeed, fail, process, account updates) are driven by the test-helper routes and reach the
 * service as events signed with the webhook secret, delivered to the public webhook endpoints, so
 * the very same verification path runs as with the real processor.
 */
export class SandboxCardProcessor implements CardProcessorPort {
  readonly adapter = "sandbox" as const;
  readonly #options: SandboxCardProcessorOptions;
  #deliver: CardprocDeliver;
  #held: Promise<void> | undefined;

  constructor(options: SandboxCardProcessorOptions) {
    this.#options = options;
    this.#deliver = async (path, init) => {
      const response = await fetch(new URL(path, options.publicBaseUrl), {
        method: "POST",
        body: init.body,
        headers: init.headers,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, body };
    };
  }

  /**
   * Tests only: from now on every payment-intent and customer call of this instance waits, like a
   * processor that has not answered yet, until the returned function is called. A test of what
   * must not wait for the processor then holds whatever the machine's speed.
   */
  holdResponses(): () => void {
    let release = () => {};
    this.#held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.#held = undefined;
      release();
    };
  }

  /** The composition root points delivery at the in-process app (`app.request`) so no port is needed. */
  setDeliver(deliver: CardprocDeliver): void {
    this.#deliver = deliver;
  }

  get #now(): Date {
    return (this.#options.clock ?? { now: () => new Date() }).now();
  }

  async #read<T>(id: string, kind: string): Promise<T | undefined> {
    const [row] = await this.#options.db
      .select()
      .from(sandboxProcessorObjects)
      .where(
        and(eq(sandboxProcessorObjects.id, id), eq(sandboxProcessorObjects.kind, kind as "payment_intent")),
      );
    return row?.data as T | undefined;
  }

  async #insert<T extends { id: string }>(
    kind: "payment_intent" | "customer" | "account" | "transfer",
    data: T,
    idempotencyKey?: string,
  ): Promise<T> {
    const now = this.#now;
    const inserted = await this.#options.db
      .insert(sandboxProcessorObjects)
      .values({
        id: data.id,
        kind,
        data,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ data: sandboxProcessorObjects.data });
    if (inserted[0]) return inserted[0].data as T;
    if (!idempotencyKey) throw new CardProcessorError("Duplicate object id", "unavailable");
    // Same idempotency key: the processor answers with the object the first call created.
    const [existing] = await this.#options.db
      .select()
      .from(sandboxProcessorObjects)
      .where(eq(sandboxProcessorObjects.idempotencyKey, idempotencyKey));
    if (!existing || existing.kind !== kind)
      throw new CardProcessorError("Idempotency key reused for another kind of request");
    return existing.data as T;
  }

  /** Conditional write: only when the intent's status is one of `from` (concurrent moves apply once). */
  async #moveIntent(
    id: string,
    from: readonly CardIntentStatus[],
    patch: Partial<IntentData>,
  ): Promise<IntentData | undefined> {
    const statuses = sql.join(
      from.map((status) => sql`${status}`),
      sql`, `,
    );
    const [row] = await this.#options.db
      .update(sandboxProcessorObjects)
      .set({
        data: sql`${sandboxProcessorObjects.data} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: this.#now,
      })
      .where(
        and(
          eq(sandboxProcessorObjects.id, id),
          eq(sandboxProcessorObjects.kind, "payment_intent"),
          sql`${sandboxProcessorObjects.data}->>'status' in (${statuses})`,
        ),
      )
      .returning({ data: sandboxProcessorObjects.data });
    return row?.data as IntentData | undefined;
  }

  async #intentOrThrow(id: string): Promise<IntentData> {
    const intent = await this.#read<IntentData>(id, "payment_intent");
    if (!intent) throw new CardProcessorError(`No such payment_intent: '${id}'`, "not_found");
    return intent;
  }

  async #respond(): Promise<void> {
    if (this.#held) await this.#held;
  }

  static #toIntent(data: IntentData): CardPaymentIntent {
    return {
      id: data.id,
      amount: data.amount,
      currency: data.currency,
      status: data.status,
      clientSecret: data.client_secret,
      metadata: data.metadata,
      customerId: data.customer,
    };
  }

  async createPaymentIntent(
    input: CreatePaymentIntentInput,
    idempotencyKey: string,
  ): Promise<CardPaymentIntent> {
    await this.#respond();
    if (!Number.isInteger(input.amount) || input.amount < 1)
      throw new CardProcessorError("amount must be a positive integer of cents");
    const id = processorId("pi");
    const data: IntentData = {
      id,
      object: "payment_intent",
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${token(24)}`,
      metadata: input.metadata,
      customer: input.customerId ?? null,
      last_payment_error: null,
    };
    return SandboxCardProcessor.#toIntent(await this.#insert("payment_intent", data, `pi:${idempotencyKey}`));
  }

  /** Setting an amount is idempotent by itself: the key is accepted as the processor's is. */
  async updatePaymentIntentAmount(
    id: string,
    amount: number,
    _idempotencyKey: string,
  ): Promise<CardPaymentIntent> {
    await this.#respond();
    if (!Number.isInteger(amount) || amount < 1)
      throw new CardProcessorError("amount must be a positive integer of cents");
    const moved = await this.#moveIntent(id, OPEN_STATUSES, { amount });
    if (moved) return SandboxCardProcessor.#toIntent(moved);
    const intent = await this.#intentOrThrow(id);
    throw new CardProcessorError(
      `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}`,
    );
  }

  async cancelPaymentIntent(id: string): Promise<CardPaymentIntent> {
    await this.#respond();
    const moved = await this.#moveIntent(id, [...OPEN_STATUSES, "requires_capture"], { status: "canceled" });
    if (moved) return SandboxCardProcessor.#toIntent(moved);
    const intent = await this.#intentOrThrow(id);
    throw new CardProcessorError(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}`,
    );
  }

  async retrievePaymentIntent(id: string): Promise<CardPaymentIntent | undefined> {
    const intent = await this.#read<IntentData>(id, "payment_intent");
    return intent ? SandboxCardProcessor.#toIntent(intent) : undefined;
  }

  async createCustomer(
    input: { email?: string | undefined; metadata: Record<string, string> },
    idempotencyKey: string,
  ) {
    await this.#respond();
    const data = {
      id: processorId("cus"),
      object: "customer",
      email: input.email ?? null,
      metadata: input.metadata,
    };
    return { id: (await this.#insert("customer", data, `cus:${idempotencyKey}`)).id };
  }

  async createAccount(input: { email?: string | undefined; metadata: Record<string, string> }) {
    const data: AccountData = {
      id: processorId("acct"),
      object: "account",
      email: input.email ?? null,
      metadata: input.metadata,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
    };
    return { id: (await this.#insert("account", data)).id };
  }

  async createAccountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }) {
    if (!(await this.#read<AccountData>(accountId, "account")))
      throw new CardProcessorError(`No such account: '${accountId}'`, "not_found");
    const url = new URL(
      `/api/v1/test-helpers/cardproc/accounts/${encodeURIComponent(accountId)}/onboard`,
      this.#options.publicBaseUrl,
    );
    url.searchParams.set("return_url", urls.returnUrl);
    url.searchParams.set("refresh_url", urls.refreshUrl);
    return { url: url.toString() };
  }

  async createTransfer(
    input: { amount: number; currency: string; destination: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }> {
    if (!Number.isInteger(input.amount) || input.amount < 1)
      throw new CardProcessorError("amount must be a positive integer of cents");
    const account = await this.#read<AccountData>(input.destination, "account");
    if (!account) throw new CardProcessorError(`No such destination: '${input.destination}'`, "not_found");
    if (!account.payouts_enabled)
      throw new CardProcessorError(
        "The destination account cannot receive transfers yet (payouts not enabled)",
      );
    const data: TransferData = {
      id: processorId("tr"),
      object: "transfer",
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      destination: input.destination,
      metadata: input.metadata,
      created: Math.floor(this.#now.getTime() / 1000),
    };
    return { id: (await this.#insert("transfer", data, `tr:${idempotencyKey}`)).id };
  }

  constructEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined): CardProcessorEvent {
    return verifyCardprocEvent(rawBody, signatureHeader, this.#options.webhookSecret, this.#options.clock);
  }

  /** Builds, signs and delivers an event, like the processor's webhook sender. */
  async #send(type: string, object: Record<string, unknown>, path: string): Promise<SandboxDelivery> {
    const created = Math.floor(this.#now.getTime() / 1000);
    const event: CardProcessorEvent & { object: "event"; livemode: false } = {
      id: processorId("evt"),
      object: "event",
      type,
      created,
      livemode: false,
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = signCardprocPayload(body, this.#options.webhookSecret, created);
    const response = await this.#deliver(path, {
      body,
      headers: { "content-type": "application/json", [CARDPROC_SIGNATURE_HEADER]: signature },
    });
    this.#options.logger.info(
      { eventId: event.id, type, path, status: response.status },
      "sandbox card processor delivered an event",
    );
    return { event, path, ...response };
  }

  /** Test helper: the customer's payment succeeds, fails or starts processing; the event is delivered. */
  async simulateIntent(
    id: string,
    outcome: SandboxIntentOutcome,
  ): Promise<{ intent: CardPaymentIntent; delivery: SandboxDelivery }> {
    const rule = OUTCOMES[outcome];
    const patch: Partial<IntentData> =
      outcome === "fail"
        ? {
            status: rule.to,
            last_payment_error: { code: "card_declined", message: "Your card was declined (sandbox)." },
          }
        : { status: rule.to, last_payment_error: null };
    const moved = await this.#moveIntent(id, rule.from, patch);
    if (!moved) {
      const intent = await this.#intentOrThrow(id);
      throw new CardProcessorError(
        `The PaymentIntent has a status of ${intent.status}; cannot ${outcome} it`,
      );
    }
    const delivery = await this.#send(rule.event, { ...moved }, rule.path);
    return { intent: SandboxCardProcessor.#toIntent(moved), delivery };
  }

  /** Test helper: the creator progresses through onboarding; `account.updated` is delivered. */
  async simulateAccountUpdate(
    id: string,
    update: SandboxAccountUpdate,
  ): Promise<{ account: AccountData; delivery: SandboxDelivery }> {
    const account = await this.#read<AccountData>(id, "account");
    if (!account) throw new CardProcessorError(`No such account: '${id}'`, "not_found");
    const next: AccountData = {
      ...account,
      details_submitted: update.detailsSubmitted ?? account.details_submitted,
      charges_enabled: update.chargesEnabled ?? account.charges_enabled,
      payouts_enabled: update.payoutsEnabled ?? account.payouts_enabled,
    };
    await this.#options.db
      .update(sandboxProcessorObjects)
      .set({ data: next, updatedAt: this.#now })
      .where(eq(sandboxProcessorObjects.id, id));
    const delivery = await this.#send("account.updated", { ...next }, ACCOUNT_UPDATED_PATH);
    return { account: next, delivery };
  }

  /** Test helper: (re)delivers `transfer.created` for a transfer the sandbox made. */
  async deliverTransferCreated(id: string): Promise<{ transfer: TransferData; delivery: SandboxDelivery }> {
    const transfer = await this.#read<TransferData>(id, "transfer");
    if (!transfer) throw new CardProcessorError(`No such transfer: '${id}'`, "not_found");
    const delivery = await this.#send("transfer.created", { ...transfer }, TRANSFER_CREATED_PATH);
    return { transfer, delivery };
  }
}
