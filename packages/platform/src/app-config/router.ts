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
        description:
          "`network` must name the Base network of the chain this deployment runs on (payments and reward contracts): `base` (8453) or `base-sepolia` (84532); another is 422 naming what the deployment reaches. `rewardMode` is the grant mode of organizations that set none.",
      },
    })
    .input(updateAppConfigInput)
    .output(appConfigSchema)
    .mutation(({ ctx, input }) => {
      const { chain, rewardChain } = ctx.deps.providers;
      const reachableChainIds = chain.chainId === rewardChain.chainId ? [chain.chainId] : [];
      return updateAppConfig(
        { db: ctx.deps.database.db, reachableChainIds, now: ctx.deps.clock.now() },
        input,
      );
    }),
});
