export { HttpX402Facilitator, type HttpX402FacilitatorOptions } from "./http.ts";
export { LocalX402Facilitator, type LocalX402FacilitatorOptions } from "./local.ts";
export {
  FacilitatorUnavailableError,
  type X402Authorization,
  type X402FacilitatorAdapterKind,
  type X402FacilitatorPort,
  type X402PaymentPayload,
  type X402PaymentRequirements,
  type X402SettleResult,
  type X402VerifyResult,
} from "./port.ts";
