import { encodeAbiParameters, type Hex, keccak256 } from "viem";

/**
 * The CREATE2 salt of a reward programme's clone: keccak256(abi.encode(organizationId, rewardId)).
 * ABI-encoded (length-prefixed), so no two (organization, reward) pairs can collide by concatenation.
 */
export const rewardSalt = (organizationId: string, rewardId: string): Hex =>
  keccak256(encodeAbiParameters([{ type: "string" }, { type: "string" }], [organizationId, rewardId]));
