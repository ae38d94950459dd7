/**
 * ARCHITECTURE §2 as data: a workspace package may depend on packages of lower layers only, or on
 * a sibling in its own layer named in `SIBLING_DEPENDENCIES`. Apps sit on top and never import one
 * another. Packages named here that do not exist yet (spec-02 domains) keep their place.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["tsconfig", "vitest-config"],
  ["core", "config", "contracts"],
  ["db", "events", "providers"],
  ["trpc"],
  ["platform"],
  ["testing"],
  ["commerce"],
  ["points"],
  ["rewards"],
  ["campaigns"],
  ["payments"],
  ["companion", "taskpool", "discovery", "enrichment"],
  ["router"],
  ["server"],
  ["client", "architecture"],
  ["api", "worker", "bench", "reliability"],
];

/** Same-layer dependencies that are allowed (none may form a cycle). */
export const SIBLING_DEPENDENCIES: readonly (readonly [string, string])[] = [
  ["events", "db"],
  ["providers", "db"],
];

/** Entry points: nothing imports them. */
export const APPS: readonly string[] = ["api", "worker"];

/**
 * What a test may import from above its package without a package.json edge: the composition root
 * (a domain's HTTP tests drive the whole app through `@tally/testing`'s harness) and the typed client
 * (response types). An edge would close a cycle (server -> router -> domain); the shared vitest
 * config and the base tsconfig resolve these two specifiers instead.
 */
export const REACHABLE_FROM_TESTS: readonly string[] = ["server", "client"];

/** Test support and benchmarks set rows up directly (fixtures), so they are exempt from table ownership. */
export const OWNERSHIP_EXEMPT: readonly string[] = ["testing", "bench"];

export const layerOf = (name: string): number => {
  const index = LAYERS.findIndex((layer) => layer.includes(name));
  if (index < 0) throw new Error(`@tally/${name} has no layer in tooling/architecture/src/layers.ts`);
  return index;
};

/** Whether `from` may depend on `to`. */
export const mayDependOn = (from: string, to: string): boolean =>
  !APPS.includes(to) &&
  (layerOf(to) < layerOf(from) || SIBLING_DEPENDENCIES.some(([a, b]) => a === from && b === to));
