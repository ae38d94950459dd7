/** A signed POST the platform makes to a URL a tenant configured (a CUSTOM_REWARD reward's webhook). */
export interface OutboundWebhookRequest {
  url: string;
  /** Sent as is: the bytes the signature covers. */
  body: string;
  headers: Record<string, string>;
}

/**
 * - `answered`: the receiver answered (any status; redirects are not followed, so a 3xx is an answer);
 * - `refused`: the URL may never be reached (not http(s), or a private, loopback, link-local or
 *   metadata address): retrying cannot help;
 * - `failed`: no answer (connection, timeout, an oversized answer): worth retrying.
 */
export type OutboundWebhookResult =
  | { outcome: "answered"; status: number }
  | { outcome: "refused"; message: string }
  | { outcome: "failed"; message: string };

export interface OutboundWebhookPort {
  readonly adapter: "http";
  post(request: OutboundWebhookRequest): Promise<OutboundWebhookResult>;
  /**
   * Why `post` would refuse `url` whatever its name resolves to (not http(s), a literal loopback, private,
   * link-local or metadata address, `localhost`), by the very check `post` makes; null when it may be tried.
   * For refusing such a URL where a tenant enters it.
   */
  refusal(url: string): string | null;
}
