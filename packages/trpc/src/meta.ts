import type { OpenApiMeta } from "trpc-to-openapi";

/** Procedure metadata: the OpenAPI route plus Tally's own facts about the operation. */
export type Meta = OpenApiMeta<{
  /** HTTP status of a successful call: 201 for creates, 204 for deletes; 200 by default. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Set by `publicProcedure`: the operation takes no API key, and the document says so. */
  auth?: "none";
  /**
   * A DELETE whose input beyond the path the spec sends as a JSON body: documented as the request body instead
   * of query parameters (the REST adapter reads both).
   */
  inputInBody?: true;
}>;
