import type { TestHarness, TestResponse } from "@tally/testing";
import fc from "fast-check";
import { fuzzedText, fuzzedValue, hostileStrings } from "./arbitraries.ts";
import type { FuzzWorld } from "./fuzz-world.ts";
import { type Operation, urlFor } from "./operations.ts";

/** One fuzzed call: the URL's values, the headers, and the body as it goes on the wire. */
export interface FuzzCase {
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  /** Sends the tenant's ADMIN key: always for a secured operation, sometimes for a keyless one. */
  keyed: boolean;
  body:
    | { kind: "none" }
    | { kind: "json"; value: unknown }
    | { kind: "raw"; text: string; contentType: string };
}

/** Header values: printable ASCII only (anything else cannot be sent at all). */
const headerText = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
  fc.constantFrom(...hostileStrings.filter((text) => /^[\x20-\x7e]*$/.test(text))),
);

const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined, freq: 3 });

/** A path parameter: mostly a real id (of the right kind, or of any kind), else a fuzzed value. */
const pathValue = (operation: Operation, name: string, world: FuzzWorld): fc.Arbitrary<string> => {
  const position = operation.path.indexOf(`{${name}}`);
  const prefix = operation.path.slice(0, position + name.length + 2);
  const real = world.ids[prefix] ?? world.ids[name];
  const schema = operation.parameters.find((parameter) => parameter.name === name)?.schema ?? {};
  const options = [
    { arbitrary: fc.constantFrom(...world.allIds), weight: 1 },
    { arbitrary: fuzzedText(schema), weight: 2 },
  ];
  if (real) options.push({ arbitrary: fc.constant(real), weight: 4 });
  return fc.oneof(...options);
};

const bodyOf = (operation: Operation): fc.Arbitrary<FuzzCase["body"]> => {
  const value = operation.body ? fuzzedValue(operation.body) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    { arbitrary: value.map((json) => ({ kind: "json" as const, value: json })), weight: 6 },
    { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          value,
          fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", ""),
        )
        .map(([json, contentType]) => ({
          kind: "raw" as const,
          text: JSON.stringify(json) ?? "",
          contentType,
        })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('{"a":', "[1,2", "{'single':1}", "\u0000", "", "null", "{}".repeat(1000))
        .map((text) => ({ kind: "raw" as const, text, contentType: "application/json" })),
      weight: 1,
    },
  );
};

/** Every fuzzed part of a call to `operation`, from its own schemas. */
export const fuzzCase = (operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzCase> => {
  const pathNames = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const queries = operation.parameters.filter((p) => p.in === "query");
  const headers = operation.parameters.filter((p) => p.in === "header");
  const userId = fc.oneof(fc.constantFrom(...world.userIds), headerText);
  return fc.record({
    path: fc.record(Object.fromEntries(pathNames.map((name) => [name, pathValue(operation, name, world)]))),
    query: fc
      .tuple(
        ...queries.map((query) =>
          optional(fuzzedText(query.schema)).map((value) => [query.name, value] as const),
        ),
        optional(fc.constant("1")).map((value) => ["unknownParam", value] as const),
      )
      .map((pairs) =>
        pairs
          .filter((pair): pair is [string, string] => pair[1] !== undefined)
          .map(([name, value]) => [name, value]),
      ),
    headers: fc
      .tuple(
        ...headers.map((header) =>
          optional(header.name === "X-User-Id" ? userId : headerText).map(
            (value) => [header.name, value] as const,
          ),
        ),
      )
      .map(
        (pairs) =>
          Object.fromEntries(pairs.filter(([, value]) => value !== undefined)) as Record<string, string>,
      ),
    keyed: operation.secured
      ? fc.constant(true)
      : fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    body: operation.method === "GET" ? fc.constant({ kind: "none" as const }) : bodyOf(operation),
  });
};

export const urlOf = (operation: Operation, fuzz: FuzzCase): string => {
  const url = urlFor(operation.path, fuzz.path, () => "");
  const query = fuzz.query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
  return query ? `${url}?${query}` : url;
};

/** How long a 429 is honoured before the case gives up (a 429 is not what the gate tests). */
const MAX_RETRIES = 8;

/** Sends the case (with the tenant's ADMIN key when it says so); honours Retry-After. */
export const sendCase = async (
  h: TestHarness,
  operation: Operation,
  fuzz: FuzzCase,
  key: string | undefined,
): Promise<TestResponse> => {
  const headers = { ...fuzz.headers };
  const options =
    fuzz.body.kind === "json"
      ? { body: fuzz.body.value, headers: { ...headers, "content-type": "application/json" } }
      : fuzz.body.kind === "raw"
        ? {
            rawBody: fuzz.body.text,
            headers: fuzz.body.contentType ? { ...headers, "content-type": fuzz.body.contentType } : headers,
          }
        : { headers };
  const request = { ...options, ...(fuzz.keyed ? { key } : {}) };
  for (let attempt = 0; ; attempt++) {
    const response = await h.request(operation.method, urlOf(operation, fuzz), request);
    if (response.status !== 429 || attempt >= MAX_RETRIES) return response;
    const seconds = Number(response.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 0.2), 5) * 1000));
  }
};
