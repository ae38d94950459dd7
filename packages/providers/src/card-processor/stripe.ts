import type { Clock } from "@tally/core";
import Stripe from "stripe";
import type { ProviderLogger } from "../logger.ts";
import {
  type CardIntentStatus,
  type CardPaymentIntent,
  CardProcessorError,
  type CardProcessorEvent,
  type CardProcessorPort,
  type CreatePaymentIntentInput,
} from "./port.ts";
import { verifyCardprocEvent } from "./signature.ts";

export interface StripeCardProcessorOptions {
  secretKey: string;
  webhookSecret: string;
  logger: ProviderLogger;
  clock?: Clock | undefined;
  /** Tests point the SDK at a local server. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: "http" | "https" | undefined;
}

const toIntent = (intent: Stripe.PaymentIntent): CardPaymentIntent => ({
  id: intent.id,
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status as CardIntentStatus,
  clientSecret: intent.client_secret ?? "",
  metadata: { ...(intent.metadata ?? {}) },
  customerId: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
});

/** Real adapter: the processor's official SDK (payment intents, customers, Connect accounts, transfers). */
export class StripeCardProcessor implements CardProcessorPort {
  readonly adapter = "stripe" as const;
  readonly #stripe: Stripe;
  readonly #options: StripeCardProcessorOptions;

  constructor(options: StripeCardProcessorOptions) {
    this.#options = options;
    this.#stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async #call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const stripeError = error as { type?: string; code?: string; message?: string; statusCode?: number };
      this.#options.logger.warn(
        { operation, type: stripeError.type, code: stripeError.code, status: stripeError.statusCode },
        "card processor call failed",
      );
      if (stripeError.code === "resource_missing")
        throw new CardProcessorError(stripeError.message ?? "No such object", "not_found");
      if (stripeError.type === "StripeInvalidRequestError" || stripeError.type === "StripeCardError")
        throw new CardProcessorError(stripeError.message ?? "Invalid request", "invalid_request");
      throw new CardProcessorError(stripeError.message ?? "Card processor unavailable", "unavailable");
    }
  }

  createPaymentIntent(input: CreatePaymentIntentInput, idempotencyKey: string): Promise<CardPaymentIntent> {
    return this.#call("paymentIntents.create", async () =>
      toIntent(
        await this.#stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
            ...(input.customerId ? { customer: input.customerId } : {}),
          },
          { idempotencyKey },
        ),
      ),
    );
  }

  updatePaymentIntentAmount(id: string, amount: number, idempotencyKey: string): Promise<CardPaymentIntent> {
    return this.#call("paymentIntents.update", async () =>
      toIntent(await this.#stripe.paymentIntents.update(id, { amount }, { idempotencyKey })),
    );
  }

  cancelPaymentIntent(id: string): Promise<CardPaymentIntent> {
    return this.#call("paymentIntents.cancel", async () =>
      toIntent(await this.#stripe.paymentIntents.cancel(id)),
    );
  }

  async retrievePaymentIntent(id: string): Promise<CardPaymentIntent | undefined> {
    try {
      return await this.#call("paymentIntents.retrieve", async () =>
        toIntent(await this.#stripe.paymentIntents.retrieve(id)),
      );
    } catch (error) {
      if (error instanceof CardProcessorError && error.kind === "not_found") return undefined;
      throw error;
    }
  }

  createCustomer(
    input: { email?: string | undefined; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }> {
    return this.#call("customers.create", async () => {
      const customer = await this.#stripe.customers.create(
        { metadata: input.metadata, ...(input.email ? { email: input.email } : {}) },
        { idempotencyKey },
      );
      return { id: customer.id };
    });
  }

  createAccount(input: {
    email?: string | undefined;
    metadata: Record<string, string>;
  }): Promise<{ id: string }> {
    return this.#call("accounts.create", async () => {
      const account = await this.#stripe.accounts.create({
        type: "express",
        metadata: input.metadata,
        capabilities: { transfers: { requested: true } },
        ...(input.email ? { email: input.email } : {}),
      });
      return { id: account.id };
    });
  }

  createAccountLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string }> {
    return this.#call("accountLinks.create", async () => {
      const link = await this.#stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url };
    });
  }

  createTransfer(
    input: { amount: number; currency: string; destination: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }> {
    return this.#call("transfers.create", async () => {
      const transfer = await this.#stripe.transfers.create(
        {
          amount: input.amount,
          currency: input.currency,
          destination: input.destination,
          metadata: input.metadata,
        },
        { idempotencyKey },
      );
      return { id: transfer.id };
    });
  }

  constructEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined): CardProcessorEvent {
    return verifyCardprocEvent(rawBody, signatureHeader, this.#options.webhookSecret, this.#options.clock);
  }
}
