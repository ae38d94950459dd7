import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { inTenant, withUser } from "../access/scope.ts";
import { creatorSchema } from "../creators/schemas.ts";
import { userIdParam } from "../shared/schemas.ts";
import {
  createUserInput,
  shippingAddressSchema,
  updateUserInput,
  usernameInput,
  userSchema,
  walletProviderCreatorsInput,
  walletProviderInput,
} from "./schemas.ts";
import {
  createUser,
  findUserByUsername,
  findUserRowByWalletProvider,
  getShippingAddress,
  listOwnedCreators,
  mapUniqueViolations,
  toUser,
  updateUser,
} from "./service.ts";

const tags = ["Users"];

export const usersRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user",
        tags,
        summary: "Create a user from an identity-provider sign-in",
        description:
          "email is unique in the organization (case-insensitive) and so is walletProviderId (409 otherwise; another organization's users never conflict). walletAddress alone records an EXTERNAL wallet; walletId with walletAddress records the EMBEDDED wallet at that address (walletId alone: 422). A welcome e-mail and a chat token follow asynchronously (user-created event).",
      },
      successStatus: 201,
    })
    .input(createUserInput)
    .output(userSchema)
    .mutation(({ ctx, input }) =>
      mapUniqueViolations(() =>
        inTenant(ctx, (tx) =>
          createUser(
            { tx, events: ctx.deps.events, now: ctx.deps.clock.now() },
            ctx.principal.organizationId,
            input,
          ),
        ),
      ),
    ),
  update: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/user/{id}",
        tags,
        summary: "Update a user's profile: omitted fields are unchanged, null clears",
      },
    })
    .input(updateUserInput)
    .output(userSchema)
    .mutation(({ ctx, input }) =>
      mapUniqueViolations(() =>
        withUser(ctx, input.id, (tx, user) => updateUser({ tx, now: ctx.deps.clock.now() }, user, input)),
      ),
    ),
  byUsername: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/username/{username}",
        tags,
        summary: "Find a user by username (case-insensitive)",
      },
    })
    .input(usernameInput)
    .output(userSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, (tx) => findUserByUsername(tx, ctx.principal.organizationId, input.username)),
    ),
  byWalletProvider: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/walletprovider/{walletProviderId}/profile",
        tags,
        summary: "Find the user linked to a wallet-provider identity",
      },
    })
    .input(walletProviderInput)
    .output(userSchema)
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        toUser(
          tx,
          await findUserRowByWalletProvider(tx, ctx.principal.organizationId, input.walletProviderId),
        ),
      ),
    ),
  creatorsByWalletProvider: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/walletprovider/{walletProviderId}/creators",
        tags,
        summary: "List the creators owned by the user linked to a wallet-provider identity",
      },
    })
    .input(walletProviderCreatorsInput)
    .output(z.array(creatorSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await inTenant(ctx, async (tx) => {
          const user = await findUserRowByWalletProvider(
            tx,
            ctx.principal.organizationId,
            input.walletProviderId,
          );
          return listOwnedCreators(tx, { organizationId: user.organizationId, userId: user.id }, input);
        }),
      );
    }),
  shippingAddress: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/{id}/shipping-address",
        tags,
        summary: "The user's saved shipping address (404 when none is saved yet)",
      },
    })
    .input(userIdParam)
    .output(shippingAddressSchema)
    .query(({ ctx, input }) => withUser(ctx, input.id, async (_tx, user) => getShippingAddress(user))),
});
