import { rewardOrderAddress, withUser } from "@tally/commerce";
import { AppError, isAppError } from "@tally/core";
import { withTenant } from "@tally/db";
import type { Context, Principal } from "@tally/trpc";
import type { RewardRow } from "../programmes/record.ts";
import {
  alreadyRedeemed,
  claimRedemption,
  findProgrammeOfToken,
  findRedemption,
  type RedemptionRow,
  recordFailed,
  recordRedeemed,
  type TokenKey,
  walletsOf,
} from "./claim.ts";
import type { EffectDeps, RedemptionEffect } from "./effect.ts";
import { effectFor } from "./effects.ts";
import { chainIdOf, networkOf } from "./networks.ts";
import { REDEMPTION_LEASE_MS, recordInterrupted, takeOverInterrupted } from "./redemption-state.ts";
import type { RedeemInput, RedemptionStatus, TokenPath } from "./schemas.ts";

type AuthedContext = Context & { principal: Principal };

export const tokenKeyOf = (organizationId: string, path: TokenPath): TokenKey => ({
  organizationId,
  chainId: chainIdOf(path.network),
  contractAddress: path.address,
  tokenId: path.tokenId,
});

/**
 * The redemption status object of the token for the user: NOT_REDEEMED, with the programme's point cost, when the
 * user has no redemption of it.
 */
export const toRedemptionStatus = (
  reward: RewardRow,
  token: TokenKey,
  row: RedemptionRow | undefined,
): RedemptionStatus => ({
  status: row?.status ?? "NOT_REDEEMED",
  redemptionId: row?.id ?? null,
  redeemedAt: row?.redeemedAt ?? null,
  rewardId: reward.id,
  rewardType: row?.rewardType ?? reward.type,
  rewardDetails: row?.rewardDetails ?? null,
  // Before a redemption: what redeeming costs now.
  pointCost: row?.pointCost ?? reward.points,
  message: row?.message ?? null,
  network: networkOf(token.chainId),
  chainId: token.chainId,
  contractAddress: token.contractAddress,
  tokenId: token.tokenId,
});

/** A refusal the effect gave (its input cannot be served as things stand): the claim fails and is refunded. */
const isRefusal = (error: unknown) => isAppError(error) && error.status < 500;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Runs the claimed redemption's effect with no transaction open, then records it: REDEEMED with its details and
 * `nft-redeemed`; FAILED and refunded when the effect refused; still PROCESSING (with why) when it broke, so the
 * user's retry after the lease completes it. The effect's error is the answer in both failure cases.
 */
const completeRedemption = async (
  deps: EffectDeps,
  { effect, reward, row }: { effect: RedemptionEffect; reward: RewardRow; row: RedemptionRow },
  request: Pick<RedeemInput, "shippingAddress">,
): Promise<RedemptionRow> => {
  const inTx = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(deps.database.db, row.organizationId, fn);
  let details: Record<string, unknown>;
  try {
    details = await effect(
      { deps },
      {
        organizationId: row.organizationId,
        redemptionId: row.id,
        userId: row.userId,
        reward,
        chainId: row.chainId,
        contractAddress: row.contractAddress as `0x${string}`,
        tokenId: row.tokenId,
        shippingAddress: request.shippingAddress,
      },
    );
  } catch (error) {
    const now = deps.clock.now();
    if (isRefusal(error))
      await inTx((tx) => recordFailed({ tx, now, events: deps.events }, row, messageOf(error)));
    else await inTx((tx) => recordInterrupted({ tx, now }, row, messageOf(error)));
    throw error;
  }
  return inTx((tx) => recordRedeemed({ tx, events: deps.events, now: deps.clock.now() }, row, details));
};

/**
 * `POST /user/{id}/nfts/{network}/{address}/{tokenId}/redeem`. Reads (user, programme, the token's redemption),
 * asks the chain who holds the token (one of the user's wallets, else 403 `not_owner`), claims in one transaction
 * (conditions, the unique redemption row, the point cost), then runs and records the effect. A PROCESSING
 * redemption the same user claimed more than the lease ago is taken over and completed instead. A FREE_PRODUCT
 * order ships to `shippingAddress`, else the user's saved one: with neither it is 422 before anything is claimed.
 */
export const redeemToken = async (ctx: AuthedContext, input: RedeemInput): Promise<RedemptionStatus> => {
  const { deps } = ctx;
  const { shippingAddress, ...path } = input;
  const token = tokenKeyOf(ctx.principal.organizationId, path);
  const found = await withUser(ctx, path.id, async (tx, user) => ({
    user,
    reward: await findProgrammeOfToken(tx, token),
    existing: await findRedemption(tx, token),
    wallets: await walletsOf(tx, token.organizationId, user.id),
  }));
  const effect = effectFor({ deps }, found.reward.type);
  const { existing } = found;
  if (existing?.status === "REDEEMED") throw alreadyRedeemed(existing);
  if (found.reward.type === "FREE_PRODUCT") rewardOrderAddress(found.user, shippingAddress);
  if (existing?.status === "PROCESSING") {
    const stale = existing.claimedAt.getTime() <= deps.clock.now().getTime() - REDEMPTION_LEASE_MS;
    if (existing.userId !== path.id || !stale) throw alreadyRedeemed(existing);
    const taken = await withUser(ctx, path.id, (tx) =>
      takeOverInterrupted({ tx, now: deps.clock.now() }, existing),
    );
    if (!taken) throw alreadyRedeemed(existing);
    const row = await completeRedemption(
      deps,
      { effect, reward: found.reward, row: taken },
      { shippingAddress },
    );
    return toRedemptionStatus(found.reward, token, row);
  }
  if (token.chainId !== deps.providers.rewardChain.chainId)
    throw new AppError(
      "service_unavailable",
      `This deployment reads reward tokens on chain ${deps.providers.rewardChain.chainId} only`,
    );
  const [holder] = await deps.providers.rewardChain.ownersOf(token.contractAddress as `0x${string}`, [
    BigInt(token.tokenId),
  ]);
  if (!holder) throw new AppError("not_found", "The programme has no token with that id");
  if (!found.wallets.includes(holder))
    throw new AppError("not_owner", "None of the user's wallets holds this token", {
      context: { checkedWallets: found.wallets.length },
    });
  const { reward, row } = await withUser(ctx, path.id, async (tx) => {
    const current = await findProgrammeOfToken(tx, token);
    const claimed = await claimRedemption({ tx, now: deps.clock.now(), events: deps.events }, current, {
      token,
      userId: path.id,
      walletAddress: holder,
    });
    return { reward: current, row: claimed };
  });
  return toRedemptionStatus(
    reward,
    token,
    await completeRedemption(deps, { effect, reward, row }, { shippingAddress }),
  );
};

/** `GET …/{tokenId}/status`: the user's redemption of the token, NOT_REDEEMED when there is none. */
export const redemptionStatus = (ctx: AuthedContext, path: TokenPath): Promise<RedemptionStatus> => {
  const token = tokenKeyOf(ctx.principal.organizationId, path);
  return withUser(ctx, path.id, async (tx, user) => {
    const reward = await findProgrammeOfToken(tx, token);
    const row = await findRedemption(tx, token);
    return toRedemptionStatus(reward, token, row?.userId === user.id ? row : undefined);
  });
};
