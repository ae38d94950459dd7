// Generated from contracts/MockUSDC.sol by `pnpm --filter @tally/contracts build:contracts`. Do not edit.

export const mockUsdcAbi = [
  {
    inputs: [
      {
        internalType: "address",
        name: "initialOwner",
        type: "address",
      },
    ],
    stateMutability: "nonpayable",
    type: "constructor",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "spender",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "allowance",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "needed",
        type: "uint256",
      },
    ],
    name: "ERC20InsufficientAllowance",
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
        name: "balance",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "needed",
        type: "uint256",
      },
    ],
    name: "ERC20InsufficientBalance",
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
    name: "ERC20InvalidApprover",
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
    name: "ERC20InvalidReceiver",
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
    name: "ERC20InvalidSender",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "spender",
        type: "address",
      },
    ],
    name: "ERC20InvalidSpender",
    type: "error",
  },
  {
    inputs: [],
    name: "InvalidShortString",
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
    name: "OwnableInvalidOwner",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "account",
        type: "address",
      },
    ],
    name: "OwnableUnauthorizedAccount",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "string",
        name: "str",
        type: "string",
      },
    ],
    name: "StringTooLong",
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
        name: "spender",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "value",
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
        name: "authorizer",
        type: "address",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
    ],
    name: "AuthorizationCanceled",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "authorizer",
        type: "address",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
    ],
    name: "AuthorizationUsed",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [],
    name: "EIP712DomainChanged",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "previousOwner",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "newOwner",
        type: "address",
      },
    ],
    name: "OwnershipTransferred",
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
        indexed: false,
        internalType: "uint256",
        name: "value",
        type: "uint256",
      },
    ],
    name: "Transfer",
    type: "event",
  },
  {
    inputs: [],
    name: "CANCEL_AUTHORIZATION_TYPEHASH",
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
    name: "DOMAIN_SEPARATOR",
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
    name: "RECEIVE_WITH_AUTHORIZATION_TYPEHASH",
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
    name: "TRANSFER_WITH_AUTHORIZATION_TYPEHASH",
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
        name: "owner",
        type: "address",
      },
      {
        internalType: "address",
        name: "spender",
        type: "address",
      },
    ],
    name: "allowance",
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
        name: "spender",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "value",
        type: "uint256",
      },
    ],
    name: "approve",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "authorizer",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
    ],
    name: "authorizationState",
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
        internalType: "address",
        name: "account",
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
        internalType: "address",
        name: "authorizer",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "uint8",
        name: "v",
        type: "uint8",
      },
      {
        internalType: "bytes32",
        name: "r",
        type: "bytes32",
      },
      {
        internalType: "bytes32",
        name: "s",
        type: "bytes32",
      },
    ],
    name: "cancelAuthorization",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "authorizer",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "bytes",
        name: "signature",
        type: "bytes",
      },
    ],
    name: "cancelAuthorization",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "decimals",
    outputs: [
      {
        internalType: "uint8",
        name: "",
        type: "uint8",
      },
    ],
    stateMutability: "pure",
    type: "function",
  },
  {
    inputs: [],
    name: "eip712Domain",
    outputs: [
      {
        internalType: "bytes1",
        name: "fields",
        type: "bytes1",
      },
      {
        internalType: "string",
        name: "name",
        type: "string",
      },
      {
        internalType: "string",
        name: "version",
        type: "string",
      },
      {
        internalType: "uint256",
        name: "chainId",
        type: "uint256",
      },
      {
        internalType: "address",
        name: "verifyingContract",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "salt",
        type: "bytes32",
      },
      {
        internalType: "uint256[]",
        name: "extensions",
        type: "uint256[]",
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
        name: "amount",
        type: "uint256",
      },
    ],
    name: "mint",
    outputs: [],
    stateMutability: "nonpayable",
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
    inputs: [],
    name: "owner",
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
        name: "value",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validAfter",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validBefore",
        type: "uint256",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "bytes",
        name: "signature",
        type: "bytes",
      },
    ],
    name: "receiveWithAuthorization",
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
        name: "value",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validAfter",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validBefore",
        type: "uint256",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "uint8",
        name: "v",
        type: "uint8",
      },
      {
        internalType: "bytes32",
        name: "r",
        type: "bytes32",
      },
      {
        internalType: "bytes32",
        name: "s",
        type: "bytes32",
      },
    ],
    name: "receiveWithAuthorization",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "renounceOwnership",
    outputs: [],
    stateMutability: "nonpayable",
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
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "value",
        type: "uint256",
      },
    ],
    name: "transfer",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
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
        name: "value",
        type: "uint256",
      },
    ],
    name: "transferFrom",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "newOwner",
        type: "address",
      },
    ],
    name: "transferOwnership",
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
        name: "value",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validAfter",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validBefore",
        type: "uint256",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "bytes",
        name: "signature",
        type: "bytes",
      },
    ],
    name: "transferWithAuthorization",
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
        name: "value",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validAfter",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "validBefore",
        type: "uint256",
      },
      {
        internalType: "bytes32",
        name: "nonce",
        type: "bytes32",
      },
      {
        internalType: "uint8",
        name: "v",
        type: "uint8",
      },
      {
        internalType: "bytes32",
        name: "r",
        type: "bytes32",
      },
      {
        internalType: "bytes32",
        name: "s",
        type: "bytes32",
      },
    ],
    name: "transferWithAuthorization",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "version",
    outputs: [
      {
        internalType: "string",
        name: "",
        type: "string",
      },
    ],
    stateMutability: "pure",
    type: "function",
  },
] as const;

export const mockUsdcBytecode =
  "0x610160604052348015610010575f5ffd5b50604051611b76380380611b7683398101604081905261002f91610245565b80604051806040016040528060088152602001672aa9a21021b7b4b760c11b815250604051806040016040528060018152602001601960f91b815250604051806040016040528060088152602001672aa9a21021b7b4b760c11b815250604051806040016040528060048152602001635553444360e01b81525081600390816100b89190610315565b5060046100c58282610315565b5050506100d7826101b760201b60201c565b610120526100e4816101b7565b61014052815160208084019190912060e052815190820120610100524660a05261017060e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c0526001600160a01b0381166101a757604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6101b0816101f4565b505061042b565b5f5f829050601f815111156101e1578260405163305a27a960e01b815260040161019e91906103d3565b80516101ec82610408565b179392505050565b600780546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b5f60208284031215610255575f5ffd5b81516001600160a01b038116811461026b575f5ffd5b9392505050565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061029a57607f821691505b6020821081036102b857634e487b7160e01b5f52602260045260245ffd5b50919050565b601f821115610310578282111561031057805f5260205f20601f840160051c60208510156102e957505f5b90810190601f840160051c035f5b8181101561030c575f838201556001016102f7565b5050505b505050565b81516001600160401b0381111561032e5761032e610272565b6103428161033c8454610286565b846102be565b6020601f821160018114610374575f831561035d5750848201515b5f19600385901b1c1916600184901b1784556103cc565b5f84815260208120601f198516915b828110156103a35787850151825560209485019460019092019101610383565b50848210156103c057868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b805160208083015191908110156102b8575f1960209190910360031b1b16919050565b60805160a05160c05160e0516101005161012051610140516116fa61047c5f395f610a6401525f610a3901525f61086401525f61083c01525f61079701525f6107c101525f6107eb01526116fa5ff3fe608060405234801561000f575f5ffd5b5060043610610187575f3560e01c806388b7ab63116100d9578063cf09299511610093578063e3ee160e1161006e578063e3ee160e146103b4578063e94a0102146103c7578063ef55bec6146103ff578063f2fde38b14610412575f5ffd5b8063cf09299514610342578063d916948714610355578063dd62ed3e1461037c575f5ffd5b806388b7ab63146102bf5780638da5cb5b146102d257806395d89b41146102ed578063a0cc6a68146102f5578063a9059cbb1461031c578063b7b728991461032f575f5ffd5b806340c10f191161014457806370a082311161011f57806370a082311461024d578063715018a6146102755780637f2eecc31461027d57806384b0196e146102a4575f5ffd5b806340c10f191461020857806354fd4d501461021d5780635a049a701461023a575f5ffd5b806306fdde031461018b578063095ea7b3146101a957806318160ddd146101cc57806323b872dd146101de578063313ce567146101f15780633644e51514610200575b5f5ffd5b610193610425565b6040516101a09190611245565b60405180910390f35b6101bc6101b7366004611272565b6104b5565b60405190151581526020016101a0565b6002545b6040519081526020016101a0565b6101bc6101ec36600461129a565b6104ce565b604051600681526020016101a0565b6101d06104f3565b61021b610216366004611272565b610501565b005b6040805180820190915260018152601960f91b6020820152610193565b61021b6102483660046112e4565b610517565b6101d061025b36600461132e565b6001600160a01b03165f9081526020819052604090205490565b61021b61054c565b6101d07fd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de881565b6102ac61055f565b6040516101a09796959493929190611347565b61021b6102cd36600461147c565b6105a1565b6007546040516001600160a01b0390911681526020016101a0565b6101936105b9565b6101d07f7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a226781565b6101bc61032a366004611272565b6105c8565b61021b61033d3660046114fb565b6105d5565b61021b61035036600461147c565b6105e5565b6101d07f158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a159742981565b6101d061038a36600461154e565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b61021b6103c236600461157f565b6105f4565b6101bc6103d5366004611272565b6001600160a01b03919091165f908152600860209081526040808320938352929052205460ff1690565b61021b61040d36600461157f565b610631565b61021b61042036600461132e565b610663565b606060038054610434906115fa565b80601f0160208091040260200160405190810160405280929190818152602001828054610460906115fa565b80156104ab5780601f10610482576101008083540402835291602001916104ab565b820191905f5260205f20905b81548152906001019060200180831161048e57829003601f168201915b5050505050905090565b5f336104c28185856106a5565b60019150505b92915050565b5f336104db8582856106b2565b6104e685858561072e565b60019150505b9392505050565b5f6104fc61078b565b905090565b6105096108b4565b61051382826108e1565b5050565b610545858584848760405160200161053193929190611632565b604051602081830303815290604052610915565b5050505050565b6105546108b4565b61055d5f6109e1565b565b5f6060805f5f5f6060610570610a32565b610578610a5d565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b6105b087878787878787610a88565b50505050505050565b606060048054610434906115fa565b5f336104c281858561072e565b6105e0838383610915565b505050565b6105b087878787878787610b50565b61062689898989898988888b60405160200161061293929190611632565b604051602081830303815290604052610b50565b505050505050505050565b61062689898989898988888b60405160200161064f93929190611632565b604051602081830303815290604052610a88565b61066b6108b4565b6001600160a01b03811661069957604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6106a2816109e1565b50565b6105e08383836001610b9d565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f19811015610728578181101561071a57604051637dc7a0d960e11b81526001600160a01b03841660048201526024810182905260448101839052606401610690565b61072884848484035f610b9d565b50505050565b6001600160a01b03831661075757604051634b637e8f60e11b81525f6004820152602401610690565b6001600160a01b0382166107805760405163ec442f0560e01b81525f6004820152602401610690565b6105e0838383610c6f565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156107e357507f000000000000000000000000000000000000000000000000000000000000000046145b1561080d57507f000000000000000000000000000000000000000000000000000000000000000090565b6104fc604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b6007546001600160a01b0316331461055d5760405163118cdaa760e01b8152336004820152602401610690565b6001600160a01b03821661090a5760405163ec442f0560e01b81525f6004820152602401610690565b6105135f8383610c6f565b61091f8383610d95565b604080517f158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a159742960208201526001600160a01b03851691810191909152606081018390526109879084906080015b6040516020818303038152906040528051906020012083610e1f565b6001600160a01b0383165f818152600860209081526040808320868452909152808220805460ff19166001179055518492917f1cdd46ff242716cdaa72d159d339a485b3438398348d68f09d7c8c0a59353d8191a3505050565b600780546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b60606104fc7f0000000000000000000000000000000000000000000000000000000000000000610e7e565b60606104fc7f0000000000000000000000000000000000000000000000000000000000000000610e7e565b6001600160a01b0386163314610aee5760405162461bcd60e51b815260206004820152602560248201527f46696174546f6b656e56323a2063616c6c6572206d7573742062652074686520604482015264706179656560d81b6064820152608401610690565b610afa87838686610ebb565b610b3b877fd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de889898989898960405160200161096b9796959493929190611655565b610b458783610f85565b6105b087878761072e565b610b5c87838686610ebb565b610b3b877f7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a226789898989898960405160200161096b9796959493929190611655565b6001600160a01b038416610bc65760405163e602df0560e01b81525f6004820152602401610690565b6001600160a01b038316610bef57604051634a1406b160e11b81525f6004820152602401610690565b6001600160a01b038085165f908152600160209081526040808320938716835292905220829055801561072857826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92584604051610c6191815260200190565b60405180910390a350505050565b6001600160a01b038316610c99578060025f828254610c8e9190611691565b90915550610d099050565b6001600160a01b0383165f9081526020819052604090205481811015610ceb5760405163391434e360e21b81526001600160a01b03851660048201526024810182905260448101839052606401610690565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b038216610d2557600280548290039055610d43565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051610d8891815260200190565b60405180910390a3505050565b6001600160a01b0382165f90815260086020908152604080832084845290915290205460ff16156105135760405162461bcd60e51b815260206004820152602e60248201527f46696174546f6b656e56323a20617574686f72697a6174696f6e20697320757360448201526d1959081bdc8818d85b98d95b195960921b6064820152608401610690565b610e3283610e2c84610fde565b8361100a565b6105e05760405162461bcd60e51b815260206004820152601e60248201527f46696174546f6b656e56323a20696e76616c6964207369676e617475726500006044820152606401610690565b60605f610e8a8361107a565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b814211610f1e5760405162461bcd60e51b815260206004820152602b60248201527f46696174546f6b656e56323a20617574686f72697a6174696f6e206973206e6f60448201526a1d081e595d081d985b1a5960aa1b6064820152608401610690565b804210610f7b5760405162461bcd60e51b815260206004820152602560248201527f46696174546f6b656e56323a20617574686f72697a6174696f6e2069732065786044820152641c1a5c995960da1b6064820152608401610690565b6107288484610d95565b6001600160a01b0382165f818152600860209081526040808320858452909152808220805460ff19166001179055518392917f98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a591a35050565b5f6104c8610fea61078b565b8360405161190160f01b8152600281019290925260228201526042902090565b5f836001600160a01b03163b5f03611068575f5f61102885856110a1565b5090925090505f816003811115611041576110416116b0565b14801561105f5750856001600160a01b0316826001600160a01b0316145b925050506104ec565b6110738484846110ea565b90506104ec565b5f60ff8216601f8111156104c857604051632cd44ac360e21b815260040160405180910390fd5b5f5f5f83516041036110d8576020840151604085015160608601515f1a6110ca8882858561114f565b9550955095505050506110e3565b505081515f91506002905b9250925092565b805160408051630b135d3f60e11b8082526004820186905260248201929092525f92906020820185604483015e5f82606483010152601f820160051c60051b915060205f60648401838a5afa9050825f5114601f3d1116811693505050509392505050565b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a084111561118857505f9150600390508261120d565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa1580156111d9573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b03811661120457505f92506001915082905061120d565b92505f91508190505b9450945094915050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6104ec6020830184611217565b80356001600160a01b038116811461126d575f5ffd5b919050565b5f5f60408385031215611283575f5ffd5b61128c83611257565b946020939093013593505050565b5f5f5f606084860312156112ac575f5ffd5b6112b584611257565b92506112c360208501611257565b929592945050506040919091013590565b803560ff8116811461126d575f5ffd5b5f5f5f5f5f60a086880312156112f8575f5ffd5b61130186611257565b945060208601359350611316604087016112d4565b94979396509394606081013594506080013592915050565b5f6020828403121561133e575f5ffd5b6104ec82611257565b60ff60f81b8816815260e060208201525f61136560e0830189611217565b82810360408401526113778189611217565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b818110156113cc5783518352602093840193909201916001016113ae565b50909b9a5050505050505050505050565b634e487b7160e01b5f52604160045260245ffd5b5f82601f830112611400575f5ffd5b813567ffffffffffffffff81111561141a5761141a6113dd565b604051601f8201601f19908116603f0116810167ffffffffffffffff81118282101715611449576114496113dd565b604052818152838201602001851015611460575f5ffd5b816020850160208301375f918101602001919091529392505050565b5f5f5f5f5f5f5f60e0888a031215611492575f5ffd5b61149b88611257565b96506114a960208901611257565b955060408801359450606088013593506080880135925060a0880135915060c088013567ffffffffffffffff8111156114e0575f5ffd5b6114ec8a828b016113f1565b91505092959891949750929550565b5f5f5f6060848603121561150d575f5ffd5b61151684611257565b925060208401359150604084013567ffffffffffffffff811115611538575f5ffd5b611544868287016113f1565b9150509250925092565b5f5f6040838503121561155f575f5ffd5b61156883611257565b915061157660208401611257565b90509250929050565b5f5f5f5f5f5f5f5f5f6101208a8c031215611598575f5ffd5b6115a18a611257565b98506115af60208b01611257565b975060408a0135965060608a0135955060808a0135945060a08a013593506115d960c08b016112d4565b989b979a50959894979396929550929360e081013593506101000135919050565b600181811c9082168061160e57607f821691505b60208210810361162c57634e487b7160e01b5f52602260045260245ffd5b50919050565b928352602083019190915260f81b6001600160f81b031916604082015260410190565b9687526001600160a01b0395861660208801529390941660408601526060850191909152608084015260a083019190915260c082015260e00190565b808201808211156104c857634e487b7160e01b5f52601160045260245ffd5b634e487b7160e01b5f52602160045260245ffdfea264697066735822122079b7e96d56947b348e411cb0d1362a90756f3b25722f20148dcfe92c48529fb364736f6c63430008250033" as const;
