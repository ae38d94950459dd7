export { rewardsDomain } from "./domain.ts";
export { type MintQueueContext, queueGrant } from "./programmes/grant.ts";
export { ensureClone, type PublishPlan, planPublish, recordPublish } from "./programmes/publish.ts";
export { type RewardRow, toReward } from "./programmes/record.ts";
export { rewardSchema, updateRewardNftInput } from "./programmes/schemas.ts";
export { createReward, findReward, updateReward, updateRewardNft } from "./programmes/service.ts";
