// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IERC5192} from "./IERC5192.sol";

/// @notice Everything a reward programme is set up with; `TallyRewardFactory.deploy` passes it to `initialize`.
struct RewardParams {
    string name;
    string symbol;
    /// Ends with "/": tokenURI is baseURI + tokenId. Otherwise every token shares this one URI.
    string baseURI;
    /// ERC-7572 collection metadata.
    string contractURI;
    /// 0 = unlimited.
    uint256 maxSupply;
    /// false = soulbound (ERC-5192): every token is locked from its mint on.
    bool transferable;
    /// Holds DEFAULT_ADMIN_ROLE: grants roles, sets the URIs.
    address admin;
    /// Holds MINTER_ROLE.
    address minter;
}

/// @title TallyReward
/// @notice One reward programme: an ERC-721 of which each wallet can ever receive one token. Deployed once as an
///         implementation and used through ERC-1167 clones (TallyRewardFactory), so all state is set in
///         `initialize`, never in a constructor: ERC721's constructor-set name and symbol are replaced by our own.
contract TallyReward is Initializable, ERC721, AccessControl, IERC4906, IERC5192 {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    string private _rewardName;
    string private _rewardSymbol;
    string private _baseTokenURI;
    string private _contractURI;
    uint256 public maxSupply;
    bool public transferable;
    /// Tokens minted so far; token ids are 1..totalSupply (0 marks "none" in mintedTokenOf).
    uint256 public totalSupply;
    /// wallet => the token it was minted (0 = none). Not balanceOf: a transfer away must not allow a second mint.
    mapping(address wallet => uint256 tokenId) public mintedTokenOf;

    error AlreadyMinted(address wallet);
    error MaxSupplyReached(uint256 maxSupply);
    error SoulboundToken(uint256 tokenId);
    error ZeroRoleHolder();

    /// ERC-7572: marketplaces re-read contractURI.
    event ContractURIUpdated();

    /// The implementation itself is never initialized; only its clones are.
    constructor() ERC721("", "") {
        _disableInitializers();
    }

    function initialize(RewardParams calldata params) external initializer {
        if (params.admin == address(0) || params.minter == address(0)) revert ZeroRoleHolder();
        _rewardName = params.name;
        _rewardSymbol = params.symbol;
        _baseTokenURI = params.baseURI;
        _contractURI = params.contractURI;
        maxSupply = params.maxSupply;
        transferable = params.transferable;
        _grantRole(DEFAULT_ADMIN_ROLE, params.admin);
        _grantRole(MINTER_ROLE, params.minter);
    }

    /// @notice Mints the next token to `to`; reverts if `to` was ever minted one or the supply is exhausted.
    function mint(address to) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (mintedTokenOf[to] != 0) revert AlreadyMinted(to);
        return _mintNext(to);
    }

    /// @notice Mints one token to each wallet that was never minted one and skips the others (also repeats within
    ///         `recipients`), so a replayed batch mints nothing twice. Reverts if the supply cannot cover the wallets
    ///         that would be minted. Returns how many were minted.
    function batchMint(address[] calldata recipients) external onlyRole(MINTER_ROLE) returns (uint256 minted) {
        for (uint256 i = 0; i < recipients.length; i++) {
            if (mintedTokenOf[recipients[i]] != 0) continue;
            _mintNext(recipients[i]);
            minted++;
        }
    }

    function setBaseURI(string calldata baseURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI;
        if (totalSupply > 0) emit BatchMetadataUpdate(1, totalSupply);
    }

    function setContractURI(string calldata newContractURI) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _contractURI = newContractURI;
        emit ContractURIUpdated();
    }

    function name() public view override returns (string memory) {
        return _rewardName;
    }

    function symbol() public view override returns (string memory) {
        return _rewardSymbol;
    }

    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    /// @notice baseURI + tokenId when the base URI ends with "/", else the base URI itself (one metadata document
    ///         for the whole programme, e.g. a single IPFS file).
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        bytes memory base = bytes(_baseTokenURI);
        if (base.length == 0 || base[base.length - 1] != "/") return _baseTokenURI;
        return string.concat(_baseTokenURI, Strings.toString(tokenId));
    }

    function locked(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return !transferable;
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl, IERC165) returns (bool) {
        return
            interfaceId == type(IERC5192).interfaceId ||
            interfaceId == bytes4(0x49064906) || // ERC-4906
            super.supportsInterface(interfaceId);
    }

    function _mintNext(address to) private returns (uint256 tokenId) {
        if (maxSupply != 0 && totalSupply >= maxSupply) revert MaxSupplyReached(maxSupply);
        tokenId = ++totalSupply;
        mintedTokenOf[to] = tokenId;
        // _mint, not _safeMint: a recipient contract without onERC721Received must not revert a whole batch.
        _mint(to, tokenId);
        if (!transferable) emit Locked(tokenId);
    }

    /// Soulbound programmes allow a token to move only at its mint (from the zero address).
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        if (!transferable && _ownerOf(tokenId) != address(0)) revert SoulboundToken(tokenId);
        return super._update(to, tokenId, auth);
    }
}
