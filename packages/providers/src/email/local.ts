import type { Clock } from "@tally/core";
import type { Executor } from "@tally/db";
import type { ProviderLogger } from "../logger.ts";
import { recordOutboxMany } from "./outbox.ts";
import { type EmailMessage, type EmailPort, type EmailSendResult, parseEmailMessage } from "./port.ts";

export { listOutbox, type OutboxEmail } from "./outbox.ts";

export interface LocalEmailOptions {
  db: Executor;
  logger: ProviderLogger;
  clock?: Clock | undefined;
}

/** Local adapter: nothing leaves the process; the message lands in `email_outbox` and the log. */
export class LocalEmailAdapter implements EmailPort {
  readonly adapter = "local" as const;
  readonly #options: LocalEmailOptions;

  constructor(options: LocalEmailOptions) {
    this.#options = options;
  }

  async send(input: EmailMessage): Promise<EmailSendResult> {
    return (await this.sendMany([input]))[0]!;
  }

  /** One insert for all the messages (and one read of the dedupe keys already used). */
  async sendMany(inputs: readonly EmailMessage[]): Promise<EmailSendResult[]> {
    const messages = inputs.map(parseEmailMessage);
    const results = await recordOutboxMany(this.#options.db, messages, this.#options.clock);
    messages.forEach((message, index) => {
      const result = results[index]!;
      this.#options.logger.info(
        {
          emailId: result.id,
          deduplicated: result.deduplicated,
          to: message.to,
          subject: message.subject,
          template: message.template,
          organizationId: message.organizationId,
          dedupeKey: message.dedupeKey,
          text: result.deduplicated ? undefined : message.text,
        },
        result.deduplicated ? "email deduplicated (local outbox)" : "email written to local outbox",
      );
    });
    return results;
  }
}
