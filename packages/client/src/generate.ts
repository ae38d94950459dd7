import openapiTS, { astToString } from "openapi-typescript";

const HEADER = [
  "// Generated from the service's OpenAPI document by `pnpm --filter @tally/api generate:client-types`.",
  "// Do not edit: CI regenerates it from the served document and fails when it differs.",
  "",
].join("\n");

/** The REST types of an OpenAPI 3.1 document, as the TypeScript source committed in `src/generated/rest.generated.ts`. */
export const renderRestTypes = async (document: object): Promise<string> =>
  `${HEADER}${astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]))}`;
