import type { Retirement } from "./meta.ts";

/** The headers every REST answer of a retired operation carries, built once at boot. */
export const retirementHeaders = (retirement: Retirement, basePath: string): Record<string, string> => {
  const [, successorPath] = retirement.successor.split(" ");
  return {
    Deprecation: `@${Date.parse(`${retirement.deprecatedOn}T00:00:00Z`) / 1000}`,
    Sunset: new Date(`${retirement.sunsetOn}T23:59:59Z`).toUTCString(),
    Link: `<${basePath}${successorPath}>; rel="successor-version"`,
  };
};

/** How the OpenAPI document describes a retired operation's answer headers and its replacement. */
export const retirementNote = (retirement: Retirement): string =>
  `Deprecated since ${retirement.deprecatedOn}: use \`${retirement.successor}\`. Answers until ${retirement.sunsetOn} (the Sunset header), each with Deprecation, Sunset and a Link to the successor.`;

export const retirementHeaderDocs = {
  Deprecation: {
    schema: { type: "string" },
    description: "RFC 9745: @ and the Unix time the operation was deprecated",
  },
  Sunset: {
    schema: { type: "string" },
    description: "RFC 8594: the HTTP date after which the operation may stop answering",
  },
  Link: { schema: { type: "string" }, description: 'The successor operation, rel="successor-version"' },
} as const;
