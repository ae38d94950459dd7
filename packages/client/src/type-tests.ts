/**
 * Compile-time tests, checked by `tsc` with the rest of the package (never run): a client call with
 * an input the procedure does not accept must not compile. If a procedure's input changes so that
 * one of these calls becomes valid, its `@ts-expect-error` is unused and typechecking fails; if a
 * valid call stops compiling, the positive lines fail.
 */
import type { createTallyClient, createTallyRestClient, RouterInputs, RouterOutputs } from "./index.ts";

type TallyClient = ReturnType<typeof createTallyClient>;
type TallyRestClient = ReturnType<typeof createTallyRestClient>;

export const procedureInputsAreTyped = async (client: TallyClient): Promise<void> => {
  const created = await client.commerce.users.create.mutate({
    email: "fan@example.com",
    walletProviderId: "did:privy:fan",
  });
  const id: string = created.id;
  // @ts-expect-error `email` is required.
  await client.commerce.users.create.mutate({ walletProviderId: "did:privy:fan" });
  // @ts-expect-error `walletProviderId` is a string.
  await client.commerce.users.create.mutate({ email: "fan@example.com", walletProviderId: 42 });
  // @ts-expect-error no such procedure.
  await client.commerce.users.remove.mutate({ id });
};

export const restPathsAreTyped = async (client: TallyRestClient): Promise<void> => {
  const { data } = await client.POST("/user", {
    body: { email: "fan@example.com", walletProviderId: "did:privy:fan" },
  });
  const email: string | undefined = data?.email;
  // @ts-expect-error `email` is required by the operation's request body.
  await client.POST("/user", { body: { walletProviderId: "did:privy:fan" } });
  // @ts-expect-error no such path.
  await client.GET("/users/everyone");
  void email;
};

export type CreateUserInput = RouterInputs["commerce"]["users"]["create"];
export type CreatedUser = RouterOutputs["commerce"]["users"]["create"];
