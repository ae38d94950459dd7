import { authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withCreator } from "../access/scope.ts";
import { creatorIdParam } from "../shared/schemas.ts";
import {
  connectStorefrontInput,
  storefrontConnectionSchema,
  storefrontSyncAcceptedSchema,
} from "./schemas.ts";
import {
  connectStorefront,
  disconnectStorefront,
  getStorefrontConnection,
  requestStorefrontSync,
} from "./service.ts";

const tags = ["Storefront"];

export const storefrontRouter = router({
  connect: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/storefront",
        tags,
        summary: "Connect the creator's store on the storefront platform (extension)",
        description:
          "One connection per creator, and a shop domain can be connected once across the whole platform (409 either way). The app secret verifies the platform's webhooks (`POST /webhooks/storefront`); the access token lets `POST …/storefront/sync` read the catalogue. Neither is ever returned.",
      },
      successStatus: 201,
    })
    .input(connectStorefrontInput)
    .output(storefrontConnectionSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => connectStorefront(tx, creator, input)),
    ),
  get: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/storefront",
        tags,
        summary: "Show the creator's store connection (extension)",
      },
    })
    .input(creatorIdParam)
    .output(storefrontConnectionSchema)
    .query(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => getStorefrontConnection(tx, creator)),
    ),
  disconnect: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/storefront",
        tags,
        summary: "Disconnect the store (extension): its products stay, unlinked",
      },
      successStatus: 204,
    })
    .input(creatorIdParam)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => disconnectStorefront(tx, creator)),
    ),
  sync: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/storefront/sync",
        tags,
        summary: "Import the store's catalogue in the background (extension)",
        description:
          "Queues a `storefront-products-sync` job that pages through the store's admin API and creates or updates the linked products exactly as the webhooks do. Needs a connection made with an access token (409 otherwise).",
      },
      successStatus: 202,
    })
    .input(creatorIdParam)
    .output(storefrontSyncAcceptedSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        requestStorefrontSync({ tx, events: ctx.deps.events }, creator),
      ),
    ),
});
