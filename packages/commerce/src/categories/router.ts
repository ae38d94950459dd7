import { authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { inTenant } from "../access/scope.ts";
import { categoryDetailsSchema, categoryIdInput, categorySchema } from "./schemas.ts";
import { getCategoryDetails, listCategories } from "./service.ts";

const tags = ["Categories"];

export const categoriesRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: "GET", path: "/categories", tags, summary: "List the product categories" } })
    .input(z.strictObject({}))
    .output(z.array(categorySchema))
    .query(({ ctx }) => inTenant(ctx, (tx) => listCategories(tx))),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/categories/{id}",
        tags,
        summary: "Get a category with its published product and creator counts in the caller's organization",
      },
    })
    .input(categoryIdInput)
    .output(categoryDetailsSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, (tx) => getCategoryDetails(tx, ctx.principal.organizationId, input.id)),
    ),
});
