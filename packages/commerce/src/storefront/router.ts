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
import { verifyStorefront } from "./verification.ts";

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
          "The connection starts PENDING with a `verificationToken`: it holds no shop domain until the shop proves control (`POST …/storefront/verify`), so a domain connected elsewhere is not refused (nor revealed) here. One connection per creator (409 `already_exists`). The app secret verifies the platform's webhooks (`POST /webhooks/storefront`); the access token lets verification and `POST …/storefront/sync` read the shop's admin API. Neither is ever returned.",
      },
      successStatus: 201,
    })
    .input(connectStorefrontInput)
    .output(storefrontConnectionSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) => connectStorefront(tx, creator, input)),
    ),
  verify: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/storefront/verify",
        tags,
        summary: "Verify the shop's domain: the connection becomes VERIFIED and holds the domain (extension)",
        description:
          "Set the shop's metafield `tally.domain_verification` (namespace `tally`, key `domain_verification`) to the connection's `verificationToken` in the shop's admin, then call this: Tally reads it through the shop's admin API with the connection's access token. When it matches, the connection is VERIFIED and holds the domain across the platform: only then are the shop's webhooks accepted and its catalogue synced. 409 `storefront_unverified` otherwise, the same answer whether the shop holds no or another token, refuses the token, or the domain is held by another connection (of any tenant, named nowhere). 409 `invalid_state` for a connection without an access token. A VERIFIED connection answers 200 as it is. 503 when the platform cannot be reached.",
      },
    })
    .input(creatorIdParam)
    .output(storefrontConnectionSchema)
    .mutation(({ ctx, input }) => verifyStorefront(ctx, input.creatorId)),
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
