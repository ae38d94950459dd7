/** Card-processor intent statuses (the processor's own vocabulary; the sandbox uses the same). */
export type CardIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "succeeded"
  | "canceled"
  | "payment_failed";

export interface CardPaymentIntent {
  id: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: CardIntentStatus;
  clientSecret: string;
  metadata: Record<string, string>;
  customerId: string | null;
}

export interface CreatePaymentIntentInput {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  customerId?: string | undefined;
}

/** A verified processor event: id, type and `data.object` (the intent, account or transfer). */
export interface CardProcessorEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export type CardProcessorAdapterKind = "stripe" | "sandbox";

/** The card processor (ARCHITECTURE.md §6): payment intents, customers, Connect accounts and transfers. */
export interface CardProcessorPort {
  readonly adapter: CardProcessorAdapterKind;
  /** A repeated idempotency key answers the intent the first call made (the processor keeps keys 24 h). */
  createPaymentIntent(input: CreatePaymentIntentInput, idempotencyKey: string): Promise<CardPaymentIntent>;
  /** A repeated idempotency key answers what the first call did. */
  updatePaymentIntentAmount(id: string, amount: number, idempotencyKey: string): Promise<CardPaymentIntent>;
  cancelPaymentIntent(id: string): Promise<CardPaymentIntent>;
  /** Undefined when the processor does not know the id. */
  retrievePaymentIntent(id: string): Promise<CardPaymentIntent | undefined>;
  /** A repeated idempotency key answers the customer the first call made. */
  createCustomer(
    input: { email?: string | undefined; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
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
  /** Verifies the `Cardproc-Signature` header (`t=…,v1=…`) on the raw body; throws on any failure. */
  constructEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined): CardProcessorEvent;
}

/** Thrown by an adapter when the processor refuses a call (e.g. cancelling a succeeded intent). */
export class CardProcessorError extends Error {
  readonly kind: "invalid_request" | "not_found" | "unavailable";

  constructor(message: string, kind: CardProcessorError["kind"] = "invalid_request") {
    super(message);
    this.kind = kind;
    this.name = "CardProcessorError";
  }
}

/** The header the processor signs its webhooks with. */
export const CARDPROC_SIGNATURE_HEADER = "Cardproc-Signature";
/** Default webhook secret of a `test` deployment (a `live` deployment must configure its own). */
export const DEV_CARDPROC_WEBHOOK_SECRET = "whsec_tally_dev_cardproc_webhook_secret";
