import { AppError, type Clock } from "@tally/core";
import type { Executor } from "@tally/db";
import { createTransport, type Transporter } from "nodemailer";
import type { ProviderLogger } from "../logger.ts";
import { findByDedupeKey, recordOutbox } from "./outbox.ts";
import { type EmailMessage, type EmailPort, type EmailSendResult, parseEmailMessage } from "./port.ts";

export interface SmtpEmailOptions {
  /** `smtp://user:pass@host:587` or `smtps://...` (nodemailer connection URL). */
  smtpUrl: string;
  /** Envelope and header sender, e.g. `Tally <no-reply@example.com>`. */
  from: string;
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/**
 * Real adapter: delivers over SMTP, then records the message in `email_outbox`. A dedupe key that is
 * already recorded sends nothing. Order is check, send, record: a crash between send and record (or
 * two concurrent first sends) can still send twice, never zero times.
 */
export class SmtpEmailAdapter implements EmailPort {
  readonly adapter = "smtp" as const;
  readonly #options: SmtpEmailOptions;
  readonly #transport: Transporter;

  constructor(options: SmtpEmailOptions) {
    this.#options = options;
    this.#transport = createTransport(options.smtpUrl);
  }

  async send(input: EmailMessage): Promise<EmailSendResult> {
    const message = parseEmailMessage(input);
    const { db, logger, clock, from } = this.#options;
    if (message.dedupeKey) {
      const existing = await findByDedupeKey(db, message.dedupeKey);
      if (existing) {
        logger.info({ emailId: existing.id, dedupeKey: message.dedupeKey }, "email deduplicated (smtp)");
        return { id: existing.id, deduplicated: true };
      }
    }
    let messageId: string | undefined;
    try {
      const info = await this.#transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      messageId = info.messageId;
    } catch (error) {
      throw smtpError(error);
    }
    const result = await recordOutbox(db, message, clock);
    if (result.deduplicated) {
      // A concurrent send with the same key recorded first; this call did deliver a message.
      logger.warn(
        { emailId: result.id, dedupeKey: message.dedupeKey },
        "email sent twice by concurrent sends",
      );
      return { id: result.id, deduplicated: false };
    }
    logger.info(
      {
        emailId: result.id,
        messageId,
        to: message.to,
        template: message.template,
        dedupeKey: message.dedupeKey,
      },
      "email sent (smtp)",
    );
    return result;
  }

  /** SMTP takes one message per transaction: the messages go one after another. */
  async sendMany(inputs: readonly EmailMessage[]): Promise<EmailSendResult[]> {
    const messages = inputs.map(parseEmailMessage);
    const results: EmailSendResult[] = [];
    for (const message of messages) results.push(await this.send(message));
    return results;
  }

  /** Closes pooled connections (only open with `?pool=true` in the URL). */
  close(): void {
    this.#transport.close();
  }
}

/** Permanent recipient rejection -> validation_failed; anything else is retryable -> service_unavailable. */
const smtpError = (error: unknown): AppError => {
  const failure = error as { code?: string; responseCode?: number };
  if (failure.code === "EENVELOPE" && (failure.responseCode ?? 0) >= 500) {
    return new AppError("validation_failed", "Recipient rejected by the mail server", {
      details: [{ field: "to", message: "rejected by the mail server" }],
      cause: error,
    });
  }
  return new AppError("service_unavailable", "Mail server unavailable", { cause: error });
};
