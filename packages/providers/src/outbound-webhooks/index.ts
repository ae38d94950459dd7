export { HttpOutboundWebhookAdapter, type HttpOutboundWebhookOptions } from "./http.ts";
export type { OutboundWebhookPort, OutboundWebhookRequest, OutboundWebhookResult } from "./port.ts";
