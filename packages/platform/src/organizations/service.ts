import { AppError, newId } from "@tally/core";
import {
  type Executor,
  organizationSettings,
  organizations,
  preparedQuery,
  subscriptionTiers,
  type Tx,
} from "@tally/db";
import type { Principal } from "@tally/trpc";
import { asc, eq, sql } from "drizzle-orm";
import { CHAIN_IS_THE_DEPLOYMENTS, refuseInertChange } from "../app-config/inert-settings.ts";
import { notifyKeyChanged } from "../auth/key-changes.ts";
import type { UpdateSettingsInput } from "./schemas.ts";

/** An organization is visible to OPERATOR keys and to keys of that organization; to others it does not exist. */
export const assertOrganizationAccess = (principal: Principal, organizationId: string): void => {
  if (principal.role !== "OPERATOR" && principal.organizationId !== organizationId) {
    throw new AppError("not_found", "Organization not found");
  }
};

const assertTierExists = async (db: Executor, tierId: string): Promise<void> => {
  const [tier] = await db
    .select({ id: subscriptionTiers.id })
    .from(subscriptionTiers)
    .where(eq(subscriptionTiers.id, tierId));
  if (!tier) {
    throw new AppError("validation_failed", undefined, {
      details: [{ field: "subscriptionTierId", message: "No such subscription tier" }],
    });
  }
};

export const createOrganization = async (
  db: Executor,
  input: { name: string; domain?: string | null | undefined; subscriptionTierId: string; id?: string },
) => {
  await assertTierExists(db, input.subscriptionTierId);
  const id = input.id ?? newId();
  const [organization] = await db
    .insert(organizations)
    .values({
      id,
      name: input.name,
      domain: input.domain ?? null,
      subscriptionTierId: input.subscriptionTierId,
    })
    .returning();
  await db.insert(organizationSettings).values({ organizationId: id });
  return organization!;
};

export const listOrganizations = (db: Executor) =>
  db.select().from(organizations).orderBy(asc(organizations.createdAt));

const organizationById = preparedQuery<{ id: string }, (typeof organizations.$inferSelect)[]>(
  "organization_by_id",
  (db) =>
    db
      .select()
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder("id"))),
);

/** One statement (`withTenantStatement` can carry it). */
export const getOrganization = async (db: Executor, id: string) => {
  const [organization] = await organizationById(db, { id });
  if (!organization) throw new AppError("not_found", "Organization not found");
  return organization;
};

export const updateOrganization = async (
  { tx: db, now }: { tx: Tx; now: Date },
  principal: Principal,
  input: {
    id: string;
    name?: string | undefined;
    domain?: string | null | undefined;
    subscriptionTierId?: string | undefined;
  },
) => {
  if (input.subscriptionTierId !== undefined) {
    if (principal.role !== "OPERATOR")
      throw new AppError("role_required", "Only an OPERATOR key can change the tier");
    await assertTierExists(db, input.subscriptionTierId);
  }
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.domain === undefined ? {} : { domain: input.domain }),
    ...(input.subscriptionTierId === undefined ? {} : { subscriptionTierId: input.subscriptionTierId }),
  };
  const [organization] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizations.id, input.id))
    .returning();
  if (!organization) throw new AppError("not_found", "Organization not found");
  // Cached principals carry the tier: flush them on every instance.
  if (input.subscriptionTierId !== undefined) await notifyKeyChanged(db, `organization:${input.id}`);
  return organization;
};

export const getSettings = async (db: Executor, organizationId: string) => {
  const [settings] = await db
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (!settings) throw new AppError("not_found", "Organization not found");
  return settings;
};

const OPERATOR_ONLY_SETTINGS = ["applicationFeeBps", "payoutHoldDays"] as const;

export const updateSettings = async (
  { db, now }: { db: Executor; now: Date },
  principal: Principal,
  input: UpdateSettingsInput,
) => {
  const { id, x402PayToAddress, defaultChainId, ...fields } = input;
  if (defaultChainId !== undefined) {
    const current = await getSettings(db, id);
    refuseInertChange({
      field: "defaultChainId",
      current: current.defaultChainId,
      requested: defaultChainId,
      why: CHAIN_IS_THE_DEPLOYMENTS,
    });
  }
  for (const field of OPERATOR_ONLY_SETTINGS) {
    if (fields[field] !== undefined && principal.role !== "OPERATOR") {
      throw new AppError("role_required", `Only an OPERATOR key can change ${field}`);
    }
  }
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (x402PayToAddress !== undefined) changes.x402WalletAddress = x402PayToAddress;
  const [settings] = await db
    .update(organizationSettings)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizationSettings.organizationId, id))
    .returning();
  if (!settings) throw new AppError("not_found", "Organization not found");
  return settings;
};
