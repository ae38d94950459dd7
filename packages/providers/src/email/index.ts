export { LocalEmailAdapter, type LocalEmailOptions } from "./local.ts";
export { listOutbox, type OutboxEmail } from "./outbox.ts";
export {
  type EmailAdapterKind,
  type EmailMessage,
  type EmailPort,
  type EmailSendResult,
  emailMessageSchema,
  parseEmailMessage,
} from "./port.ts";
export { SmtpEmailAdapter, type SmtpEmailOptions } from "./smtp.ts";
