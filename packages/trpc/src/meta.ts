import type { OpenApiMeta } from "trpc-to-openapi";

/**
 * Who an operation serves (docs/roles.md "Audiences"), declared beside the route:
 * - `creator`: the creator side — the creator's owner named in `X-User-Id`, or an ADMIN key
 *   (configuration, drafts, analytics, reports, participants, secrets);
 * - `fan`: the fan side — any key of the organization, with or without `X-User-Id` (what a fan's
 *   screen shows; `/user/{id}/…` routes still need `X-User-Id`, when sent, to be `{id}`);
 * - `public`: no key at all (the documents a token's contract points at).
 * The route's guard enforces it; the audience gate (reliability/) holds each guard to its declaration.
 */
export type Audience = "creator" | "fan" | "public";

/**
 * A legacy operation kept for old integrations: documented `deprecated`, and every REST answer carries
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to its successor.
 */
export interface Retirement {
  /** When it was deprecated, as YYYY-MM-DD (UTC). */
  deprecatedOn: string;
  /** The day after which it may stop answering, as YYYY-MM-DD (UTC). */
  sunsetOn: string;
  /** The operation that replaces it, as `METHOD /path` under the API's base path. */
  successor: string;
}

/** Procedure metadata: the OpenAPI route plus Tally's own facts about the operation. */
export type Meta = OpenApiMeta<{
  /** HTTP status of a successful call: 201 for creates, 204 for deletes; 200 by default. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Set by `publicProcedure`: the operation takes no API key, and the document says so. */
  auth?: "none";
  /** Who the operation serves; documented as `x-tally-audience`. */
  audience?: Audience;
  /**
   * A DELETE whose input beyond the path the spec sends as a JSON body: documented as the request body instead
   * of query parameters (the REST adapter reads both).
   */
  inputInBody?: true;
  /** Set on a legacy operation: see `Retirement`. */
  retirement?: Retirement;
}>;
