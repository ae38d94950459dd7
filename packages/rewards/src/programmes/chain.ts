import { organizationSettings, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { eq } from "drizzle-orm";

/**
 * The chain a programme of the organization is deployed on: its `defaultChainId`, else the chain this
 * deployment serves. Known from creation (the Reward record's `contract.chainId`) and checked again at publish.
 */
export const programmeChainOf = async (
  { tx, providers }: { tx: Tx } & Pick<AppDeps, "providers">,
  organizationId: string,
): Promise<number> => {
  const [settings] = await tx
    .select({ defaultChainId: organizationSettings.defaultChainId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return settings?.defaultChainId ?? providers.rewardChain.chainId;
};
