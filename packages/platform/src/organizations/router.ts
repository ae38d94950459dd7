import { withTenant, withTenantStatement } from "@tally/db";
import { adminProcedure, operatorProcedure, router } from "@tally/trpc";
import { z } from "zod";
import {
  createOrganizationInput,
  organizationIdInput,
  organizationSchema,
  settingsSchema,
  updateOrganizationInput,
  updateSettingsInput,
} from "./schemas.ts";
import {
  assertOrganizationAccess,
  createOrganization,
  getOrganization,
  getSettings,
  listOrganizations,
  updateOrganization,
  updateSettings,
} from "./service.ts";

const tags = ["Administration"];

export const organizationsRouter = router({
  list: operatorProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/organizations",
        tags,
        summary: "List all organizations (OPERATOR)",
      },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(organizationSchema))
    .query(({ ctx }) => listOrganizations(ctx.deps.database.db)),
  create: operatorProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/organizations",
        tags,
        summary: "Create an organization (OPERATOR)",
      },
      successStatus: 201,
    })
    .input(createOrganizationInput)
    .output(organizationSchema)
    .mutation(({ ctx, input }) => ctx.deps.database.db.transaction((tx) => createOrganization(tx, input))),
  get: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/organizations/{id}", tags, summary: "Get an organization" },
    })
    .input(organizationIdInput)
    .output(organizationSchema)
    .query(({ ctx, input }) => {
      assertOrganizationAccess(ctx.principal, input.id);
      return withTenantStatement(ctx.deps.database.db, input.id, (tx) => getOrganization(tx, input.id));
    }),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/organizations/{id}",
        tags,
        summary: "Update an organization (extension; the tier is OPERATOR only)",
      },
    })
    .input(updateOrganizationInput)
    .output(organizationSchema)
    .mutation(async ({ ctx, input }) => {
      assertOrganizationAccess(ctx.principal, input.id);
      const organization = await withTenant(ctx.deps.database.db, input.id, (tx) =>
        updateOrganization({ tx, now: ctx.deps.clock.now() }, ctx.principal, input),
      );
      // The NOTIFY reaches this instance too, but only after the response may have gone: flush now
      // (after the commit) so the caller's next request already runs under the new tier.
      if (input.subscriptionTierId !== undefined) ctx.deps.services.platform.authenticator.flush();
      return organization;
    }),
  getSettings: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/organizations/{id}/settings",
        tags,
        summary: "Get organization settings",
      },
    })
    .input(organizationIdInput)
    .output(settingsSchema)
    .query(({ ctx, input }) => {
      assertOrganizationAccess(ctx.principal, input.id);
      return withTenant(ctx.deps.database.db, input.id, (tx) => getSettings(tx, input.id));
    }),
  updateSettings: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/organizations/{id}/settings",
        tags,
        summary: "Update organization settings (applicationFeeBps and payoutHoldDays are OPERATOR only)",
      },
    })
    .input(updateSettingsInput)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => {
      assertOrganizationAccess(ctx.principal, input.id);
      return withTenant(ctx.deps.database.db, input.id, (tx) =>
        updateSettings({ db: tx, now: ctx.deps.clock.now() }, ctx.principal, input),
      );
    }),
});
