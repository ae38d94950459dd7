import { adminProcedure, router } from "@tally/trpc";
import { z } from "zod";
import {
  apiKeyIdInput,
  apiKeySchema,
  createApiKeyInput,
  createdApiKeySchema,
  listApiKeysInput,
  rotatedApiKeySchema,
  updateApiKeyInput,
} from "./schemas.ts";
import { createApiKey, deleteApiKey, getApiKey, listApiKeys, rotateApiKey, updateApiKey } from "./service.ts";

const tags = ["API keys"];

export const apiKeysRouter = router({
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/api-keys",
        tags,
        summary: "Create an API key (value shown once)",
      },
      successStatus: 201,
    })
    .input(createApiKeyInput)
    .output(createdApiKeySchema)
    .mutation(({ ctx, input }) => createApiKey(ctx.deps.services.platform.keys, ctx.principal, input)),
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/api-keys", tags, summary: "List API keys (values masked)" },
    })
    .input(listApiKeysInput)
    .output(z.array(apiKeySchema))
    .query(({ ctx, input }) => listApiKeys(ctx.deps.services.platform.keys, ctx.principal, input)),
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/api-keys/{id}", tags, summary: "Get an API key" } })
    .input(apiKeyIdInput)
    .output(apiKeySchema)
    .query(({ ctx, input }) => getApiKey(ctx.deps.services.platform.keys, ctx.principal, input.id)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/api-keys/{id}",
        tags,
        summary: "Activate, deactivate or rename a key",
      },
    })
    .input(updateApiKeyInput)
    .output(apiKeySchema)
    .mutation(({ ctx, input }) => updateApiKey(ctx.deps.services.platform.keys, ctx.principal, input)),
  rotate: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/api-keys/{id}/rotate",
        tags,
        summary: "Rotate a key: new value under the same id; the old value stops working at once",
      },
    })
    .input(apiKeyIdInput)
    .output(rotatedApiKeySchema)
    .mutation(({ ctx, input }) => rotateApiKey(ctx.deps.services.platform.keys, ctx.principal, input.id)),
  delete: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/admin/api-keys/{id}", tags, summary: "Delete a key permanently" },
      successStatus: 204,
    })
    .input(apiKeyIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteApiKey(ctx.deps.services.platform.keys, ctx.principal, input.id)),
});
