import { AppError } from "@tally/core";
import { registerObjectRoute, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { programmeChainOf } from "./chain.ts";
import { assertStatus, DRAFT_REWARD_STATUSES, recordProgrammePublished } from "./programme-state.ts";
import type { RewardRow } from "./record.ts";

type Address = `0x${string}`;

/** What publish deploys: the row's programme as it was when publish began. */
export interface PublishPlan {
  chainId: number;
  name: string;
  symbol: string;
  maxSupply: bigint;
  transferable: boolean;
  baseURI: string;
  contractURI: string;
}

/** `objectRoutes` kind of a published reward: how its keyless metadata routes find the tenant. */
export const REWARD_ROUTE_KIND = "nft-reward";

/**
 * Where a programme's metadata is served (`GET /nft-reward/{id}/metadata/{tokenId}` and `.../contract`, no API
 * key): the contract's baseURI without its trailing "/" when no IPFS hash is set.
 */
export const rewardMetadataBase = (
  config: Pick<AppDeps["config"], "PUBLIC_BASE_URL" | "PORT">,
  rewardId: string,
) => `${config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`}/api/v1/nft-reward/${rewardId}/metadata`;

/** Up to 8 letters and digits of the name, upper-cased: the ERC-721 symbol nobody sets explicitly. */
const symbolOf = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase() || "TALLY";

/**
 * Step one, in the caller's transaction (the row locked): a DRAFT with its metadata, on the chain the
 * organization's `defaultChainId` names, which must be the chain this deployment serves. `undefined` when
 * the reward is already PUBLISHED (a retried publish answers it as it is).
 */
export const planPublish = async (
  { tx, ...deps }: { tx: Tx } & Pick<AppDeps, "providers" | "config">,
  row: RewardRow,
): Promise<PublishPlan | undefined> => {
  if (row.status === "PUBLISHED") return undefined;
  assertStatus(row, DRAFT_REWARD_STATUSES, "Publishing a reward");
  if (!row.name || (!row.imageUrl && !row.animationUrl))
    throw new AppError(
      "invalid_state",
      "Set the NFT metadata (PUT /nft-reward/{id}/nft: name and an image or animation) before publishing",
    );
  if (row.details === null)
    throw new AppError(
      "invalid_state",
      `Set the ${row.type} reward's details (PUT /nft-reward/{id}) before publishing`,
    );
  const chainId = await programmeChainOf({ tx, ...deps }, row.organizationId);
  if (chainId !== deps.providers.rewardChain.chainId)
    throw new AppError(
      "invalid_state",
      `The organization's defaultChainId is ${chainId}; this deployment deploys rewards on chain ${deps.providers.rewardChain.chainId} only`,
    );
  const base = rewardMetadataBase(deps.config, row.id);
  return {
    chainId,
    name: row.name,
    symbol: row.symbol ?? symbolOf(row.name),
    maxSupply: BigInt(row.maxSupply),
    transferable: row.transferable,
    baseURI: `${base}/`,
    contractURI: `${base}/contract`,
  };
};

/** A clone as found on chain, with what it was initialized with (an adopted clone may predate a draft edit). */
export interface DeployedClone {
  proxyAddress: Address;
  implementationAddress: Address;
  chainId: number;
  params: { name: string; symbol: string; maxSupply: bigint; transferable: boolean };
}

/**
 * Step two, with no transaction open: the clone at the programme's predicted address, deployed only if no
 * code is there. A publish that crashed after deploying finds its clone here; a concurrent deploy of the same
 * salt reverts in the factory, and the loser adopts the winner's clone.
 */
export const ensureClone = async (
  deps: Pick<AppDeps, "providers">,
  programme: { organizationId: string; rewardId: string },
  plan: PublishPlan,
): Promise<DeployedClone> => {
  const chain = deps.providers.rewardChain;
  const proxyAddress = await chain.predictAddress(programme);
  if (!(await chain.hasCode(proxyAddress))) {
    try {
      await chain.deploy(programme, plan);
    } catch (error) {
      if (!(await chain.hasCode(proxyAddress))) throw error;
    }
  }
  const { implementationAddress } = await chain.contracts();
  const params = await chain.readParams(proxyAddress);
  return { proxyAddress, implementationAddress, chainId: plan.chainId, params };
};

/**
 * Step three, in a new transaction (the row locked): a reward still DRAFT becomes PUBLISHED with its clone,
 * recording what the clone was initialized with, its id routed for the keyless metadata routes, and
 * `nft-reward-published` is published with it. A reward another publish recorded first is answered as is.
 */
export const recordPublish = async (
  { tx, events, now }: { tx: Tx; now: Date } & Pick<AppDeps, "events">,
  row: RewardRow,
  { params: onChain, ...deployed }: DeployedClone,
): Promise<RewardRow> => {
  const published = await recordProgrammePublished({ tx, now }, row, {
    ...deployed,
    name: onChain.name,
    symbol: onChain.symbol,
    maxSupply: Number(onChain.maxSupply),
    transferable: onChain.transferable,
  });
  if (!published) return row;
  await registerObjectRoute(tx, {
    objectId: row.id,
    kind: REWARD_ROUTE_KIND,
    organizationId: row.organizationId,
    now,
  });
  await events.publish(tx, "nft-reward-published", {
    organizationId: row.organizationId,
    rewardId: row.id,
  });
  return published;
};
