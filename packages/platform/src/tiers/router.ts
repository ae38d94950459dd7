import { authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { tierIdInput, tierSchema } from "./schemas.ts";
import { getTier, listTiers } from "./service.ts";

const tags = ["Administration"];

export const tiersRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/subscription-tiers", tags, summary: "List subscription tiers" },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(tierSchema))
    .query(({ ctx }) => listTiers(ctx.deps.database.db)),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/subscription-tiers/{id}",
        tags,
        summary: "Get a subscription tier",
      },
    })
    .input(tierIdInput)
    .output(tierSchema)
    .query(({ ctx, input }) => getTier(ctx.deps.database.db, input.id)),
});
