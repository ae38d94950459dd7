import { AppError, newId, type OffsetPagination } from "@tally/core";
import {
  categories,
  creatorOwners,
  creators,
  isUniqueViolation,
  type Tx,
  userCategories,
  users,
  wallets,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { UserRow } from "../access/scope.ts";
import type { CreatorView } from "../creators/schemas.ts";
import { presentCreator } from "../creators/service.ts";
import { walletsByUser } from "../wallets/service.ts";
import type { CreateUserInput, UpdateUserInput, User } from "./schemas.ts";

type Publisher = Pick<EventBus, "publish">;

/** The API shape of users: their wallets and interests loaded in two queries for the whole list. */
export const toUsers = async (tx: Tx, organizationId: string, rows: UserRow[]): Promise<User[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const walletMap = await walletsByUser(tx, organizationId, ids);
  const interestRows = await tx
    .select({ userId: userCategories.userId, id: categories.id, name: categories.name })
    .from(userCategories)
    .innerJoin(categories, eq(categories.id, userCategories.categoryId))
    .where(and(eq(userCategories.organizationId, organizationId), inArray(userCategories.userId, ids)))
    .orderBy(asc(categories.id));
  const interests = new Map<string, { id: number; name: string }[]>(ids.map((userId) => [userId, []]));
  for (const row of interestRows) interests.get(row.userId)?.push({ id: row.id, name: row.name });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    city: row.city,
    state: row.state,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    organizationId: row.organizationId,
    wallets: walletMap.get(row.id) ?? [],
    socialProfiles: row.socialProfiles,
    interests: interests.get(row.id) ?? [],
  }));
};

export const toUser = async (tx: Tx, row: UserRow): Promise<User> => {
  const [user] = await toUsers(tx, row.organizationId, [row]);
  if (!user) throw new Error("toUser: no row");
  return user;
};

const conflict = (field: string, message: string) =>
  new AppError("already_exists", message, { details: [{ field, message }] });

const emailTaken = () => conflict("email", "A user with this email already exists");
const usernameTaken = () => conflict("username", "This username is taken");
const identityTaken = () => conflict("walletProviderId", "This walletProviderId is already registered");
const walletTaken = () => conflict("walletAddress", "This wallet address already belongs to another user");

/** Maps a unique violation raised by a concurrent twin to the same 409 the pre-checks give. */
const uniqueConflict = (error: unknown): AppError | undefined => {
  if (!isUniqueViolation(error)) return undefined;
  if (isUniqueViolation(error, "users_email_unique")) return emailTaken();
  if (isUniqueViolation(error, "users_username_unique")) return usernameTaken();
  if (isUniqueViolation(error, "users_wallet_provider_unique")) return identityTaken();
  if (isUniqueViolation(error, "wallets_organization_id_address_pk")) return walletTaken();
  return new AppError("already_exists", "A user with these details already exists");
};

/** Runs `fn`, turning unique violations into 409s. */
export const mapUniqueViolations = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
};

export interface CreateUserContext {
  tx: Tx;
  events: Publisher;
  now: Date;
}

/**
 * `POST /user`: the identity-provider sign-in creates the user. The email (case-insensitive) and
 * the walletProviderId are unique in the organization: the tenant is the boundary, so one person
 * may use two apps built on Tally, and no organization can claim or probe another's identities.
 * A concurrent twin hits the unique index and gets the same 409. `walletAddress` alone records an
 * EXTERNAL wallet; with `walletId` it records the EMBEDDED wallet at that address. Publishes
 * `user-created` in the same transaction.
 */
export const createUser = async (
  { tx, events, now }: CreateUserContext,
  organizationId: string,
  input: CreateUserInput,
): Promise<User> => {
  if (input.walletId !== undefined && input.walletAddress === undefined) {
    throw new AppError("validation_failed", "walletId needs walletAddress: the embedded wallet's address", {
      details: [{ field: "walletAddress", message: "Required with walletId: the embedded wallet's address" }],
    });
  }
  const [sameEmail] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.emailLower, sql`lower(${input.email})`)));
  if (sameEmail) throw emailTaken();

  const userId = newId();

  const [row] = await tx
    .insert(users)
    .values({
      organizationId,
      id: userId,
      email: input.email,
      walletProviderId: input.walletProviderId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("createUser: insert returned nothing");

  if (input.walletAddress !== undefined) {
    const embedded = input.walletId !== undefined;
    const inserted = await tx
      .insert(wallets)
      .values({
        organizationId,
        address: input.walletAddress,
        userId,
        type: embedded ? "EMBEDDED" : "EXTERNAL",
        providerWalletId: embedded ? (input.walletId ?? null) : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ address: wallets.address });
    if (inserted.length === 0) throw walletTaken();
  }

  await events.publish(tx, "user-created", { organizationId, userId });
  return toUser(tx, row);
};

/** Unknown category ids -> 422 naming them. */
const assertCategories = async (tx: Tx, ids: number[]): Promise<void> => {
  if (ids.length === 0) return;
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((categoryId) => !known.has(categoryId));
  if (unknown.length > 0) {
    throw new AppError("validation_failed", undefined, {
      details: unknown.map((categoryId) => ({
        field: `categoryIds.${ids.indexOf(categoryId)}`,
        message: `Unknown category id ${categoryId}`,
      })),
    });
  }
};

/** `PATCH /user/{id}`: omitted fields are unchanged, null clears, lists are replaced. */
export const updateUser = async (
  { tx, now }: { tx: Tx; now: Date },
  user: UserRow,
  input: UpdateUserInput,
): Promise<User> => {
  const { organizationId } = user;
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined) {
    if (input.username !== null) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            sql`lower(${users.username}) = lower(${input.username})`,
            ne(users.id, user.id),
          ),
        );
      if (taken) throw usernameTaken();
    }
    set.username = input.username;
  }
  if (input.bio !== undefined) set.bio = input.bio;
  if (input.avatarUrl !== undefined) set.avatarUrl = input.avatarUrl;
  if (input.city !== undefined) set.city = input.city;
  if (input.state !== undefined) set.state = input.state;
  if (input.socialProfiles !== undefined) set.socialProfiles = input.socialProfiles ?? [];

  if (input.categoryIds !== undefined) {
    const ids = [...new Set(input.categoryIds ?? [])];
    await assertCategories(tx, ids);
    await tx
      .delete(userCategories)
      .where(and(eq(userCategories.organizationId, organizationId), eq(userCategories.userId, user.id)));
    if (ids.length > 0) {
      await tx
        .insert(userCategories)
        .values(ids.map((categoryId) => ({ organizationId, userId: user.id, categoryId })));
    }
  }

  const [row] = await tx
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, user.id)))
    .returning();
  if (!row) throw new AppError("not_found", "User not found");
  return toUser(tx, row);
};

export const findUserByUsername = async (tx: Tx, organizationId: string, username: string): Promise<User> => {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), sql`lower(${users.username}) = lower(${username})`));
  if (!row) throw new AppError("not_found", "User not found");
  return toUser(tx, row);
};

export const findUserRowByWalletProvider = async (
  tx: Tx,
  organizationId: string,
  walletProviderId: string,
): Promise<UserRow> => {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.walletProviderId, walletProviderId)));
  if (!row) throw new AppError("not_found", "User not found");
  return row;
};

/** Creators the user owns (through the owner join records), newest first. */
export const listOwnedCreators = async (
  tx: Tx,
  { organizationId, userId }: { organizationId: string; userId: string },
  page: OffsetPagination,
): Promise<{ items: CreatorView[]; total: number }> => {
  const where = and(eq(creatorOwners.organizationId, organizationId), eq(creatorOwners.userId, userId));
  const rows = await tx
    .select({ creator: creators })
    .from(creatorOwners)
    .innerJoin(
      creators,
      and(
        eq(creators.organizationId, creatorOwners.organizationId),
        eq(creators.id, creatorOwners.creatorId),
      ),
    )
    .where(where)
    .orderBy(desc(creators.createdAt), desc(creators.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(creatorOwners).where(where);
  const items: CreatorView[] = [];
  // One at a time: a transaction is one session.
  for (const row of rows) items.push(await presentCreator(tx, row.creator));
  return { items, total: total?.value ?? 0 };
};

export const getShippingAddress = (user: UserRow) => {
  if (!user.shippingAddress) throw new AppError("not_found", "No shipping address saved");
  return user.shippingAddress;
};
