export {
  CARDPROC_SIGNATURE_HEADER,
  type CardIntentStatus,
  type CardPaymentIntent,
  type CardProcessorAdapterKind,
  CardProcessorError,
  type CardProcessorEvent,
  type CardProcessorPort,
  type CreatePaymentIntentInput,
  DEV_CARDPROC_WEBHOOK_SECRET,
} from "./port.ts";
export {
  ACCOUNT_UPDATED_PATH,
  type CardprocDeliver,
  type SandboxAccountUpdate,
  SandboxCardProcessor,
  type SandboxCardProcessorOptions,
  type SandboxDelivery,
  type SandboxIntentOutcome,
  TRANSFER_CREATED_PATH,
} from "./sandbox.ts";
export {
  signCardprocPayload,
  verifyCardprocEvent,
} from "./signature.ts";
export { StripeCardProcessor, type StripeCardProcessorOptions } from "./stripe.ts";
