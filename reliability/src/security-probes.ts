import { label, type Operation } from "./operations.ts";
import type { BolaWorld } from "./security-world.ts";

/**
 * Which calls the BOLA matrix makes for an operation, derived from its documented path alone, so a
 * new operation is probed without editing the matrix. Kinds:
 * - `user`: the victim's ids, `X-User-Id` another user of the tenant (a fan);
 * - `user-own`: the fan's own `/user/{id}` (and own objects under it) with the victim's nested deeper;
 * - `creator`: the victim's ids, `X-User-Id` a user who owns a creator, not the victim's;
 * - `creator-own`: that user's own creator (and own objects under it) with the victim's nested deeper;
 * - `guest`: keyless routes with the victim's (user) order id, and a guest order's id on every
 *   keyed order route, acting as the fan or the other creator's owner (the order id is a guest
 *   order's only capability: it gives nothing outside the guest routes);
 * - `open`: reads the spec leaves open to any user of the tenant (`OPEN_READS`).
 */
export type Kind = "user" | "user-own" | "creator" | "creator-own" | "guest" | "open";

export interface Probe {
  kind: Kind;
  operation: Operation;
  ids: Record<string, string>;
  key?: string;
  userId?: string;
  /** For `open` reads: which of the victim's secrets the answer may show. */
  mayShow: string[];
}

/** Path families whose ids name no end user's object (the role and other-tenant sweeps cover them). */
const NOT_USER_OWNED: [RegExp, string][] = [
  [/^\/admin\//, "administration: no end user owns these; ADMIN role and tenant are what guard them"],
  [/^\/webhooks\//, "signed provider callbacks: the path names an event type or a job, not an object"],
  [/^\/test-helpers\//, "sandbox helpers of test deployments: the ids are the sandbox processor's"],
];

/** Reads open to any user of the tenant, each with why, and what of the victim it may show. */
export const OPEN_READS: Record<string, { why: string; shows: string[] }> = {
  "GET /creator/{slug}": {
    why: "spec: creators by slug are public (profile, owners)",
    shows: ["creatorId", "userId"],
  },
  "GET /creator/{slug}/stats": { why: "spec: public stats", shows: ["creatorId"] },
  "GET /creator/{slug}/products": { why: "spec: published products only", shows: ["creatorId"] },
  "GET /creator/{slug}/product/{productSlug}": { why: "spec: a published product", shows: ["creatorId"] },
  "GET /creator/followers/{id}": { why: "spec: followers of a creator (public)", shows: ["userId"] },
  "GET /creator/followers/{id}/top": { why: "spec: top followers, amounts not shown", shows: ["userId"] },
  "GET /creator/followers/{id}/growth": { why: "spec: follower growth, counts only", shows: [] },
  "GET /categories/{id}": { why: "a category is global; counts only", shows: [] },
  "GET /user/username/{username}": {
    why: "spec: the integrator's lookup of a user by handle answers the User (which carries e-mail)",
    shows: ["userId", "email", "walletAddress"],
  },
  "GET /user/walletprovider/{walletProviderId}/profile": {
    why: "spec: the integrator's sign-in lookup answers the User linked to the identity",
    shows: ["userId", "email", "walletAddress"],
  },
  "GET /user/walletprovider/{walletProviderId}/creators": {
    why: "spec: the integrator's sign-in lookup of that user's creators (public profiles)",
    shows: ["creatorId", "userId"],
  },
};

/** Another's object a caller may name under their own prefix: operation -> parameter names. */
export const FOREIGN_ALLOWED: Record<string, { parameters: string[]; why: string }> = {
  "POST /user/{id}/creator/{creatorId}/followers/follow": {
    parameters: ["creatorId"],
    why: "anyone may follow any creator",
  },
  "POST /user/{id}/order/{orderId}/product/{productId}": {
    parameters: ["productId"],
    why: "any published product may be added to one's own order",
  },
};

type Scope = "no-id" | "not-user-owned" | "open" | "keyless" | "creator" | "user";

export const scopeOf = (operation: Operation): Scope => {
  if (!operation.path.includes("{")) return "no-id";
  if (NOT_USER_OWNED.some(([family]) => family.test(operation.path))) return "not-user-owned";
  if (label(operation) in OPEN_READS) return "open";
  if (!operation.secured) return "keyless";
  if (operation.path.startsWith("/creator/id/{creatorId}")) return "creator";
  return "user";
};

/** The path's parameters in order, each with the prefix that ends at it (how ids are keyed). */
const parametersOf = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1] ?? "",
    prefix: path.slice(0, (match.index ?? 0) + match[0].length),
  }));

const namesAnOrder = (operation: Operation) => /\/order\/\{\w+\}/.test(operation.path);

/**
 * For a nested path, the caller's own objects for the first `depth` parameters and the victim's
 * for the rest, for every depth: a guard that checks the prefix but not what hangs under it shows
 * here. Skipped when the attacker has no object of that kind, or when every victim parameter left
 * is one the operation lets anyone name (`FOREIGN_ALLOWED`).
 */
const ownPrefixes = (operation: Operation, world: BolaWorld): Record<string, string>[] => {
  const parameters = parametersOf(operation.path);
  const allowed = FOREIGN_ALLOWED[label(operation)]?.parameters ?? [];
  const variants: Record<string, string>[] = [];
  for (let depth = 1; depth < parameters.length; depth++) {
    const own = parameters.slice(0, depth);
    const foreign = parameters.slice(depth);
    if (foreign.every(({ name }) => allowed.includes(name))) continue;
    const ownIds = own.map(({ prefix, name }) => world.attackerIds[prefix] ?? world.attackerIds[name]);
    if (ownIds.some((id) => id === undefined)) continue;
    const ids = { ...world.victimIds };
    own.forEach(({ prefix }, index) => {
      ids[prefix] = ownIds[index] as string;
    });
    variants.push(ids);
  }
  return variants;
};

export const probesOf = (operation: Operation, world: BolaWorld): Probe[] => {
  const { victimIds, attackerIds, fan, owner, tenant } = world;
  const member = { key: tenant.memberKey, mayShow: [] as string[] };
  const asFan = { ...member, userId: fan.id };
  const asOwner = { ...member, userId: owner.id };
  const probe = (kind: Kind, ids: Record<string, string>, as: Partial<Probe>): Probe => ({
    kind,
    operation,
    ids,
    mayShow: [],
    ...as,
  });
  const scope = scopeOf(operation);
  const probes: Probe[] = [];
  if (scope === "open") {
    probes.push(probe("open", victimIds, { ...asFan, mayShow: OPEN_READS[label(operation)]?.shows ?? [] }));
  }
  if (scope === "keyless") probes.push(probe("guest", victimIds, {}));
  if (scope === "creator") {
    probes.push(probe("creator", victimIds, asOwner));
    for (const ids of ownPrefixes(operation, world)) probes.push(probe("creator-own", ids, asOwner));
  }
  if (scope === "user") {
    probes.push(probe("user", victimIds, asFan));
    for (const ids of ownPrefixes(operation, world)) probes.push(probe("user-own", ids, asFan));
  }
  if ((scope === "creator" || scope === "user") && namesAnOrder(operation)) {
    const guestOrder = world.guestOrderId;
    const ids = {
      ...victimIds,
      "/user/{id}": attackerIds["/user/{id}"] as string,
      creatorId: attackerIds.creatorId as string,
      orderId: guestOrder,
      "/creator/id/{creatorId}/order/{id}": guestOrder,
    };
    probes.push(probe("guest", ids, scope === "creator" ? asOwner : asFan));
  }
  return probes;
};
