import { parseWith } from "@tally/core";
import { z } from "zod";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Name of the template that rendered the message, kept for the outbox and logs. */
  template?: string | undefined;
  organizationId?: string | undefined;
  /**
   * Caller-chosen key (e.g. `order.paid:<orderId>:receipt`): a second send with the same key sends
   * nothing and returns the first message's id, so a retried event handler emails once.
   */
  dedupeKey?: string | undefined;
}

export interface EmailSendResult {
  /** The outbox row id of the message (the first one's, when deduplicated). */
  id: string;
  /** True when the key was already used and nothing was sent this time. */
  deduplicated: boolean;
}

export type EmailAdapterKind = "smtp" | "local";

export interface EmailPort {
  /** Which adapter backs the port, for boot listing and the live-deployment guard. */
  readonly adapter: EmailAdapterKind;
  send(message: EmailMessage): Promise<EmailSendResult>;
  /**
   * `send` for many messages, results in their order, each deduplicated on its own key. One invalid
   * message rejects the call before anything is sent.
   */
  sendMany(messages: readonly EmailMessage[]): Promise<EmailSendResult[]>;
}

/** One schema for both adapters, so the local adapter fails exactly where the real one does. */
export const emailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().trim().min(1).max(998),
  text: z.string(),
  html: z.string().optional(),
  template: z.string().min(1).max(200).optional(),
  organizationId: z.string().min(1).optional(),
  dedupeKey: z.string().min(1).max(500).optional(),
});

/** Validates a message or throws `AppError("validation_failed")` with per-field details. */
export const parseEmailMessage = (message: EmailMessage): EmailMessage => {
  return parseWith(emailMessageSchema, message, { message: "Invalid email message", whole: "message" });
};
