import type { Sql } from "postgres";

/**
 * drizzle runs a query as a named prepared statement only when the caller names it; otherwise
 * postgres.js sends an unnamed statement and, for a query with parameters, waits for its description
 * before binding: two round trips per query. Prepared by default (postgres.js's own default for its
 * tagged queries), each statement is parsed once per connection and then costs one round trip.
 * postgres.js recycles connections every 30 to 60 minutes, which bounds the statements one holds.
 */
export const prepareStatements = <T extends Pick<Sql, "unsafe">>(client: T): T => {
  const unsafe = client.unsafe;
  client.unsafe = ((query: string, parameters?: unknown, options?: object) =>
    Array.isArray(parameters) || parameters === undefined
      ? unsafe(query, parameters ?? [], { ...options, prepare: true })
      : unsafe(query, [], { ...(parameters as object), prepare: true })) as T["unsafe"];
  return client;
};
