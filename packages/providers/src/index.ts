import type { Clock } from "@tally/core";
import type { Executor } from "@tally/db";
import { type CardProcessorPort, DEV_CARDPROC_WEBHOOK_SECRET } from "./card-processor/port.ts";
import { SandboxCardProcessor } from "./card-processor/sandbox.ts";
import { StripeCardProcessor } from "./card-processor/stripe.ts";
import type { ChainProviders } from "./chain-providers.ts";
import { HttpChatAdapter } from "./chat/http.ts";
import { LocalChatAdapter } from "./chat/local.ts";
import type { ChatPort } from "./chat/port.ts";
import { DEFAULT_CRYPTO_COMMERCE_API_URL, HttpCryptoCommerceAdapter } from "./crypto-commerce/http.ts";
import { LocalCryptoCommerceAdapter } from "./crypto-commerce/local.ts";
import type { CryptoCommercePort } from "./crypto-commerce/port.ts";
import { LocalEmailAdapter } from "./email/local.ts";
import type { EmailPort } from "./email/port.ts";
import { SmtpEmailAdapter } from "./email/smtp.ts";
import { LocalLlmAdapter } from "./llm/local.ts";
import { OpenAiCompatibleLlmAdapter } from "./llm/openai-compatible.ts";
import type { LlmPort } from "./llm/port.ts";
import type { ProviderLogger } from "./logger.ts";
import { HttpOutboundWebhookAdapter } from "./outbound-webhooks/http.ts";
import type { OutboundWebhookPort } from "./outbound-webhooks/port.ts";
import { HttpShippingAdapter, type HttpShippingOptions } from "./shipping/http.ts";
import { LocalShippingAdapter } from "./shipping/local.ts";
import type { ShippingPort } from "./shipping/port.ts";
import { AdminApiStorefrontAdapter } from "./storefront/admin-api.ts";
import { LocalStorefrontAdapter } from "./storefront/local.ts";
import type { StorefrontPort } from "./storefront/port.ts";

export * from "./card-processor/index.ts";
export * from "./chain/index.ts";
export {
  type ChainProviders,
  type ChainProvidersConfig,
  createChainProviders,
  type TaskEscrowSettings,
} from "./chain-providers.ts";
export * from "./chat/index.ts";
export * from "./crypto-commerce/index.ts";
export * from "./email/index.ts";
export * from "./llm/index.ts";
export type { ProviderLogger } from "./logger.ts";
export { addressPolicy, isPublicAddress } from "./outbound/addresses.ts";
export {
  createGuardedFetch,
  type GuardedFetchOptions,
  OUTBOUND_DEFAULTS,
  type OutboundRefusalReason,
  OutboundRequestRefused,
} from "./outbound/guarded-fetch.ts";
export * from "./outbound-webhooks/index.ts";
export * from "./reward-chain/index.ts";
export * from "./server-wallets/index.ts";
export * from "./shipping/index.ts";
export * from "./storefront/index.ts";
export * from "./task-escrow/index.ts";
export * from "./wallet-keys/index.ts";
export * from "./x402-facilitator/index.ts";

/** Every outside service the app talks to, one port each (ARCHITECTURE.md §6). */
export type Providers = OffChainProviders & ChainProviders;

/** The ports `createProviders` builds; the chain ports come from `createChainProviders`. */
export interface OffChainProviders {
  email: EmailPort;
  storefront: StorefrontPort;
  chat: ChatPort;
  cryptoCommerce: CryptoCommercePort;
  shipping: ShippingPort;
  cardProcessor: CardProcessorPort;
  outboundWebhooks: OutboundWebhookPort;
  llm: LlmPort;
}

export interface ProvidersConfig {
  /** `SMTP_URL`; unset = local outbox adapter. */
  smtpUrl?: string | undefined;
  /** `EMAIL_FROM`. */
  emailFrom: string;
  /**
   * The storefront platform's admin API (`admin-api`) or the in-memory fixture store (`local`, the
   * default). Connections carry their own access tokens, so no credential is configured here.
   */
  storefront?:
    | {
        adapter: "admin-api" | "local";
        accessTokenHeader?: string | undefined;
        apiVersion?: string | undefined;
      }
    | undefined;
  /**
   * The guarded outbound client every adapter uses for hosts and URLs a tenant chooses (storefront
   * shops, reward webhooks; later the enrichment crawler). `allowAddresses` exempts exact addresses
   * or CIDR ranges from the public-address rule, for a test or a local emulator; a deployment leaves
   * it unset (nothing in the environment sets it).
   */
  outbound?: { allowAddresses?: readonly string[] | undefined } | undefined;
  /** `CHAT_API_URL` and `CHAT_API_KEY`; both set = the http chat adapter, else the local one. */
  chatApiUrl?: string | undefined;
  chatApiKey?: string | undefined;
  /**
   * `CRYPTO_COMMERCE_API_KEY` (and `CRYPTO_COMMERCE_API_URL`, default the provider's): key set = the
   * http charge adapter, else local charges. `refuseLocal` (a live deployment) makes a missing key a
   * boot failure: local charges move no money.
   */
  cryptoCommerce?:
    | { apiUrl?: string | undefined; apiKey?: string | undefined; refuseLocal?: boolean }
    | undefined;
  /**
   * `CARDPROC_SECRET_KEY` set = the Stripe adapter, else the sandbox processor; `CARDPROC_WEBHOOK_SECRET`
   * signs/verifies card webhooks; `PUBLIC_BASE_URL` is where the sandbox delivers them. `refuseSandbox`
   * (a live deployment) makes a missing key or webhook secret a boot failure.
   */
  cardProcessor?:
    | {
        secretKey?: string | undefined;
        webhookSecret?: string | undefined;
        publicBaseUrl: string;
        refuseSandbox?: boolean;
      }
    | undefined;
  /**
   * `SHIPPING_API_KEY` (+ `SHIPPING_API_URL`, and `SHIPPING_FROM_ADDRESS` as JSON, required with the
   * key): key set = the http shipping adapter, else deterministic local rates and labels.
   */
  shipping?:
    | { apiUrl?: string | undefined; apiKey?: string | undefined; fromAddressJson?: string | undefined }
    | undefined;
  /**
   * `LLM_BASE_URL` (+ `LLM_MODEL`, required with it, `LLM_API_KEY`, `LLM_TIMEOUT_MS`): URL set = the
   * OpenAI-compatible adapter, else the deterministic local one (a live deployment refuses it unless
   * `LOCAL_ADAPTERS_ALLOWED` names `llm`, see @tally/server's deployment rules).
   */
  llm?:
    | {
        baseUrl?: string | undefined;
        apiKey?: string | undefined;
        model?: string | undefined;
        timeoutMs?: number | undefined;
      }
    | undefined;
}

export interface CreateProvidersOptions {
  config: ProvidersConfig;
  /** The platform database handle (not a tenant transaction). */
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/** Picks the real adapter for each port whose configuration is present, else the local one. */
export const createProviders = ({
  config,
  db,
  logger,
  clock,
}: CreateProvidersOptions): OffChainProviders => ({
  email: config.smtpUrl
    ? new SmtpEmailAdapter({ smtpUrl: config.smtpUrl, from: config.emailFrom, db, logger, clock })
    : new LocalEmailAdapter({ db, logger, clock }),
  storefront:
    config.storefront?.adapter === "admin-api"
      ? new AdminApiStorefrontAdapter({
          accessTokenHeader: config.storefront.accessTokenHeader,
          apiVersion: config.storefront.apiVersion,
          outbound: { allowAddresses: config.outbound?.allowAddresses },
          logger,
        })
      : new LocalStorefrontAdapter(),
  chat:
    config.chatApiUrl && config.chatApiKey
      ? new HttpChatAdapter({ baseUrl: config.chatApiUrl, apiKey: config.chatApiKey, logger })
      : new LocalChatAdapter({ db, logger, clock }),
  cryptoCommerce: createCryptoCommerce(config, db, logger, clock),
  cardProcessor: createCardProcessor(config, db, logger, clock),
  shipping: createShipping(config, logger),
  llm: createLlm(config, logger),
  outboundWebhooks: new HttpOutboundWebhookAdapter({
    outbound: { allowAddresses: config.outbound?.allowAddresses },
  }),
});

const createShipping = (config: ProvidersConfig, logger: ProviderLogger): ShippingPort => {
  const settings = config.shipping;
  if (!settings?.apiKey) return new LocalShippingAdapter({ logger });
  let from: HttpShippingOptions["from"];
  try {
    from = JSON.parse(settings.fromAddressJson ?? "");
  } catch {
    throw new Error("SHIPPING_FROM_ADDRESS must be a JSON address when SHIPPING_API_KEY is set");
  }
  if (!from?.line1 || !from.city || !from.postalCode || !from.countryCode)
    throw new Error("SHIPPING_FROM_ADDRESS needs line1, city, state, postalCode and countryCode");
  return new HttpShippingAdapter({ baseUrl: settings.apiUrl, apiKey: settings.apiKey, from, logger });
};

const createLlm = (config: ProvidersConfig, logger: ProviderLogger): LlmPort => {
  const settings = config.llm;
  if (!settings?.baseUrl) return new LocalLlmAdapter({ logger });
  if (!settings.model) throw new Error("LLM_MODEL is required when LLM_BASE_URL is set");
  return new OpenAiCompatibleLlmAdapter({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    timeoutMs: settings.timeoutMs,
    logger,
  });
};

const createCryptoCommerce = (
  config: ProvidersConfig,
  db: Executor,
  logger: ProviderLogger,
  clock: Clock | undefined,
): CryptoCommercePort => {
  const settings = config.cryptoCommerce;
  if (settings?.apiKey) {
    return new HttpCryptoCommerceAdapter({
      baseUrl: settings.apiUrl ?? DEFAULT_CRYPTO_COMMERCE_API_URL,
      apiKey: settings.apiKey,
      logger,
    });
  }
  if (settings?.refuseLocal)
    throw new Error(
      "CRYPTO_COMMERCE_API_KEY is required: a live deployment cannot use local crypto-commerce charges",
    );
  return new LocalCryptoCommerceAdapter({ db, logger, clock });
};

const createCardProcessor = (
  config: ProvidersConfig,
  db: Executor,
  logger: ProviderLogger,
  clock: Clock | undefined,
): CardProcessorPort => {
  const settings = config.cardProcessor;
  if (settings?.refuseSandbox) {
    if (!settings.secretKey)
      throw new Error(
        "CARDPROC_SECRET_KEY is required: a live deployment cannot use the sandbox card processor (it moves no money)",
      );
    if (!settings.webhookSecret)
      throw new Error(
        "CARDPROC_WEBHOOK_SECRET is required in a live deployment (card webhooks are verified with it)",
      );
  }
  const webhookSecret = settings?.webhookSecret ?? DEV_CARDPROC_WEBHOOK_SECRET;
  if (settings?.secretKey)
    return new StripeCardProcessor({ secretKey: settings.secretKey, webhookSecret, logger, clock });
  return new SandboxCardProcessor({
    db,
    webhookSecret,
    publicBaseUrl: settings?.publicBaseUrl ?? "http://127.0.0.1:3000",
    logger,
    clock,
  });
};

/** Which adapter backs each port present, e.g. `{ email: "local" }`. */
export type ProvidersDescription = { [K in keyof Providers]?: Providers[K]["adapter"] };

export const describeProviders = (providers: Partial<Providers>): ProvidersDescription =>
  Object.fromEntries(
    Object.entries(providers).map(([port, adapter]) => [port, (adapter as { adapter: string }).adapter]),
  ) as ProvidersDescription;
