// Generated from contracts/TallyRewardFactory.sol by `pnpm --filter @tally/contracts build:contracts`. Do not edit.

export const tallyRewardFactoryAbi = [
  {
    inputs: [
      {
        internalType: "address",
        name: "implementation_",
        type: "address",
      },
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
    inputs: [],
    name: "FailedDeployment",
    type: "error",
  },
  {
    inputs: [
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
    name: "InsufficientBalance",
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
        internalType: "bytes32",
        name: "salt",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "reward",
        type: "address",
      },
    ],
    name: "RewardDeployed",
    type: "event",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "salt",
        type: "bytes32",
      },
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
    name: "deploy",
    outputs: [
      {
        internalType: "address",
        name: "reward",
        type: "address",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "implementation",
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
        internalType: "bytes32",
        name: "salt",
        type: "bytes32",
      },
    ],
    name: "predictAddress",
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
    inputs: [],
    name: "renounceOwnership",
    outputs: [],
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
] as const;

export const tallyRewardFactoryBytecode =
  "0x60a060405234801561000f575f5ffd5b5060405161072b38038061072b83398101604081905261002e916100e2565b806001600160a01b03811661005c57604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b61006581610078565b50506001600160a01b0316608052610113565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b80516001600160a01b03811681146100dd575f5ffd5b919050565b5f5f604083850312156100f3575f5ffd5b6100fc836100c7565b915061010a602084016100c7565b90509250929050565b6080516105f36101385f395f8181606901528181610113015261014c01526105f35ff3fe608060405234801561000f575f5ffd5b5060043610610060575f3560e01c80635c60da1b14610064578063715018a6146100a75780638da5cb5b146100b15780639c76b654146100c1578063e2cb199e146100d4578063f2fde38b146100e7575b5f5ffd5b61008b7f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b03909116815260200160405180910390f35b6100af6100fa565b005b5f546001600160a01b031661008b565b61008b6100cf3660046103a2565b61010d565b61008b6100e23660046103b9565b61013e565b6100af6100f536600461041f565b610208565b61010261024a565b61010b5f610276565b565b5f6101387f0000000000000000000000000000000000000000000000000000000000000000836102c5565b92915050565b5f61014761024a565b6101717f000000000000000000000000000000000000000000000000000000000000000084610330565b6040516309469f0b60e01b81529091506001600160a01b038216906309469f0b906101a09085906004016104b8565b5f604051808303815f87803b1580156101b7575f5ffd5b505af11580156101c9573d5f5f3e3d5ffd5b50506040516001600160a01b03841692508591507f6d997eb7a0971c25ee78dcd06cd5c66da36394c8274cbf8a58a5a40b8abe3490905f90a392915050565b61021061024a565b6001600160a01b03811661023e57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b61024781610276565b50565b5f546001600160a01b0316331461010b5760405163118cdaa760e01b8152336004820152602401610235565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b6040513060388201526f5af43d82803e903d91602b57fd5bf3ff602482015260148101839052733d602d80600a3d3981f3363d3d373d3d3d363d738152605881018290526037600c820120607882015260556043909101205f906001600160a01b03165b9392505050565b5f61032983838380763d602d80600a3d3981f3363d3d373d3d3d363d730000008460601b60e81c175f526e5af43d82803e903d91602b57fd5bf38460781b17602052826037600984f590506001600160a01b0381166103295760405163b06ebf3d60e01b815260040160405180910390fd5b5f602082840312156103b2575f5ffd5b5035919050565b5f5f604083850312156103ca575f5ffd5b82359150602083013567ffffffffffffffff8111156103e7575f5ffd5b830161010081860312156103f9575f5ffd5b809150509250929050565b80356001600160a01b038116811461041a575f5ffd5b919050565b5f6020828403121561042f575f5ffd5b61032982610404565b5f5f8335601e1984360301811261044d575f5ffd5b830160208101925035905067ffffffffffffffff81111561046c575f5ffd5b80360382131561047a575f5ffd5b9250929050565b81835281816020850137505f828201602090810191909152601f909101601f19169091010190565b8035801515811461041a575f5ffd5b602081525f6104c78384610438565b61010060208501526104de61012085018284610481565b9150506104ee6020850185610438565b848303601f19016040860152610505838284610481565b925050506105166040850185610438565b848303601f1901606086015261052d838284610481565b9250505061053e6060850185610438565b848303601f19016080860152610555838284610481565b925050505f608085013590508060a08501525061057460a085016104a9565b80151560c08501525061058960c08501610404565b6001600160a01b03811660e0850152506105a560e08501610404565b6001600160a01b03811661010085015250939250505056fea264697066735822122031ecbe6a2049905fe694fc21941cbcc00b95e9d0f4ce122a6fa7dead4b6dd18b64736f6c63430008250033" as const;
