import { AppError, newId } from "@tally/core";
import {
  categories,
  creatorCategories,
  creatorOwners,
  creators,
  type Executor,
  isUniqueViolation,
  type Tx,
  users,
} from "@tally/db";
import { assertTierAllowsAnother } from "@tally/platform";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { CreatorRow, UserRow } from "../access/scope.ts";
import { followerCounts, productCounts, salesSummary } from "../insights/queries.ts";
import {
  type CreatorView,
  DISPLAY_NAME_MAX,
  displayNameProblem,
  type NameProblem,
  normaliseSlug,
  type PublicCreatorView,
  slugProblem,
} from "./schemas.ts";

/** The spec's public fields of a creator. */
export const presentPublicCreator = (row: CreatorRow): PublicCreatorView => ({
  id: row.id,
  slug: row.slug,
  displayName: row.displayName,
  description: row.description,
  avatarUrl: row.avatarUrl,
  heroUrl: row.heroUrl,
  flatShippingRate: row.flatShippingRate,
  socialProfiles: row.socialProfiles,
  createdAt: row.createdAt,
});

/** The full creator (owners' view): public fields, loyalty settings, categories and owners. */
export const presentCreator = async (tx: Executor, row: CreatorRow): Promise<CreatorView> => {
  // Sequential on purpose: one transaction is one session.
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(creatorCategories)
    .innerJoin(categories, eq(categories.id, creatorCategories.categoryId))
    .where(
      and(eq(creatorCategories.organizationId, row.organizationId), eq(creatorCategories.creatorId, row.id)),
    )
    .orderBy(asc(categories.id));
  const ownerRows = await tx
    .select({ userId: creatorOwners.userId, username: users.username, since: creatorOwners.createdAt })
    .from(creatorOwners)
    .innerJoin(
      users,
      and(eq(users.organizationId, creatorOwners.organizationId), eq(users.id, creatorOwners.userId)),
    )
    .where(and(eq(creatorOwners.organizationId, row.organizationId), eq(creatorOwners.creatorId, row.id)))
    .orderBy(asc(creatorOwners.createdAt), asc(creatorOwners.userId));
  return {
    ...presentPublicCreator(row),
    organizationId: row.organizationId,
    pointsAccepted: row.pointsAccepted,
    pointsPerDollar: row.pointsPerDollar,
    categories: categoryRows,
    owners: ownerRows,
    updatedAt: row.updatedAt,
  };
};

/** 422 naming the category ids that do not exist; returns the distinct ids. */
const assertCategoriesExist = async (tx: Executor, ids: readonly number[]): Promise<number[]> => {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return distinct;
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, distinct));
  const known = new Set(found.map((row) => row.id));
  const unknown = distinct.filter((categoryId) => !known.has(categoryId));
  if (unknown.length > 0) {
    throw new AppError("validation_failed", undefined, {
      details: unknown.map((categoryId) => ({
        field: `categoryIds.${ids.indexOf(categoryId)}`,
        message: `Unknown category ${categoryId}`,
      })),
    });
  }
  return distinct;
};

const slugTaken = async (tx: Executor, organizationId: string, slug: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(and(eq(creators.organizationId, organizationId), eq(creators.slug, slug)));
  return row !== undefined;
};

const displayNameTaken = async (
  tx: Executor,
  organizationId: string,
  displayName: string,
  exceptCreatorId?: string,
): Promise<boolean> => {
  const [row] = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(
      and(
        eq(creators.organizationId, organizationId),
        sql`lower(${creators.displayName}) = lower(${displayName})`,
        exceptCreatorId === undefined ? undefined : ne(creators.id, exceptCreatorId),
      ),
    );
  return row !== undefined;
};

const alreadyExists = (field: "slug" | "displayName", value: string): AppError =>
  new AppError("already_exists", `A creator with this ${field} already exists`, {
    details: [{ field, message: `"${value}" is already taken in this organization` }],
  });

/** Maps a unique violation on the creators table to the 409 naming the field. */
const rethrowUnique = (error: unknown, input: { slug?: string; displayName?: string }): never => {
  if (isUniqueViolation(error, "creators_slug_unique") && input.slug !== undefined) {
    throw alreadyExists("slug", input.slug);
  }
  if (isUniqueViolation(error, "creators_display_name_unique") && input.displayName !== undefined) {
    throw alreadyExists("displayName", input.displayName);
  }
  throw error;
};

export interface CreateCreatorInput {
  displayName: string;
  slug: string;
  categoryIds: number[];
}

/**
 * Creates a creator owned by `user`. The organization row is locked first, so concurrent creates in
 * one organization run one at a time: the tier's `maxCreators` and the uniqueness checks both hold.
 */
export const createCreator = async (
  { tx, now }: { tx: Tx; now: Date },
  user: UserRow,
  input: CreateCreatorInput,
): Promise<CreatorView> => {
  const organizationId = user.organizationId;
  const categoryIdList = await assertCategoriesExist(tx, input.categoryIds);

  await assertTierAllowsAnother(tx, {
    organizationId,
    limit: "maxCreators",
    noun: "creators",
    countExisting: async () => {
      const [existing] = await tx
        .select({ n: count() })
        .from(creators)
        .where(eq(creators.organizationId, organizationId));
      return existing?.n ?? 0;
    },
  });

  if (await slugTaken(tx, organizationId, input.slug)) throw alreadyExists("slug", input.slug);
  if (await displayNameTaken(tx, organizationId, input.displayName)) {
    throw alreadyExists("displayName", input.displayName);
  }

  const id = newId();
  let row: CreatorRow;
  try {
    [row] = (await tx
      .insert(creators)
      .values({
        organizationId,
        id,
        slug: input.slug,
        displayName: input.displayName,
        createdAt: now,
        updatedAt: now,
      })
      .returning()) as [CreatorRow];
  } catch (error) {
    rethrowUnique(error, input);
    throw error;
  }
  await tx.insert(creatorOwners).values({ organizationId, creatorId: id, userId: user.id, createdAt: now });
  if (categoryIdList.length > 0) {
    await tx
      .insert(creatorCategories)
      .values(categoryIdList.map((categoryId) => ({ organizationId, creatorId: id, categoryId })));
  }
  return presentCreator(tx, row);
};

interface Availability {
  value: string;
  available: boolean;
  reason?: "taken" | NameProblem;
  message?: string;
}

const problemMessages: Record<"taken" | NameProblem, (what: string) => string> = {
  taken: (what) => `Another creator in this organization already uses this ${what}`,
  reserved: (what) => `This ${what} is reserved for the API's own routes`,
  invalid: (what) =>
    what === "slug"
      ? "A slug has 3-50 lowercase letters, digits or hyphens, starting and ending with a letter or digit"
      : `A display name has 1-${DISPLAY_NAME_MAX} characters`,
};

const availability = (
  value: string,
  what: string,
  reason: "taken" | NameProblem | undefined,
): Availability =>
  reason === undefined
    ? { value, available: true }
    : { value, available: false, reason, message: problemMessages[reason](what) };

/** Whether a slug and a display name could be used for a new creator right now (not a reservation). */
export const checkAvailability = async (
  tx: Executor,
  organizationId: string,
  input: { displayName: string; slug: string },
) => {
  const slug = normaliseSlug(input.slug);
  const displayName = input.displayName.trim();
  const slugReason =
    slugProblem(slug) ?? ((await slugTaken(tx, organizationId, slug)) ? ("taken" as const) : undefined);
  const nameReason =
    displayNameProblem(displayName) ??
    ((await displayNameTaken(tx, organizationId, displayName)) ? ("taken" as const) : undefined);
  const slugResult = availability(slug, "slug", slugReason);
  const nameResult = availability(displayName, "display name", nameReason);
  return {
    slug: slugResult,
    displayName: nameResult,
    available: slugResult.available && nameResult.available,
  };
};

export interface UpdateCreatorInput {
  displayName?: string | undefined;
  description?: string | null | undefined;
  avatarUrl?: string | null | undefined;
  heroUrl?: string | null | undefined;
  flatShippingRate?: number | undefined;
  socialProfiles?: { platform: string; url: string }[] | undefined;
  categoryIds?: number[] | undefined;
  pointsAccepted?: "SELF" | "ALL" | undefined;
  pointsPerDollar?: number | undefined;
}

/** Omitted fields are unchanged; null clears a nullable field (description becomes ""). */
export const updateCreator = async (
  { tx, now }: { tx: Tx; now: Date },
  creator: CreatorRow,
  input: UpdateCreatorInput,
): Promise<CreatorView> => {
  const { organizationId, id } = creator;
  const categoryIdList =
    input.categoryIds === undefined ? undefined : await assertCategoriesExist(tx, input.categoryIds);
  if (
    input.displayName !== undefined &&
    (await displayNameTaken(tx, organizationId, input.displayName, id))
  ) {
    throw alreadyExists("displayName", input.displayName);
  }
  const changes: Partial<typeof creators.$inferInsert> = { updatedAt: now };
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.description !== undefined) changes.description = input.description ?? "";
  if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl;
  if (input.heroUrl !== undefined) changes.heroUrl = input.heroUrl;
  if (input.flatShippingRate !== undefined) changes.flatShippingRate = input.flatShippingRate;
  if (input.socialProfiles !== undefined) changes.socialProfiles = input.socialProfiles;
  if (input.pointsAccepted !== undefined) changes.pointsAccepted = input.pointsAccepted;
  if (input.pointsPerDollar !== undefined) changes.pointsPerDollar = input.pointsPerDollar;
  let row: CreatorRow;
  try {
    [row] = (await tx
      .update(creators)
      .set(changes)
      .where(and(eq(creators.organizationId, organizationId), eq(creators.id, id)))
      .returning()) as [CreatorRow];
  } catch (error) {
    rethrowUnique(error, input);
    throw error;
  }
  if (categoryIdList !== undefined) {
    await tx
      .delete(creatorCategories)
      .where(and(eq(creatorCategories.organizationId, organizationId), eq(creatorCategories.creatorId, id)));
    if (categoryIdList.length > 0) {
      await tx
        .insert(creatorCategories)
        .values(categoryIdList.map((categoryId) => ({ organizationId, creatorId: id, categoryId })));
    }
  }
  return presentCreator(tx, row);
};

/** A creator by slug (case-insensitive: slugs are stored in lower case); 404 when unknown. */
export const findCreatorBySlug = async (
  tx: Executor,
  organizationId: string,
  slug: string,
): Promise<CreatorRow> => {
  const [row] = await tx
    .select()
    .from(creators)
    .where(and(eq(creators.organizationId, organizationId), eq(creators.slug, normaliseSlug(slug))));
  if (!row) throw new AppError("not_found", "Creator not found");
  return row;
};

/** Public-safe numbers only: no money, no per-buyer data. */
export const creatorPublicStats = async ({ tx, now }: { tx: Executor; now: Date }, creator: CreatorRow) => {
  const followers = await followerCounts(tx, creator.organizationId, { creatorId: creator.id, since: now });
  const products = await productCounts(tx, creator.organizationId, creator.id);
  const sales = await salesSummary(tx, creator.organizationId, { creatorId: creator.id, since: now });
  return {
    creatorId: creator.id,
    slug: creator.slug,
    followerCount: followers.total,
    productCount: products.PUBLISHED,
    orderCount: sales.orderCount,
    itemsSold: sales.itemsSold,
    customerCount: sales.customerCount,
    createdAt: creator.createdAt,
  };
};
