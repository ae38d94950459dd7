import type { Clock } from "@tally/core";
import type { Executor } from "@tally/db";
import { LocalEmailAdapter } from "./email/local.ts";
import type { EmailPort } from "./email/port.ts";
import { SmtpEmailAdapter } from "./email/smtp.ts";
import type { ProviderLogger } from "./logger.ts";

export * from "./email/index.ts";
export type { ProviderLogger } from "./logger.ts";

/** Every outside service the app talks to, one port each (ARCHITECTURE.md §6). Later ports add keys. */
export interface Providers {
  email: EmailPort;
}

export interface ProvidersConfig {
  /** `SMTP_URL`; unset = local outbox adapter. */
  smtpUrl?: string | undefined;
  /** `EMAIL_FROM`. */
  emailFrom: string;
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
});

/** Which adapter backs each port, e.g. `{ email: "local" }`. */
export type ProvidersDescription = { [K in keyof Providers]: Providers[K]["adapter"] };

export const describeProviders = (providers: Providers): ProvidersDescription => ({
  email: providers.email.adapter,
});
