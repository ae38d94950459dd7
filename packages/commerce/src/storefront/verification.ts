import { timingSafeEqual } from "node:crypto";
import { AppError } from "@tally/core";
import { storefrontConnections, storefrontShops, type Tx } from "@tally/db";
import type { Context, Principal } from "@tally/trpc";
import { and, eq, isNull } from "drizzle-orm";
import { withCreator } from "../access/scope.ts";
import {
  connectionOfCreator,
  findConnection,
  linkedProductCount,
  type StorefrontConnectionRow,
  toConnectionOutput,
} from "./service.ts";

type AuthedContext = Context & { principal: Principal };

/**
 * The one refusal of a domain that is not verified for this connection, whether the shop holds no or another
 * token, refuses the access token, or the domain is verified by another connection (of any tenant): it names
 * no tenant and tells no case from another.
 */
const unverified = () =>
  new AppError(
    "storefront_unverified",
    "The shop did not prove control of this domain: set its metafield tally.domain_verification to the connection's verificationToken, with the access token given at connect, then verify again",
  );

const sameToken = (held: string | null, expected: string): boolean => {
  if (held === null) return false;
  const [given, wanted] = [Buffer.from(held), Buffer.from(expected)];
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/**
 * Verifies the creator's PENDING connection: the shop's admin API, read with the connection's access token,
 * must hold the connection's verification token (claim, call, record: the platform is read outside any
 * transaction). Only then does the connection claim the shop domain in the global registry, whose key lets one
 * connection hold a domain; a domain held elsewhere answers the same refusal as an unverifiable one. A VERIFIED
 * connection answers as it is.
 */
export const verifyStorefront = async (ctx: AuthedContext, creatorId: string) => {
  const found = await withCreator(ctx, creatorId, async (tx, creator) => {
    const connection = await connectionOfCreator(tx, creator);
    if (connection.verifiedAt) return { kind: "verified" as const, answer: await output(tx, connection) };
    const { accessToken, verificationToken } = connection;
    if (!accessToken || !verificationToken)
      throw new AppError(
        "invalid_state",
        "Verifying reads the shop through its admin API: reconnect with an access token",
        { context: { connectionId: connection.id } },
      );
    return { kind: "pending" as const, pending: connection, accessToken, verificationToken };
  });
  if (found.kind === "verified") return found.answer;
  const held = await ctx.deps.providers.storefront.readDomainVerification({
    shopDomain: found.pending.shopDomain,
    accessToken: found.accessToken,
  });
  if (!sameToken(held, found.verificationToken)) throw unverified();
  return withCreator(ctx, creatorId, (tx) => recordVerified(tx, found.pending, ctx.deps.clock.now()));
};

const output = async (tx: Tx, connection: StorefrontConnectionRow) =>
  toConnectionOutput(connection, await linkedProductCount(tx, connection));

/**
 * Marks the connection VERIFIED (conditionally: still this connection, still pending) and claims its domain in
 * the registry; a registry key held by another connection refuses, and the transaction undoes the mark.
 */
const recordVerified = async (tx: Tx, pending: StorefrontConnectionRow, now: Date) => {
  const { organizationId, id, shopDomain } = pending;
  const [verified] = await tx
    .update(storefrontConnections)
    .set({ verifiedAt: now })
    .where(
      and(
        eq(storefrontConnections.organizationId, organizationId),
        eq(storefrontConnections.id, id),
        isNull(storefrontConnections.verifiedAt),
      ),
    )
    .returning();
  if (!verified) {
    // Verified meanwhile by a concurrent request, or disconnected.
    const current = await findConnection(tx, organizationId, id);
    if (current?.verifiedAt) return output(tx, current);
    throw new AppError("not_found", "This creator has no storefront connection");
  }
  // A registry row of this tenant whose connection is gone (its creator was deleted) must not block the shop.
  const [stale] = await tx
    .select({ connectionId: storefrontShops.connectionId })
    .from(storefrontShops)
    .where(
      and(eq(storefrontShops.organizationId, organizationId), eq(storefrontShops.shopDomain, shopDomain)),
    );
  if (stale && !(await findConnection(tx, organizationId, stale.connectionId)))
    await tx
      .delete(storefrontShops)
      .where(
        and(eq(storefrontShops.organizationId, organizationId), eq(storefrontShops.shopDomain, shopDomain)),
      );
  // Another tenant's row is invisible here (row-level security) but still conflicts on the key.
  const registered = await tx
    .insert(storefrontShops)
    .values({ shopDomain, organizationId, connectionId: id })
    .onConflictDoNothing()
    .returning({ shopDomain: storefrontShops.shopDomain });
  if (registered.length === 0) throw unverified();
  return output(tx, verified);
};
