import { operatorProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { appConfigSchema, updateAppConfigInput } from "./schemas.ts";
import { getAppConfig, updateAppConfig } from "./service.ts";

const tags = ["Administration"];

export const appConfigRouter = router({
  get: operatorProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/app-config",
        tags,
        summary: "Get the global configuration (OPERATOR)",
      },
    })
    .input(z.strictObject({}).optional())
    .output(appConfigSchema)
    .query(({ ctx }) => getAppConfig(ctx.deps.database.db)),
  update: operatorProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/app-config",
        tags,
        summary: "Update the global configuration (OPERATOR)",
      },
    })
    .input(updateAppConfigInput)
    .output(appConfigSchema)
    .mutation(({ ctx, input }) => updateAppConfig(ctx.deps.database.db, input)),
});
