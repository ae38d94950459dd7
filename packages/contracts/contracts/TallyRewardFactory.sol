// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {RewardParams, TallyReward} from "./TallyReward.sol";

/// @title TallyRewardFactory
/// @notice Deploys one ERC-1167 clone of TallyReward per reward programme at an address fixed by its salt
///         (keccak of organization id and reward id: `rewardSalt` of the TypeScript package), so a retried publish
///         finds the clone it deployed before (`predictAddress` + code) instead of deploying a second one.
///         Only the owner deploys: anyone else could squat a predictable address with their own admin.
contract TallyRewardFactory is Ownable {
    address public immutable implementation;

    event RewardDeployed(bytes32 indexed salt, address indexed reward);

    constructor(address implementation_, address initialOwner) Ownable(initialOwner) {
        implementation = implementation_;
    }

    /// @notice Clones and initializes in one transaction (no window in which someone else could initialize the
    ///         clone). Reverts if `salt` was deployed before.
    function deploy(bytes32 salt, RewardParams calldata params) external onlyOwner returns (address reward) {
        reward = Clones.cloneDeterministic(implementation, salt);
        TallyReward(reward).initialize(params);
        emit RewardDeployed(salt, reward);
    }

    function predictAddress(bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(implementation, salt);
    }
}
