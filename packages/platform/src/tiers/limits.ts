import { AppError } from "@tally/core";
import { organizations, subscriptionTiers, type Tx } from "@tally/db";
import { eq } from "drizzle-orm";

type CountedLimit = "maxApiKeys" | "maxCreators";

/**
 * Checks that the organization's tier allows one more of something. The organization row is locked
 * for the rest of the transaction, so concurrent creates are serialised and the limit holds.
 */
export const assertTierAllowsAnother = async (
  tx: Tx,
  input: { organizationId: string; limit: CountedLimit; noun: string; countExisting: () => Promise<number> },
): Promise<void> => {
  const [organization] = await tx
    .select({ limit: subscriptionTiers[input.limit], tierName: subscriptionTiers.name })
    .from(organizations)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, organizations.subscriptionTierId))
    .where(eq(organizations.id, input.organizationId))
    .for("update", { of: organizations });
  if (!organization) throw new AppError("not_found", "Organization not found");
  if ((await input.countExisting()) >= organization.limit) {
    throw new AppError(
      "tier_limit_reached",
      `The ${organization.tierName} tier allows ${organization.limit} ${input.noun} per organization; upgrade to add more`,
      { context: { limit: organization.limit, tier: organization.tierName } },
    );
  }
};
