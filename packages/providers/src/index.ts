import type { Clock } from "@tally/core";
import type { Executor } from "@tally/db";
import { HttpChatAdapter } from "./chat/http.ts";
import { LocalChatAdapter } from "./chat/local.ts";
import type { ChatPort } from "./chat/port.ts";
import { LocalEmailAdapter } from "./email/local.ts";
import type { EmailPort } from "./email/port.ts";
import { SmtpEmailAdapter } from "./email/smtp.ts";
import type { ProviderLogger } from "./logger.ts";
import { AdminApiStorefrontAdapter } from "./storefront/admin-api.ts";
import { LocalStorefrontAdapter } from "./storefront/local.ts";
import type { StorefrontPort } from "./storefront/port.ts";

export * from "./chat/index.ts";
export * from "./email/index.ts";
export type { ProviderLogger } from "./logger.ts";
export * from "./storefront/index.ts";

/** Every outside service the app talks to, one port each (ARCHITECTURE.md §6). Later ports add keys. */
export interface Providers {
  email: EmailPort;
  storefront: StorefrontPort;
  chat: ChatPort;
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
  /** `CHAT_API_URL` and `CHAT_API_KEY`; both set = the http chat adapter, else the local one. */
  chatApiUrl?: string | undefined;
  chatApiKey?: string | undefined;
}

export interface CreateProvidersOptions {
  config: ProvidersConfig;
  /** The platform database handle (not a tenant transaction). */
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/** Picks the real adapter for each port whose configuration is present, else the local one. */
export const createProviders = ({ config, db, logger, clock }: CreateProvidersOptions): Providers => ({
  email: config.smtpUrl
    ? new SmtpEmailAdapter({ smtpUrl: config.smtpUrl, from: config.emailFrom, db, logger, clock })
    : new LocalEmailAdapter({ db, logger, clock }),
  storefront:
    config.storefront?.adapter === "admin-api"
      ? new AdminApiStorefrontAdapter({
          accessTokenHeader: config.storefront.accessTokenHeader,
          apiVersion: config.storefront.apiVersion,
          logger,
        })
      : new LocalStorefrontAdapter(),
  chat:
    config.chatApiUrl && config.chatApiKey
      ? new HttpChatAdapter({ baseUrl: config.chatApiUrl, apiKey: config.chatApiKey, logger })
      : new LocalChatAdapter({ db, logger, clock }),
});

/** Which adapter backs each port, e.g. `{ email: "local" }`. */
export type ProvidersDescription = { [K in keyof Providers]: Providers[K]["adapter"] };

export const describeProviders = (providers: Providers): ProvidersDescription => ({
  email: providers.email.adapter,
  storefront: providers.storefront.adapter,
  chat: providers.chat.adapter,
});
