export { DEFAULT_SHIPPING_API_URL, HttpShippingAdapter, type HttpShippingOptions } from "./http.ts";
export { LocalShippingAdapter, type LocalShippingOptions } from "./local.ts";
export {
  pickRate,
  type ShippingAdapterKind,
  type ShippingAddressInput,
  type ShippingLabel,
  type ShippingLabelRequest,
  type ShippingParcel,
  type ShippingPort,
  type ShippingQuoteRequest,
  type ShippingRate,
} from "./port.ts";
