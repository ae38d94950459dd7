// Generated from contracts/TallyReward.sol by `pnpm --filter @tally/contracts build:contracts`. Do not edit.

export const tallyRewardAbi = [
  {
    inputs: [],
    stateMutability: "nonpayable",
    type: "constructor",
  },
  {
    inputs: [],
    name: "AccessControlBadConfirmation",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "account",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "neededRole",
        type: "bytes32",
      },
    ],
    name: "AccessControlUnauthorizedAccount",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "wallet",
        type: "address",
      },
    ],
    name: "AlreadyMinted",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "sender",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
      {
        internalType: "address",
        name: "owner",
        type: "address",
      },
    ],
    name: "ERC721IncorrectOwner",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "operator",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "ERC721InsufficientApproval",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "approver",
        type: "address",
      },
    ],
    name: "ERC721InvalidApprover",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "operator",
        type: "address",
      },
    ],
    name: "ERC721InvalidOperator",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "owner",
        type: "address",
      },
    ],
    name: "ERC721InvalidOwner",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "receiver",
        type: "address",
      },
    ],
    name: "ERC721InvalidReceiver",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "sender",
        type: "address",
      },
    ],
    name: "ERC721InvalidSender",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "ERC721NonexistentToken",
    type: "error",
  },
  {
    inputs: [],
    name: "InvalidInitialization",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "maxSupply",
        type: "uint256",
      },
    ],
    name: "MaxSupplyReached",
    type: "error",
  },
  {
    inputs: [],
    name: "NotInitializing",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "SoulboundToken",
    type: "error",
  },
  {
    inputs: [],
    name: "ZeroRoleHolder",
    type: "error",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "owner",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "approved",
        type: "address",
      },
      {
        indexed: true,
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "Approval",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "owner",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "operator",
        type: "address",
      },
      {
        indexed: false,
        internalType: "bool",
        name: "approved",
        type: "bool",
      },
    ],
    name: "ApprovalForAll",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: false,
        internalType: "uint256",
        name: "_fromTokenId",
        type: "uint256",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "_toTokenId",
        type: "uint256",
      },
    ],
    name: "BatchMetadataUpdate",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [],
    name: "ContractURIUpdated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: false,
        internalType: "uint64",
        name: "version",
        type: "uint64",
      },
    ],
    name: "Initialized",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: false,
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "Locked",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: false,
        internalType: "uint256",
        name: "_tokenId",
        type: "uint256",
      },
    ],
    name: "MetadataUpdate",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "previousAdminRole",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "newAdminRole",
        type: "bytes32",
      },
    ],
    name: "RoleAdminChanged",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "account",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "sender",
        type: "address",
      },
    ],
    name: "RoleGranted",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "account",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "sender",
        type: "address",
      },
    ],
    name: "RoleRevoked",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        indexed: true,
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "Transfer",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: false,
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "Unlocked",
    type: "event",
  },
  {
    inputs: [],
    name: "DEFAULT_ADMIN_ROLE",
    outputs: [
      {
        internalType: "bytes32",
        name: "",
        type: "bytes32",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "MINTER_ROLE",
    outputs: [
      {
        internalType: "bytes32",
        name: "",
        type: "bytes32",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "approve",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "owner",
        type: "address",
      },
    ],
    name: "balanceOf",
    outputs: [
      {
        internalType: "uint256",
        name: "",
        type: "uint256",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address[]",
        name: "recipients",
        type: "address[]",
      },
    ],
    name: "batchMint",
    outputs: [
      {
        internalType: "uint256",
        name: "minted",
        type: "uint256",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "contractURI",
    outputs: [
      {
        internalType: "string",
        name: "",
        type: "string",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "getApproved",
    outputs: [
      {
        internalType: "address",
        name: "",
        type: "address",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
    ],
    name: "getRoleAdmin",
    outputs: [
      {
        internalType: "bytes32",
        name: "",
        type: "bytes32",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        internalType: "address",
        name: "account",
        type: "address",
      },
    ],
    name: "grantRole",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        internalType: "address",
        name: "account",
        type: "address",
      },
    ],
    name: "hasRole",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        components: [
          {
            internalType: "string",
            name: "name",
            type: "string",
          },
          {
            internalType: "string",
            name: "symbol",
            type: "string",
          },
          {
            internalType: "string",
            name: "baseURI",
            type: "string",
          },
          {
            internalType: "string",
            name: "contractURI",
            type: "string",
          },
          {
            internalType: "uint256",
            name: "maxSupply",
            type: "uint256",
          },
          {
            internalType: "bool",
            name: "transferable",
            type: "bool",
          },
          {
            internalType: "address",
            name: "admin",
            type: "address",
          },
          {
            internalType: "address",
            name: "minter",
            type: "address",
          },
        ],
        internalType: "struct RewardParams",
        name: "params",
        type: "tuple",
      },
    ],
    name: "initialize",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "owner",
        type: "address",
      },
      {
        internalType: "address",
        name: "operator",
        type: "address",
      },
    ],
    name: "isApprovedForAll",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "locked",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "maxSupply",
    outputs: [
      {
        internalType: "uint256",
        name: "",
        type: "uint256",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
    ],
    name: "mint",
    outputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "wallet",
        type: "address",
      },
    ],
    name: "mintedTokenOf",
    outputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "name",
    outputs: [
      {
        internalType: "string",
        name: "",
        type: "string",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "ownerOf",
    outputs: [
      {
        internalType: "address",
        name: "",
        type: "address",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        internalType: "address",
        name: "callerConfirmation",
        type: "address",
      },
    ],
    name: "renounceRole",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "role",
        type: "bytes32",
      },
      {
        internalType: "address",
        name: "account",
        type: "address",
      },
    ],
    name: "revokeRole",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "safeTransferFrom",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
      {
        internalType: "bytes",
        name: "data",
        type: "bytes",
      },
    ],
    name: "safeTransferFrom",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "operator",
        type: "address",
      },
      {
        internalType: "bool",
        name: "approved",
        type: "bool",
      },
    ],
    name: "setApprovalForAll",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "string",
        name: "baseURI",
        type: "string",
      },
    ],
    name: "setBaseURI",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "string",
        name: "newContractURI",
        type: "string",
      },
    ],
    name: "setContractURI",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes4",
        name: "interfaceId",
        type: "bytes4",
      },
    ],
    name: "supportsInterface",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "symbol",
    outputs: [
      {
        internalType: "string",
        name: "",
        type: "string",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "tokenURI",
    outputs: [
      {
        internalType: "string",
        name: "",
        type: "string",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "totalSupply",
    outputs: [
      {
        internalType: "uint256",
        name: "",
        type: "uint256",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "tokenId",
        type: "uint256",
      },
    ],
    name: "transferFrom",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "transferable",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
] as const;

export const tallyRewardBytecode =
  "0x608060405234801561000f575f5ffd5b5060408051602080820183525f8083528351918201909352828152909161003683826101a9565b50600161004382826101a9565b5061004f915050610054565b610267565b7ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00805468010000000000000000900460ff16156100a45760405163f92ee8a960e01b815260040160405180910390fd5b80546001600160401b03908116146101035780546001600160401b0319166001600160401b0390811782556040519081527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061012e57607f821691505b60208210810361014c57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156101a457828211156101a457805f5260205f20601f840160051c602085101561017d57505f5b90810190601f840160051c035f5b818110156101a0575f8382015560010161018b565b5050505b505050565b81516001600160401b038111156101c2576101c2610106565b6101d6816101d0845461011a565b84610152565b6020601f821160018114610208575f83156101f15750848201515b5f19600385901b1c1916600184901b178455610260565b5f84815260208120601f198516915b828110156102375787850151825560209485019460019092019101610217565b508482101561025457868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b611d69806102745f395ff3fe608060405234801561000f575f5ffd5b50600436106101dc575f3560e01c806391d1485411610109578063c630335f1161009e578063d5abeb011161006e578063d5abeb0114610415578063d67b06c11461041e578063e8a3d48514610431578063e985e9c514610439575f5ffd5b8063c630335f146103bc578063c87b56dd146103db578063d5391393146103ee578063d547741f14610402575f5ffd5b8063a217fddf116100d9578063a217fddf1461037c578063a22cb46514610383578063b45a3c0e14610396578063b88d4fde146103a9575f5ffd5b806391d148541461034157806392ff0d3114610354578063938e3d7b1461036157806395d89b4114610374575f5ffd5b8063248a9ca31161017f57806355f804b31161014f57806355f804b3146102f55780636352211e146103085780636a6278421461031b57806370a082311461032e575f5ffd5b8063248a9ca31461029a5780632f2ff15d146102bc57806336568abe146102cf57806342842e0e146102e2575f5ffd5b806309469f0b116101ba57806309469f0b14610248578063095ea7b31461025d57806318160ddd1461027057806323b872dd14610287575f5ffd5b806301ffc9a7146101e057806306fdde0314610208578063081812fc1461021d575b5f5ffd5b6101f36101ee3660046116cb565b61044c565b60405190151581526020015b60405180910390f35b610210610491565b6040516101ff919061171b565b61023061022b36600461172d565b610521565b6040516001600160a01b0390911681526020016101ff565b61025b610256366004611744565b610548565b005b61025b61026b366004611791565b610765565b610279600d5481565b6040519081526020016101ff565b61025b6102953660046117b9565b610774565b6102796102a836600461172d565b5f9081526006602052604090206001015490565b61025b6102ca3660046117f3565b610802565b61025b6102dd3660046117f3565b610826565b61025b6102f03660046117b9565b61085e565b61025b61030336600461181d565b610878565b61023061031636600461172d565b6108db565b610279610329366004611889565b6108e5565b61027961033c366004611889565b610950565b6101f361034f3660046117f3565b610995565b600c546101f39060ff1681565b61025b61036f36600461181d565b6109bf565b610210610a04565b6102795f81565b61025b6103913660046118b1565b610a13565b6101f36103a436600461172d565b610a1e565b61025b6103b73660046118ed565b610a36565b6102796103ca366004611889565b600e6020525f908152604090205481565b6102106103e936600461172d565b610a4e565b6102795f516020611d145f395f51905f5281565b61025b6104103660046117f3565b610bf0565b610279600b5481565b61027961042c3660046119c7565b610c14565b610210610cd4565b6101f3610447366004611a26565b610ce3565b5f6001600160e01b03198216635a2d1e0760e11b148061047c57506001600160e01b03198216632483248360e11b145b8061048b575061048b82610d10565b92915050565b6060600780546104a090611a4e565b80601f01602080910402602001604051908101604052809291908181526020018280546104cc90611a4e565b80156105175780601f106104ee57610100808354040283529160200191610517565b820191905f5260205f20905b8154815290600101906020018083116104fa57829003601f168201915b5050505050905090565b5f61052b82610d34565b505f828152600460205260409020546001600160a01b031661048b565b5f610551610d6c565b805490915060ff600160401b82041615906001600160401b03165f811580156105775750825b90505f826001600160401b031660011480156105925750303b155b9050811580156105a0575080155b156105be5760405163f92ee8a960e01b815260040160405180910390fd5b845467ffffffffffffffff1916600117855583156105e857845460ff60401b1916600160401b1785555b5f6105f960e0880160c08901611889565b6001600160a01b0316148061062657505f61061b610100880160e08901611889565b6001600160a01b0316145b156106445760405163433e90f360e01b815260040160405180910390fd5b61064e8680611a80565b60079161065c919083611b17565b5061066a6020870187611a80565b600891610678919083611b17565b506106866040870187611a80565b600991610694919083611b17565b506106a26060870187611a80565b600a916106b0919083611b17565b506080860135600b556106c960c0870160a08801611bd0565b600c805460ff19169115159190911790556106f35f6106ee60e0890160c08a01611889565b610d94565b506107165f516020611d145f395f51905f526106ee610100890160e08a01611889565b50831561075d57845460ff60401b19168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b505050505050565b610770828233610e25565b5050565b6001600160a01b0382166107a257604051633250574960e11b81525f60048201526024015b60405180910390fd5b5f6107ae838333610e32565b9050836001600160a01b0316816001600160a01b0316146107fc576040516364283d7b60e01b81526001600160a01b0380861660048301526024820184905282166044820152606401610799565b50505050565b5f8281526006602052604090206001015461081c81610e90565b6107fc8383610d94565b6001600160a01b038116331461084f5760405163334bd91960e11b815260040160405180910390fd5b6108598282610e9d565b505050565b61085983838360405180602001604052805f815250610a36565b5f61088281610e90565b600961088f838583611b17565b50600d541561085957600d54604080516001815260208101929092527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c910160405180910390a1505050565b5f61048b82610d34565b5f5f516020611d145f395f51905f526108fd81610e90565b6001600160a01b0383165f908152600e60205260409020541561093e5760405163449e62bb60e11b81526001600160a01b0384166004820152602401610799565b61094783610f08565b91505b50919050565b5f6001600160a01b03821661097a576040516322718ad960e21b81525f6004820152602401610799565b506001600160a01b03165f9081526003602052604090205490565b5f9182526006602090815260408084206001600160a01b0393909316845291905290205460ff1690565b5f6109c981610e90565b600a6109d6838583611b17565b506040517fa5d4097edda6d87cb9329af83fb3712ef77eeb13738ffe43cc35a4ce305ad962905f90a1505050565b6060600880546104a090611a4e565b610770338383610fbf565b5f610a2882610d34565b5050600c5460ff1615919050565b610a41848484610774565b6107fc3385858585611086565b6060610a5982610d34565b505f60098054610a6890611a4e565b80601f0160208091040260200160405190810160405280929190818152602001828054610a9490611a4e565b8015610adf5780601f10610ab657610100808354040283529160200191610adf565b820191905f5260205f20905b815481529060010190602001808311610ac257829003601f168201915b5050505050905080515f1480610b2757508060018251610aff9190611bfd565b81518110610b0f57610b0f611c10565b6020910101516001600160f81b031916602f60f81b14155b15610bbd5760098054610b3990611a4e565b80601f0160208091040260200160405190810160405280929190818152602001828054610b6590611a4e565b8015610bb05780601f10610b8757610100808354040283529160200191610bb0565b820191905f5260205f20905b815481529060010190602001808311610b9357829003601f168201915b5050505050915050919050565b6009610bc8846111ac565b604051602001610bd9929190611c24565b604051602081830303815290604052915050919050565b5f82815260066020526040902060010154610c0a81610e90565b6107fc8383610e9d565b5f5f516020611d145f395f51905f52610c2c81610e90565b5f5b83811015610ccc57600e5f868684818110610c4b57610c4b611c10565b9050602002016020810190610c609190611889565b6001600160a01b03166001600160a01b031681526020019081526020015f20545f03610cc457610cb5858583818110610c9b57610c9b611c10565b9050602002016020810190610cb09190611889565b610f08565b5082610cc081611ca4565b9350505b600101610c2e565b505092915050565b6060600a80546104a090611a4e565b6001600160a01b039182165f90815260056020908152604080832093909416825291909152205460ff1690565b5f6001600160e01b03198216637965db0b60e01b148061048b575061048b8261123b565b5f818152600260205260408120546001600160a01b03168061048b57604051637e27328960e01b815260048101849052602401610799565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a0061048b565b5f610d9f8383610995565b610e1e575f8381526006602090815260408083206001600160a01b03861684529091529020805460ff19166001179055610dd63390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a450600161048b565b505f61048b565b610859838383600161128a565b600c545f9060ff16158015610e5c57505f838152600260205260409020546001600160a01b031615155b15610e7d576040516360a262a560e01b815260048101849052602401610799565b610e8884848461138e565b949350505050565b610e9a8133611480565b50565b5f610ea88383610995565b15610e1e575f8381526006602090815260408083206001600160a01b0386168085529252808320805460ff1916905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a450600161048b565b5f600b545f14158015610f1f5750600b54600d5410155b15610f4357600b5460405163f9f8491560e01b815260040161079991815260200190565b600d5f8154610f5190611ca4565b91829055506001600160a01b0383165f908152600e602052604090208190559050610f7c82826114b9565b600c5460ff16610fba576040518181527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b919050565b6001600160a01b038316610fe85760405163a9fbf51f60e01b81525f6004820152602401610799565b6001600160a01b03821661101a57604051630b61174360e31b81526001600160a01b0383166004820152602401610799565b6001600160a01b038381165f81815260056020908152604080832094871680845294825291829020805460ff191686151590811790915591519182527f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a3505050565b6001600160a01b0383163b156111a557604051630a85bd0160e11b81526001600160a01b0384169063150b7a02906110c8908890889087908790600401611cbc565b6020604051808303815f875af1925050508015611102575060408051601f3d908101601f191682019092526110ff91810190611cf8565b60015b611169573d80801561112f576040519150601f19603f3d011682016040523d82523d5f602084013e611134565b606091505b5080515f0361116157604051633250574960e11b81526001600160a01b0385166004820152602401610799565b805160208201fd5b6001600160e01b03198116630a85bd0160e11b1461075d57604051633250574960e11b81526001600160a01b0385166004820152602401610799565b5050505050565b60605f6111b88361151a565b60010190505f816001600160401b038111156111d6576111d66118d9565b6040519080825280601f01601f191660200182016040528015611200576020820181803683370190505b5090508181016020015b5f19016f181899199a1a9b1b9c1cb0b131b232b360811b600a86061a8153600a850494508461120a57509392505050565b5f6001600160e01b031982166380ac58cd60e01b148061126b57506001600160e01b03198216635b5e139f60e01b145b8061048b57506301ffc9a760e01b6001600160e01b031983161461048b565b808061129e57506001600160a01b03821615155b1561135f575f6112ad84610d34565b90506001600160a01b038316158015906112d95750826001600160a01b0316816001600160a01b031614155b80156112ec57506112ea8184610ce3565b155b156113155760405163a9fbf51f60e01b81526001600160a01b0384166004820152602401610799565b811561135d5783856001600160a01b0316826001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560405160405180910390a45b505b50505f90815260046020526040902080546001600160a01b0319166001600160a01b0392909216919091179055565b5f828152600260205260408120546001600160a01b03908116908316156113ba576113ba8184866115f1565b6001600160a01b038116156113f4576113d55f855f5f61128a565b6001600160a01b0381165f90815260036020526040902080545f190190555b6001600160a01b03851615611422576001600160a01b0385165f908152600360205260409020805460010190555b5f8481526002602052604080822080546001600160a01b0319166001600160a01b0389811691821790925591518793918516917fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef91a4949350505050565b61148a8282610995565b6107705760405163e2517d3f60e01b81526001600160a01b038216600482015260248101839052604401610799565b6001600160a01b0382166114e257604051633250574960e11b81525f6004820152602401610799565b5f6114ee83835f610e32565b90506001600160a01b03811615610859576040516339e3563760e11b81525f6004820152602401610799565b5f8072184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b83106115585772184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b830492506040015b6d04ee2d6d415b85acef81000000008310611584576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc1000083106115a257662386f26fc10000830492506010015b6305f5e10083106115ba576305f5e100830492506008015b61271083106115ce57612710830492506004015b606483106115e0576064830492506002015b600a831061048b5760010192915050565b6115fc838383611655565b610859576001600160a01b03831661162a57604051637e27328960e01b815260048101829052602401610799565b60405163177e802f60e01b81526001600160a01b038316600482015260248101829052604401610799565b5f6001600160a01b03831615801590610e885750826001600160a01b0316846001600160a01b0316148061168e575061168e8484610ce3565b80610e885750505f908152600460205260409020546001600160a01b03908116911614919050565b6001600160e01b031981168114610e9a575f5ffd5b5f602082840312156116db575f5ffd5b81356116e6816116b6565b9392505050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6116e660208301846116ed565b5f6020828403121561173d575f5ffd5b5035919050565b5f60208284031215611754575f5ffd5b81356001600160401b03811115611769575f5ffd5b820161010081850312156116e6575f5ffd5b80356001600160a01b0381168114610fba575f5ffd5b5f5f604083850312156117a2575f5ffd5b6117ab8361177b565b946020939093013593505050565b5f5f5f606084860312156117cb575f5ffd5b6117d48461177b565b92506117e26020850161177b565b929592945050506040919091013590565b5f5f60408385031215611804575f5ffd5b823591506118146020840161177b565b90509250929050565b5f5f6020838503121561182e575f5ffd5b82356001600160401b03811115611843575f5ffd5b8301601f81018513611853575f5ffd5b80356001600160401b03811115611868575f5ffd5b856020828401011115611879575f5ffd5b6020919091019590945092505050565b5f60208284031215611899575f5ffd5b6116e68261177b565b80358015158114610fba575f5ffd5b5f5f604083850312156118c2575f5ffd5b6118cb8361177b565b9150611814602084016118a2565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f60808587031215611900575f5ffd5b6119098561177b565b93506119176020860161177b565b92506040850135915060608501356001600160401b03811115611938575f5ffd5b8501601f81018713611948575f5ffd5b80356001600160401b03811115611961576119616118d9565b604051601f8201601f19908116603f011681016001600160401b038111828210171561198f5761198f6118d9565b6040528181528282016020018910156119a6575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f602083850312156119d8575f5ffd5b82356001600160401b038111156119ed575f5ffd5b8301601f810185136119fd575f5ffd5b80356001600160401b03811115611a12575f5ffd5b8560208260051b8401011115611879575f5ffd5b5f5f60408385031215611a37575f5ffd5b611a408361177b565b91506118146020840161177b565b600181811c90821680611a6257607f821691505b60208210810361094a57634e487b7160e01b5f52602260045260245ffd5b5f5f8335601e19843603018112611a95575f5ffd5b8301803591506001600160401b03821115611aae575f5ffd5b602001915036819003821315611ac2575f5ffd5b9250929050565b601f821115610859578282111561085957805f5260205f20601f840160051c6020851015611af457505f5b90810190601f840160051c035f5b8181101561075d575f83820155600101611b02565b6001600160401b03831115611b2e57611b2e6118d9565b611b4283611b3c8354611a4e565b83611ac9565b5f601f841160018114611b73575f8515611b5c5750838201355b5f19600387901b1c1916600186901b1783556111a5565b5f83815260208120601f198716915b82811015611ba25786850135825560209485019460019092019101611b82565b5086821015611bbe575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b5f60208284031215611be0575f5ffd5b6116e6826118a2565b634e487b7160e01b5f52601160045260245ffd5b8181038181111561048b5761048b611be9565b634e487b7160e01b5f52603260045260245ffd5b5f5f8454611c3181611a4e565b600182168015611c485760018114611c5d57611c8a565b60ff1983168652811515820286019350611c8a565b875f5260205f205f5b83811015611c8257815488820152600190910190602001611c66565b505081860193505b50505083518060208601835e5f9101908152949350505050565b5f60018201611cb557611cb5611be9565b5060010190565b6001600160a01b03858116825284166020820152604081018390526080606082018190525f90611cee908301846116ed565b9695505050505050565b5f60208284031215611d08575f5ffd5b81516116e6816116b656fe9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6a2646970667358221220237b035d288b4f3fc74fdfe7ba4071357d739bd2bf165ff83da852e07609d44b64736f6c63430008250033" as const;
