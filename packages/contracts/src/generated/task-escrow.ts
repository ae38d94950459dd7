// Generated from contracts/TaskEscrow.sol by `pnpm --filter @tally/contracts build:contracts`. Do not edit.

export const taskEscrowAbi = [
  {
    inputs: [
      {
        internalType: "contract IERC20",
        name: "token_",
        type: "address",
      },
      {
        internalType: "address",
        name: "operator_",
        type: "address",
      },
      {
        internalType: "address",
        name: "attester_",
        type: "address",
      },
      {
        internalType: "address",
        name: "evaluator_",
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
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "uint256",
        name: "validSigners",
        type: "uint256",
      },
      {
        internalType: "uint8",
        name: "threshold",
        type: "uint8",
      },
    ],
    name: "BelowThreshold",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint64",
        name: "deadline",
        type: "uint64",
      },
      {
        internalType: "uint256",
        name: "blockTime",
        type: "uint256",
      },
    ],
    name: "DeadlineNotInFuture",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        internalType: "uint256",
        name: "available",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "requested",
        type: "uint256",
      },
    ],
    name: "InsufficientPool",
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
        name: "verifier",
        type: "address",
      },
    ],
    name: "InvalidVerifier",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint256",
        name: "count",
        type: "uint256",
      },
      {
        internalType: "uint8",
        name: "threshold",
        type: "uint8",
      },
    ],
    name: "InvalidVerifierSet",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "NoVerifiers",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Method",
        name: "method",
        type: "uint8",
      },
    ],
    name: "NotConsensusTask",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "caller",
        type: "address",
      },
    ],
    name: "NotOperator",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Method",
        name: "method",
        type: "uint8",
      },
      {
        internalType: "address",
        name: "caller",
        type: "address",
      },
    ],
    name: "NotResolver",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "solver",
        type: "address",
      },
    ],
    name: "NothingToClaim",
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
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "PoolNotRegistered",
    type: "error",
  },
  {
    inputs: [],
    name: "ReentrancyGuardReentrantCall",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "uint64",
        name: "timestamp",
        type: "uint64",
      },
      {
        internalType: "uint256",
        name: "notBefore",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "notAfter",
        type: "uint256",
      },
    ],
    name: "ResolutionTimestampOutOfRange",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "uint256",
        name: "closedAt",
        type: "uint256",
      },
    ],
    name: "ResolutionWindowClosed",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "token",
        type: "address",
      },
    ],
    name: "SafeERC20FailedOperation",
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
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Status",
        name: "status",
        type: "uint8",
      },
    ],
    name: "TaskExists",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Status",
        name: "status",
        type: "uint8",
      },
      {
        internalType: "uint256",
        name: "expirableAt",
        type: "uint256",
      },
    ],
    name: "TaskNotExpirable",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Status",
        name: "status",
        type: "uint8",
      },
    ],
    name: "TaskNotOpen",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "enum TaskEscrow.Status",
        name: "status",
        type: "uint8",
      },
    ],
    name: "TaskNotSubmitted",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "uint64",
        name: "deadline",
        type: "uint64",
      },
    ],
    name: "TaskPastDeadline",
    type: "error",
  },
  {
    inputs: [
      {
        internalType: "uint8",
        name: "method",
        type: "uint8",
      },
    ],
    name: "UnknownMethod",
    type: "error",
  },
  {
    inputs: [],
    name: "ZeroAddress",
    type: "error",
  },
  {
    inputs: [],
    name: "ZeroAmount",
    type: "error",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "previous",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "AttesterChanged",
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
        name: "previous",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "EvaluatorChanged",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "previous",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "OperatorChanged",
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
    name: "OwnershipTransferStarted",
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
        name: "solver",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "PayoutWithdrawn",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "PoolDeposited",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "PoolRegistered",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
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
        name: "amount",
        type: "uint256",
      },
    ],
    name: "PoolWithdrawn",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "TaskCancelled",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
      {
        indexed: false,
        internalType: "uint64",
        name: "deadline",
        type: "uint64",
      },
      {
        indexed: false,
        internalType: "enum TaskEscrow.Method",
        name: "method",
        type: "uint8",
      },
    ],
    name: "TaskCreated",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "TaskExpired",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "solver",
        type: "address",
      },
    ],
    name: "TaskRejected",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
    ],
    name: "TaskReopened",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "solver",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "TaskSettled",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        indexed: true,
        internalType: "address",
        name: "solver",
        type: "address",
      },
      {
        indexed: false,
        internalType: "bytes32",
        name: "deliverable",
        type: "bytes32",
      },
      {
        indexed: false,
        internalType: "enum TaskEscrow.Method",
        name: "method",
        type: "uint8",
      },
    ],
    name: "VerificationRequested",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        indexed: false,
        internalType: "address[]",
        name: "verifiers",
        type: "address[]",
      },
      {
        indexed: false,
        internalType: "uint8",
        name: "threshold",
        type: "uint8",
      },
    ],
    name: "VerifiersSet",
    type: "event",
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
    name: "GRACE",
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
    inputs: [],
    name: "MAX_VERIFIERS",
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
    inputs: [],
    name: "RESOLUTION_TYPEHASH",
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
    name: "acceptOwnership",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "attester",
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
        name: "taskId",
        type: "bytes32",
      },
    ],
    name: "cancelTask",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "solver",
        type: "address",
      },
    ],
    name: "claimable",
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
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
      {
        internalType: "uint64",
        name: "deadline",
        type: "uint64",
      },
      {
        internalType: "uint8",
        name: "method",
        type: "uint8",
      },
    ],
    name: "createTask",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "deposit",
    outputs: [],
    stateMutability: "nonpayable",
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
    inputs: [],
    name: "evaluator",
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
        name: "taskId",
        type: "bytes32",
      },
    ],
    name: "expire",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
    ],
    name: "getTask",
    outputs: [
      {
        components: [
          {
            internalType: "bytes32",
            name: "tenantId",
            type: "bytes32",
          },
          {
            internalType: "uint256",
            name: "amount",
            type: "uint256",
          },
          {
            internalType: "address",
            name: "solver",
            type: "address",
          },
          {
            internalType: "uint64",
            name: "deadline",
            type: "uint64",
          },
          {
            internalType: "enum TaskEscrow.Method",
            name: "method",
            type: "uint8",
          },
          {
            internalType: "enum TaskEscrow.Status",
            name: "status",
            type: "uint8",
          },
          {
            internalType: "uint64",
            name: "submittedAt",
            type: "uint64",
          },
          {
            internalType: "uint64",
            name: "rejectedAt",
            type: "uint64",
          },
          {
            internalType: "bytes32",
            name: "deliverable",
            type: "bytes32",
          },
        ],
        internalType: "struct TaskEscrow.Task",
        name: "",
        type: "tuple",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "operator",
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
    inputs: [],
    name: "pendingOwner",
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
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "poolBalance",
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
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "poolRegistered",
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
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "registerPool",
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
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "bool",
        name: "approved",
        type: "bool",
      },
    ],
    name: "resolve",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "bool",
        name: "approved",
        type: "bool",
      },
      {
        internalType: "uint64",
        name: "timestamp",
        type: "uint64",
      },
      {
        internalType: "bytes[]",
        name: "signatures",
        type: "bytes[]",
      },
    ],
    name: "resolveWithSignatures",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "setAttester",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "setEvaluator",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "next",
        type: "address",
      },
    ],
    name: "setOperator",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
      {
        internalType: "address[]",
        name: "verifiers",
        type: "address[]",
      },
      {
        internalType: "uint8",
        name: "threshold",
        type: "uint8",
      },
    ],
    name: "setVerifiers",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "taskId",
        type: "bytes32",
      },
      {
        internalType: "address",
        name: "solver",
        type: "address",
      },
      {
        internalType: "bytes32",
        name: "deliverable",
        type: "bytes32",
      },
    ],
    name: "submit",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "token",
    outputs: [
      {
        internalType: "contract IERC20",
        name: "",
        type: "address",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "totalClaimable",
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
    inputs: [],
    name: "totalEscrowed",
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
    inputs: [],
    name: "totalPooled",
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
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
    ],
    name: "verifiersOf",
    outputs: [
      {
        internalType: "address[]",
        name: "verifiers",
        type: "address[]",
      },
      {
        internalType: "uint8",
        name: "threshold",
        type: "uint8",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "withdraw",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "solver",
        type: "address",
      },
    ],
    name: "withdrawFor",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "bytes32",
        name: "tenantId",
        type: "bytes32",
      },
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
    name: "withdrawPool",
    outputs: [],
    stateMutability: "nonpayable",
    type: "function",
  },
] as const;

export const taskEscrowBytecode =
  "0x610180604052348015610010575f5ffd5b50604051612e5c380380612e5c83398101604081905261002f91610412565b604080518082018252600f81526e54616c6c795461736b457363726f7760881b602080830191909152825180840190935260018352603160f81b9083015290826001600160a01b03811661009d57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b6100a6816101d0565b506100b0826101ec565b610120526100bd816101ec565b61014052815160208084019190912060e052815190820120610100524660a05261014960e05161010051604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201529081019290925260608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b60805250503060c05260017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00556001600160a01b03851661019d5760405163d92e233d60e01b815260040160405180910390fd5b6001600160a01b038516610160526101b484610229565b6101bd836102ab565b6101c68261032d565b50505050506104de565b600180546001600160a01b03191690556101e9816103af565b50565b5f5f829050601f81511115610216578260405163305a27a960e01b81526004016100949190610483565b8051610221826104b8565b179392505050565b6001600160a01b0381166102505760405163d92e233d60e01b815260040160405180910390fd5b6004546040516001600160a01b038084169216907fd58299b712891143e76310d5e664c4203c940a67db37cf856bdaa3c5c76a802c905f90a3600480546001600160a01b0319166001600160a01b0392909216919091179055565b6001600160a01b0381166102d25760405163d92e233d60e01b815260040160405180910390fd5b6005546040516001600160a01b038084169216907f59b0a2696d1ebcafa21539b85c82de9ecd511f90e43ae873d82cfad77dd60272905f90a3600580546001600160a01b0319166001600160a01b0392909216919091179055565b6001600160a01b0381166103545760405163d92e233d60e01b815260040160405180910390fd5b6006546040516001600160a01b038084169216907ff123b2ca76dd3e13505bd7272d4eafce9711986e959202c35245b1a85b6bd8c7905f90a3600680546001600160a01b0319166001600160a01b0392909216919091179055565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b6001600160a01b03811681146101e9575f5ffd5b5f5f5f5f5f60a08688031215610426575f5ffd5b8551610431816103fe565b6020870151909550610442816103fe565b6040870151909450610453816103fe565b6060870151909350610464816103fe565b6080870151909250610475816103fe565b809150509295509295909350565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b805160208083015191908110156104d8575f198160200360031b1b821691505b50919050565b60805160a05160c05160e0516101005161012051610140516101605161290e61054e5f395f818161050c0152818161073701528181610f7f015261196101525f6119d301525f6119a801525f61185101525f61182901525f61178401525f6117ae01525f6117d8015261290e5ff3fe608060405234801561000f575f5ffd5b506004361061021e575f3560e01c80638da5cb5b1161012a578063beed3b8a116100b4578063e7577bb611610079578063e7577bb6146104c5578063ee8ca3b5146104d8578063f2fde38b146104eb578063f9168231146104fe578063fc0c546a14610507575f5ffd5b8063beed3b8a14610448578063bf67313414610467578063c64417981461047a578063c7d095991461048d578063e30c3978146104b4575f5ffd5b80639eca672c116100fa5780639eca672c146103e9578063a86f9d9e146103fc578063aa4854431461040f578063b3ab15fb14610422578063bbe42dd414610435575f5ffd5b80638da5cb5b146103a0578063996b2e4b146103b05780639cb93dd1146103c35780639daf85ab146103d6575f5ffd5b806347b0c3b3116101ab5780636ec21cc81161017b5780636ec21cc81461033a578063715018a614610343578063717bc3511461034b57806379ba50971461037d57806384b0196e14610385575f5ffd5b806347b0c3b3146102ea5780634838ed1914610315578063570ca7351461031e57806366b1749514610331575f5ffd5b806333bfe845116101f157806333bfe845146102875780633644e515146102a85780633ccfd60b146102b0578063402914f5146102b8578063409d6f35146102d7575f5ffd5b806302dbbbac14610222578063137d29d91461023757806315a29035146102545780631de26e1614610274575b5f5ffd5b6102356102303660046122df565b61052e565b005b6102416201518081565b6040519081526020015b60405180910390f35b6102676102623660046122ff565b610542565b60405161024b919061234e565b6102356102823660046123f3565b610688565b61029a6102953660046122ff565b610779565b60405161024b929190612413565b6102416107f8565b610235610806565b6102416102c63660046122df565b60106020525f908152604090205481565b6102356102e53660046124c3565b61082f565b6005546102fd906001600160a01b031681565b6040516001600160a01b03909116815260200161024b565b61024160095481565b6004546102fd906001600160a01b031681565b61024161010081565b61024160075481565b610235610a7f565b61036d6103593660046122ff565b600a6020525f908152604090205460ff1681565b604051901515815260200161024b565b610235610a90565b61038d610ad1565b60405161024b979695949392919061254a565b5f546001600160a01b03166102fd565b6102356103be3660046125f6565b610b13565b6006546102fd906001600160a01b031681565b6102356103e43660046122df565b610d97565b6102356103f73660046122df565b610da8565b61023561040a366004612651565b610dcf565b61023561041d36600461267b565b610e9f565b6102356104303660046122df565b610fc1565b61023561044336600461267b565b610fd2565b6102416104563660046122ff565b600b6020525f908152604090205481565b6102356104753660046122ff565b61118f565b6102356104883660046122ff565b611213565b6102417fcb622a99769831ca21d73da5a420072adcc90994af364b949dcec485e00a316c81565b6001546001600160a01b03166102fd565b6102356104d33660046126ae565b6112fa565b6102356104e63660046122ff565b6114ea565b6102356104f93660046122df565b6115d8565b61024160085481565b6102fd7f000000000000000000000000000000000000000000000000000000000000000081565b610536611648565b61053f81611674565b50565b61058e60408051610120810182525f808252602082018190529181018290526060810182905290608082019081526020015f81525f602082018190526040820181905260609091015290565b5f828152600f6020908152604091829020825161012081018452815481526001820154928101929092526002808201546001600160a01b03811694840194909452600160a01b84046001600160401b03166060840152919290916080840191600160e01b900460ff169081111561060757610607612316565b600281111561061857610618612316565b815260200160028201601d9054906101000a900460ff16600581111561064057610640612316565b600581111561065157610651612316565b815260038201546001600160401b038082166020840152600160401b90910416604082015260049091015460609091015292915050565b6106906116f6565b61069982611711565b805f036106b957604051631f2a200560e01b815260040160405180910390fd5b5f828152600b6020526040812080548392906106d690849061272b565b925050819055508060075f8282546106ee919061272b565b9091555050604051818152339083907f2d95a790c9683e372b2afae38ceccf1a0dfb77e11d85e6103c24d72532818cae9060200160405180910390a361075f6001600160a01b037f000000000000000000000000000000000000000000000000000000000000000016333084611742565b61077560015f5160206128b95f395f51905f5255565b5050565b5f818152600c60209081526040808320600d835281842054815483518186028101860190945280845260609594929360ff909216928491908301828280156107e857602002820191905f5260205f20905b81546001600160a01b031681526001909101906020018083116107ca575b5050505050915091509150915091565b5f610801611778565b905090565b61080e6116f6565b610817336118a1565b61082d60015f5160206128b95f395f51905f5255565b565b6004546001600160a01b0316331461086157604051633b63649d60e11b81523360048201526024015b60405180910390fd5b61086a84611711565b60ff8116158061087c575060ff811682105b80610888575061010082115b156108b257604051630e565b3160e01b81526004810183905260ff82166024820152604401610858565b5f848152600c60205260408120905b815481101561091a57600e5f8781526020019081526020015f205f8383815481106108ee576108ee61273e565b5f9182526020808320909101546001600160a01b031683528201929092526040018120556001016108c1565b505f858152600c602052604081206109319161229a565b5f5b83811015610a1f575f85858381811061094e5761094e61273e565b905060200201602081019061096391906122df565b90506001600160a01b038116158061099b57505f878152600e602090815260408083206001600160a01b038516845290915290205415155b156109c45760405163226328af60e11b81526001600160a01b0382166004820152602401610858565b6109cf82600161272b565b5f888152600e602090815260408083206001600160a01b03909516808452948252822092909255845460018181018755868352929091200180546001600160a01b03191690921790915501610933565b505f858152600d602052604090819020805460ff191660ff85161790555185907fae546a5fc4e256d5fa0ad7b259d024c44b9a0d7d05fe947118931eb1101c41b890610a7090879087908790612752565b60405180910390a25050505050565b610a87611648565b61082d5f611988565b60015433906001600160a01b03168114610ac85760405163118cdaa760e01b81526001600160a01b0382166004820152602401610858565b61053f81611988565b5f6060805f5f5f6060610ae26119a1565b610aea6119cc565b604080515f80825260208201909252600f60f81b9b939a50919850469750309650945092509050565b6004546001600160a01b03163314610b4057604051633b63649d60e11b8152336004820152602401610858565b610b4984611711565b600260ff82161115610b73576040516357eddd1d60e01b815260ff82166004820152602401610858565b825f03610b9357604051631f2a200560e01b815260040160405180910390fd5b42826001600160401b031611610bcd5760405163dd2d27d760e01b81526001600160401b0383166004820152426024820152604401610858565b5f858152600f60205260408120906002820154600160e81b900460ff166005811115610bfb57610bfb612316565b14610c2e578581600201601d9054906101000a900460ff16604051630ea162bb60e11b81526004016108589291906127a9565b60018260ff166002811115610c4557610c45612316565b6002811115610c5657610c56612316565b148015610c7157505f858152600d602052604090205460ff16155b15610c9257604051631c6aa4c160e01b815260048101869052602401610858565b610c9c85856119f7565b8360085f828254610cad919061272b565b9091555050848155600181018490556002808201805467ffffffffffffffff60a01b1916600160a01b6001600160401b0387160217905560ff831690811115610cf857610cf8612316565b81600201601c6101000a81548160ff02191690836002811115610d1d57610d1d612316565b02179055506002810180546001919060ff60e81b1916600160e81b83021790555084867fdbc6326517879dcb5c483568575e0d3d6d2dad0169646b8435b2b42e3d08d29c86868660ff166002811115610d7857610d78612316565b604051610d87939291906127bd565b60405180910390a3505050505050565b610d9f611648565b61053f81611a6e565b610db06116f6565b610db9816118a1565b61053f60015f5160206128b95f395f51905f5255565b5f610dd983611af0565b90505f80600283810154600160e01b900460ff1690811115610dfd57610dfd612316565b14610e3f5760028083810154600160e01b900460ff1690811115610e2357610e23612316565b14610e2e575f610e4c565b6006546001600160a01b0316610e4c565b6005546001600160a01b03165b9050336001600160a01b03821614610e8e578382600201601c9054906101000a900460ff1633604051630348b04d60e21b8152600401610858939291906127e8565b610e99848385611ba8565b50505050565b6004546001600160a01b03163314610ecc57604051633b63649d60e11b8152336004820152602401610858565b610ed46116f6565b610edd83611711565b6001600160a01b038216610f045760405163d92e233d60e01b815260040160405180910390fd5b805f03610f2457604051631f2a200560e01b815260040160405180910390fd5b610f2e83826119f7565b816001600160a01b0316837f4060547cb4a49363ce8df1bffd6519020a8987215640ca7ab425041e5088553c83604051610f6a91815260200190565b60405180910390a3610fa66001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000168383611d5c565b610fbc60015f5160206128b95f395f51905f5255565b505050565b610fc9611648565b61053f81611d91565b6004546001600160a01b03163314610fff57604051633b63649d60e11b8152336004820152602401610858565b6001600160a01b0382166110265760405163d92e233d60e01b815260040160405180910390fd5b5f838152600f6020526040902060016002820154600160e81b900460ff16600581111561105557611055612316565b14611088578381600201601d9054906101000a900460ff1660405163482f169360e01b81526004016108589291906127a9565b6002810154600160a01b90046001600160401b031642106110da576002810154604051630ca373db60e01b815260048101869052600160a01b9091046001600160401b03166024820152604401610858565b6002810180546001600160a01b0385167fffff00ffffffffffffffffff00000000000000000000000000000000000000009091168117600160e91b1791829055600483018490556003830180546001600160401b03421667ffffffffffffffff19909116179055604051909186917f1ce6854734ff8bd8c502b78efebf33c307b532831646cf787173ea4632ef3b239161118191879160ff600160e01b9091041690612815565b60405180910390a350505050565b6004546001600160a01b031633146111bc57604051633b63649d60e11b8152336004820152602401610858565b5f818152600a602052604090205460ff1661053f575f818152600a6020526040808220805460ff191660011790555182917f43641244aeefd8de6827c26f36450aa6165c9fef65ddfa7262da93ba648464d291a250565b5f818152600f602052604081209060016002830154600160e81b900460ff16600581111561124357611243612316565b0361126357506002810154600160a01b90046001600160401b03166112af565b600280830154600160e81b900460ff16600581111561128457611284612316565b036112af5760028201546112ac906201518090600160a01b90046001600160401b031661272b565b90505b8015806112bb57508042105b156112f0578282600201601d9054906101000a900460ff16826040516302fbb32b60e11b815260040161085893929190612829565b610fbc8383611e13565b5f61130486611af0565b90506001600282810154600160e01b900460ff169081111561132857611328612316565b1461135b578581600201601c9054906101000a900460ff166040516346baa9ff60e01b8152600401610858929190612815565b60038101545f906001600160401b03600160401b8204811691161161139f57600382015461139a90600160401b90046001600160401b0316600161272b565b6113ae565b60038201546001600160401b03165b905080856001600160401b031610806113cf575042856001600160401b0316115b1561140c57604051637fe05a5560e01b8152600481018890526001600160401b038616602482015260448101829052426064820152608401610858565b604080517fcb622a99769831ca21d73da5a420072adcc90994af364b949dcec485e00a316c602082015290810188905286151560608201526001600160401b03861660808201525f906114779060a00160405160208183030381529060405280519060200120611e6a565b90505f611489845f0154838888611e9c565b84545f908152600d602052604090205490915060ff16808210156114d357604051634c16455160e11b8152600481018b90526024810183905260ff82166044820152606401610858565b6114de8a868b611ba8565b50505050505050505050565b6004546001600160a01b0316331461151757604051633b63649d60e11b8152336004820152602401610858565b5f818152600f6020526040902060016002820154600160e81b900460ff16600581111561154657611546612316565b14611579578181600201601d9054906101000a900460ff1660405163482f169360e01b81526004016108589291906127a9565b60028101805460ff60e81b1916600560e81b17905561159781611f79565b8054600182015460405190815283907f67f158dba32a1506d9ea13ca017f3420ce7de78f3cf70b65a946d1023517051e906020015b60405180910390a35050565b6115e0611648565b600180546001600160a01b0383166001600160a01b031990911681179091556116105f546001600160a01b031690565b6001600160a01b03167f38d16b8cac22d99fc7c124b9cd0de2d3fa1faef420bfe791d8c362d765e2270060405160405180910390a350565b5f546001600160a01b0316331461082d5760405163118cdaa760e01b8152336004820152602401610858565b6001600160a01b03811661169b5760405163d92e233d60e01b815260040160405180910390fd5b6006546040516001600160a01b038084169216907ff123b2ca76dd3e13505bd7272d4eafce9711986e959202c35245b1a85b6bd8c7905f90a3600680546001600160a01b0319166001600160a01b0392909216919091179055565b6116fe611fda565b60025f5160206128b95f395f51905f5255565b5f818152600a602052604090205460ff1661053f57604051631f43f51960e11b815260048101829052602401610858565b611750848484846001612009565b610e9957604051635274afe760e01b81526001600160a01b0385166004820152602401610858565b5f306001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161480156117d057507f000000000000000000000000000000000000000000000000000000000000000046145b156117fa57507f000000000000000000000000000000000000000000000000000000000000000090565b610801604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527f0000000000000000000000000000000000000000000000000000000000000000918101919091527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b6001600160a01b0381165f90815260106020526040812054908190036118e5576040516332559a3360e11b81526001600160a01b0383166004820152602401610858565b6001600160a01b0382165f9081526010602052604081208190556009805483929061191190849061284b565b90915550506040518181526001600160a01b038316907faa916bb7738886447c333e8803dd7d94e5fcb6acb2f5d5aa6502373dd59dc55b9060200160405180910390a26107756001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000168383611d5c565b600180546001600160a01b031916905561053f81612076565b60606108017f00000000000000000000000000000000000000000000000000000000000000006120c5565b60606108017f00000000000000000000000000000000000000000000000000000000000000006120c5565b5f828152600b602052604090205481811015611a3757604051631d265c8760e31b8152600481018490526024810182905260448101839052606401610858565b611a41828261284b565b5f848152600b602052604081209190915560078054849290611a6490849061284b565b9091555050505050565b6001600160a01b038116611a955760405163d92e233d60e01b815260040160405180910390fd5b6005546040516001600160a01b038084169216907f59b0a2696d1ebcafa21539b85c82de9ecd511f90e43ae873d82cfad77dd60272905f90a3600580546001600160a01b0319166001600160a01b0392909216919091179055565b5f818152600f60205260409020600280820154600160e81b900460ff166005811115611b1e57611b1e612316565b14611b51578181600201601d9054906101000a900460ff1660405163df2cdbeb60e01b81526004016108589291906127a9565b60028101545f90611b76906201518090600160a01b90046001600160401b031661272b565b9050804210611ba25760405163058e996360e51b81526004810184905260248101829052604401610858565b50919050565b60028201546001600160a01b03168115611c7a5760028301805460ff60e81b1916600360e81b1790556001830154600880545f90611be790849061284b565b909155505060018301546001600160a01b0382165f9081526010602052604081208054909190611c1890849061272b565b90915550506001830154600980545f90611c3390849061272b565b92505081905550806001600160a01b0316847f2f32a60d5d791e82b653845a171f837621b7db6a10b97d814a39661f6c95791a856001015460405161118191815260200190565b6040516001600160a01b0382169085907fbabadd5a4e5fdc2f5d77c9f72d1e39047e6a3c79b2a28dbcf2b7fd2969d5c5e8905f90a36002830180546001600160a01b031916908190555f6004850155600384018054426001600160401b03818116600160401b026fffffffffffffffffffffffffffffffff1990931692909217909255600160a01b9092049091161115611d525760028301805460ff60e81b1916600160e81b17905560405184907fae5c872b4498d8e857e43522a12d5dfde96a0d5089787500d6495dade8e994fa905f90a2610e99565b610e998484611e13565b611d698383836001612102565b610fbc57604051635274afe760e01b81526001600160a01b0384166004820152602401610858565b6001600160a01b038116611db85760405163d92e233d60e01b815260040160405180910390fd5b6004546040516001600160a01b038084169216907fd58299b712891143e76310d5e664c4203c940a67db37cf856bdaa3c5c76a802c905f90a3600480546001600160a01b0319166001600160a01b0392909216919091179055565b60028101805460ff60e81b1916600160ea1b179055611e3181611f79565b8054600182015460405190815283907fecbe03b71c9658c6b6ecb46e26fe386571a70325aac1edbc38f4dee38ce915ae906020016115cc565b5f611e96611e76611778565b8360405161190160f01b8152600281019290925260228201526042902090565b92915050565b5f80805b83811015611f6f575f5f611ed788888886818110611ec057611ec061273e565b9050602002810190611ed2919061285e565b612164565b5090925090505f816003811115611ef057611ef0612316565b14611efc575050611f67565b5f898152600e602090815260408083206001600160a01b038616845290915281205490819003611f2e57505050611f67565b5f611f3a60018361284b565b6001901b905085811615611f515750505050611f67565b9485179486611f5f816128a0565b975050505050505b600101611ea0565b5050949350505050565b806001015460085f828254611f8e919061284b565b9091555050600181015481545f908152600b602052604081208054909190611fb790849061272b565b90915550506001810154600780545f90611fd290849061272b565b909155505050565b5f5160206128b95f395f51905f525460020361082d57604051633ee5aeb560e01b815260040160405180910390fd5b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f51148316612065578383151615612059573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b60605f6120d1836121ab565b6040805160208082528183019092529192505f91906020820181803683375050509182525060208101929092525090565b60405163a9059cbb60e01b5f8181526001600160a01b038616600452602485905291602083604481808b5af1925060015f5114831661215857838315161561214c573d5f823e3d81fd5b5f873b113d1516831692505b60405250949350505050565b5f80806041849003612198578435602086013560408701355f1a61218a898285856121d2565b9550955095505050506121a2565b505f915060029050825b93509350939050565b5f60ff8216601f811115611e9657604051632cd44ac360e21b815260040160405180910390fd5b5f80807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a084111561220b57505f91506003905082612290565b604080515f808252602082018084528a905260ff891692820192909252606081018790526080810186905260019060a0016020604051602081039080840390855afa15801561225c573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b03811661228757505f925060019150829050612290565b92505f91508190505b9450945094915050565b5080545f8255905f5260205f209061082d91905f5b80821115610fbc575f818401556001016122af565b80356001600160a01b03811681146122da575f5ffd5b919050565b5f602082840312156122ef575f5ffd5b6122f8826122c4565b9392505050565b5f6020828403121561230f575f5ffd5b5035919050565b634e487b7160e01b5f52602160045260245ffd5b6003811061233a5761233a612316565b9052565b6006811061233a5761233a612316565b81518152602080830151908201526040808301516001600160a01b0316908201526060808301516001600160401b03169082015260808083015161012083019161239a9084018261232a565b5060a08301516123ad60a084018261233e565b5060c08301516123c860c08401826001600160401b03169052565b5060e08301516123e360e08401826001600160401b03169052565b5061010092830151919092015290565b5f5f60408385031215612404575f5ffd5b50508035926020909101359150565b604080825283519082018190525f9060208501906060840190835b818110156124555783516001600160a01b031683526020938401939092019160010161242e565b5050809250505060ff831660208301529392505050565b5f5f83601f84011261247c575f5ffd5b5081356001600160401b03811115612492575f5ffd5b6020830191508360208260051b85010111156124ac575f5ffd5b9250929050565b803560ff811681146122da575f5ffd5b5f5f5f5f606085870312156124d6575f5ffd5b8435935060208501356001600160401b038111156124f2575f5ffd5b6124fe8782880161246c565b90945092506125119050604086016124b3565b905092959194509250565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b60ff60f81b8816815260e060208201525f61256860e083018961251c565b828103604084015261257a818961251c565b606084018890526001600160a01b038716608085015260a0840186905283810360c0850152845180825260208087019350909101905f5b818110156125cf5783518352602093840193909201916001016125b1565b50909b9a5050505050505050505050565b80356001600160401b03811681146122da575f5ffd5b5f5f5f5f5f60a0868803121561260a575f5ffd5b853594506020860135935060408601359250612628606087016125e0565b9150612636608087016124b3565b90509295509295909350565b803580151581146122da575f5ffd5b5f5f60408385031215612662575f5ffd5b8235915061267260208401612642565b90509250929050565b5f5f5f6060848603121561268d575f5ffd5b8335925061269d602085016122c4565b929592945050506040919091013590565b5f5f5f5f5f608086880312156126c2575f5ffd5b853594506126d260208701612642565b93506126e0604087016125e0565b925060608601356001600160401b038111156126fa575f5ffd5b6127068882890161246c565b969995985093965092949392505050565b634e487b7160e01b5f52601160045260245ffd5b80820180821115611e9657611e96612717565b634e487b7160e01b5f52603260045260245ffd5b604080825281018390525f8460608301825b86811015612792576001600160a01b0361277d846122c4565b16825260209283019290910190600101612764565b50809250505060ff83166020830152949350505050565b828152604081016122f8602083018461233e565b8381526001600160401b0383166020820152606081016127e0604083018461232a565b949350505050565b838152606081016127fc602083018561232a565b6001600160a01b03929092166040919091015292915050565b828152604081016122f8602083018461232a565b8381526060810161283d602083018561233e565b826040830152949350505050565b81810381811115611e9657611e96612717565b5f5f8335601e19843603018112612873575f5ffd5b8301803591506001600160401b0382111561288c575f5ffd5b6020019150368190038213156124ac575f5ffd5b5f600182016128b1576128b1612717565b506001019056fe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00a2646970667358221220d1483b8cb73443e100486a593c8264384517e05a98752cad6039969345dada4f64736f6c63430008250033" as const;
