import { label, type Operation } from "./operations.ts";
import type { BolaWorld } from "./security-world.ts";

/**
 * Which calls the BOLA matrix makes for an operation, derived from its documented path alone, so a
 * new operation is probed without editing the matrix. Kinds:
 * - `user`: the victim's ids, `X-User-Id` another user of the tenant (a fan);
 * - `user-own`: the fan's own `/user/{id}` (and own objects under it) with the victim's nested deeper;
 * - `creator`: the victim's ids, `X-User-Id` a user who owns a creator, not the victim's (also on a
 *   creator's object named by its own id, a reward, and on a create naming the victim's creator in
 *   its body, `POST /nft-reward`, which then is probed as the fan, `user`, too);
 * - `creator-own`: that user's own creator (and own objects under it) with the victim's nested deeper,
 *   or named in the query or body beside the victim's creator's object (a reward);
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

/**
 * Paths that name a creator's object without its creator (a reward, an airdrop): the object's creator's
 * ownership guards it, so they are probed as another creator's owner, as a user who owns none, and with
 * the prober's own creator in the query or body, once for each of the victim's objects of the kind.
 */
const CREATOR_OBJECTS = /^\/(nft-reward|airdrop)\/\{id\}/;

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

/**
 * What of the victim a read the route declares fan side or public (`x-tally-audience`) may show: the
 * public face of the victim's creator, published programme and presale on sale. The rest (drafts, e-mails, wallets,
 * orders) must still never show.
 */
export const FAN_SIDE_SHOWS = ["creatorId", "publishedRewardId", "rewardContract", "airdropId", "presaleId"];

/** Reads open to any key of the tenant: listed above, or declared fan side or public beside the route. */
const isOpenRead = (operation: Operation) =>
  label(operation) in OPEN_READS ||
  (operation.method === "GET" &&
    (operation.audience === "public" ||
      (operation.audience === "fan" && !operation.path.startsWith("/user/{id}"))));

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
  "POST /user/{id}/token-presales/{presaleId}/purchase": {
    parameters: ["presaleId"],
    why: "any user of the organization may buy any creator's presale",
  },
};

type Scope =
  | "no-id"
  | "creator-in-body"
  | "not-user-owned"
  | "open"
  | "keyless"
  | "creator"
  | "creator-object"
  | "user";

/** A create with no path id whose body names the creator it creates for (`POST /nft-reward`). */
const requiresCreator = (operation: Operation) =>
  ((operation.body?.required as string[] | undefined) ?? []).includes("creatorId");

export const scopeOf = (operation: Operation): Scope => {
  if (!operation.path.includes("{"))
    return operation.secured && requiresCreator(operation) ? "creator-in-body" : "no-id";
  if (NOT_USER_OWNED.some(([family]) => family.test(operation.path))) return "not-user-owned";
  if (isOpenRead(operation)) return "open";
  if (!operation.secured) return "keyless";
  if (operation.path.startsWith("/creator/id/{creatorId}")) return "creator";
  if (CREATOR_OBJECTS.test(operation.path)) return "creator-object";
  return "user";
};

/** The path's parameters in order, each with the prefix that ends at it (how ids are keyed). */
const parametersOf = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1] ?? "",
    prefix: path.slice(0, (match.index ?? 0) + match[0].length),
  }));

/** The operation takes a creator id beside the path's ids (query or body). */
const namesACreator = (operation: Operation) =>
  operation.parameters.some((parameter) => parameter.name === "creatorId") ||
  "creatorId" in ((operation.body?.properties as Record<string, unknown> | undefined) ?? {});

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
    probes.push(
      probe("open", victimIds, { ...asFan, mayShow: OPEN_READS[label(operation)]?.shows ?? FAN_SIDE_SHOWS }),
    );
  }
  if (scope === "keyless") probes.push(probe("guest", victimIds, {}));
  if (scope === "creator") {
    probes.push(probe("creator", victimIds, asOwner));
    for (const ids of ownPrefixes(operation, world)) probes.push(probe("creator-own", ids, asOwner));
  }
  if (scope === "creator-in-body")
    probes.push(probe("creator", victimIds, asOwner), probe("user", victimIds, asFan));
  if (scope === "creator-object") {
    for (const rewardId of world.victimRewardIds) {
      const ids = { ...victimIds, "/nft-reward/{id}": rewardId };
      probes.push(probe("creator", ids, asOwner), probe("user", ids, asFan));
      const ownCreator = attackerIds.creatorId as string;
      if (namesACreator(operation))
        probes.push(probe("creator-own", { ...ids, creatorId: ownCreator }, asOwner));
    }
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
