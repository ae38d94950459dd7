// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title TaskEscrow
/// @notice One escrow for every tenant's USDC task pool, in the spirit of ERC-8183 job escrow. A tenant's pool is
///         funded with `deposit`; `createTask` moves an amount from the pool into the task's escrow; a resolved
///         task either credits the solver's `claimable` balance (pulled with `withdraw`/`withdrawFor`) or returns the
///         escrow to the pool. The token must move exactly the amounts asked (USDC does; fee-on-transfer tokens
///         are not supported).
///
///         Only `deposit` credits a pool: tokens sent to this contract with a plain ERC-20 transfer belong to no
///         pool, are counted in no total, and cannot be withdrawn by anyone.
///
///         Roles: the owner (Ownable2Step) only rotates the three role holders. The operator (the service's
///         server wallet) registers pools, sets verifier sets, creates, cancels and submits tasks and withdraws
///         pools. The attester resolves Oracle tasks, the evaluator AIEval tasks; Consensus tasks are resolved by
///         anyone holding `threshold` EIP-712 signatures of the tenant's verifiers.
contract TaskEscrow is Ownable2Step, EIP712, ReentrancyGuard {
    using SafeERC20 for IERC20;

    enum Method {
        Oracle,
        Consensus,
        AIEval
    }

    /// @dev None is the status of a task id never created.
    enum Status {
        None,
        Open,
        Submitted,
        Settled,
        Expired,
        Cancelled
    }

    struct Task {
        bytes32 tenantId;
        uint256 amount;
        address solver;
        uint64 deadline;
        Method method;
        Status status;
        /// @dev Block time of the current submission; 0 while Open.
        uint64 submittedAt;
        /// @dev Block time of the last rejection; 0 if never rejected.
        uint64 rejectedAt;
        bytes32 deliverable;
    }

    /// @notice How long past its deadline a submitted task waits for its resolution before anyone may expire it:
    ///         a solver who submits just before the deadline still gets a full day of verification.
    uint256 public constant GRACE = 1 days;

    /// @notice Upper bound of a verifier set: one bit per verifier in the duplicate-signer bitmap.
    uint256 public constant MAX_VERIFIERS = 256;

    bytes32 public constant RESOLUTION_TYPEHASH =
        keccak256("Resolution(bytes32 taskId,bool approved,uint64 timestamp)");

    IERC20 public immutable token;
    address public operator;
    address public attester;
    address public evaluator;

    uint256 public totalPooled;
    uint256 public totalEscrowed;
    uint256 public totalClaimable;

    mapping(bytes32 tenantId => bool) public poolRegistered;
    mapping(bytes32 tenantId => uint256) public poolBalance;
    mapping(bytes32 tenantId => address[]) private _verifiers;
    mapping(bytes32 tenantId => uint8) private _thresholds;
    /// @dev 1-based position in `_verifiers[tenantId]`; 0 for an address that is not a verifier.
    mapping(bytes32 tenantId => mapping(address verifier => uint256)) private _verifierPositions;
    mapping(bytes32 taskId => Task) private _tasks;
    mapping(address solver => uint256) public claimable;

    event OperatorChanged(address indexed previous, address indexed next);
    event AttesterChanged(address indexed previous, address indexed next);
    event EvaluatorChanged(address indexed previous, address indexed next);
    event PoolRegistered(bytes32 indexed tenantId);
    event VerifiersSet(bytes32 indexed tenantId, address[] verifiers, uint8 threshold);
    event PoolDeposited(bytes32 indexed tenantId, address indexed from, uint256 amount);
    event PoolWithdrawn(bytes32 indexed tenantId, address indexed to, uint256 amount);
    event TaskCreated(bytes32 indexed taskId, bytes32 indexed tenantId, uint256 amount, uint64 deadline, Method method);
    event TaskCancelled(bytes32 indexed taskId, bytes32 indexed tenantId, uint256 amount);
    event VerificationRequested(bytes32 indexed taskId, address indexed solver, bytes32 deliverable, Method method);
    event TaskSettled(bytes32 indexed taskId, address indexed solver, uint256 amount);
    event TaskRejected(bytes32 indexed taskId, address indexed solver);
    event TaskReopened(bytes32 indexed taskId);
    event TaskExpired(bytes32 indexed taskId, bytes32 indexed tenantId, uint256 amount);
    event PayoutWithdrawn(address indexed solver, uint256 amount);

    error ZeroAddress();
    error ZeroAmount();
    error NotOperator(address caller);
    error NotResolver(bytes32 taskId, Method method, address caller);
    error PoolNotRegistered(bytes32 tenantId);
    error InsufficientPool(bytes32 tenantId, uint256 available, uint256 requested);
    error InvalidVerifierSet(uint256 count, uint8 threshold);
    error InvalidVerifier(address verifier);
    error NoVerifiers(bytes32 tenantId);
    error UnknownMethod(uint8 method);
    error DeadlineNotInFuture(uint64 deadline, uint256 blockTime);
    error TaskExists(bytes32 taskId, Status status);
    error TaskNotOpen(bytes32 taskId, Status status);
    error TaskNotSubmitted(bytes32 taskId, Status status);
    error TaskPastDeadline(bytes32 taskId, uint64 deadline);
    error ResolutionWindowClosed(bytes32 taskId, uint256 closedAt);
    error NotConsensusTask(bytes32 taskId, Method method);
    error ResolutionTimestampOutOfRange(bytes32 taskId, uint64 timestamp, uint256 notBefore, uint256 notAfter);
    error BelowThreshold(bytes32 taskId, uint256 validSigners, uint8 threshold);
    error TaskNotExpirable(bytes32 taskId, Status status, uint256 expirableAt);
    error NothingToClaim(address solver);

    modifier onlyOperator() {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        _;
    }

    constructor(
        IERC20 token_,
        address operator_,
        address attester_,
        address evaluator_,
        address initialOwner
    ) Ownable(initialOwner) EIP712("TallyTaskEscrow", "1") {
        if (address(token_) == address(0)) revert ZeroAddress();
        token = token_;
        _setOperator(operator_);
        _setAttester(attester_);
        _setEvaluator(evaluator_);
    }

    // ---------------------------------------------------------------- roles

    function setOperator(address next) external onlyOwner {
        _setOperator(next);
    }

    function setAttester(address next) external onlyOwner {
        _setAttester(next);
    }

    function setEvaluator(address next) external onlyOwner {
        _setEvaluator(next);
    }

    // ---------------------------------------------------------------- pools

    /// @notice Idempotent: registering a registered pool changes nothing and emits nothing, so a retried call
    ///         after a lost receipt is harmless.
    function registerPool(bytes32 tenantId) external onlyOperator {
        if (poolRegistered[tenantId]) return;
        poolRegistered[tenantId] = true;
        emit PoolRegistered(tenantId);
    }

    /// @notice Replaces the tenant's Consensus verifier set: `threshold` distinct signatures of `verifiers` resolve
    ///         a Consensus task. The set in force when a resolution arrives is the one that counts.
    function setVerifiers(bytes32 tenantId, address[] calldata verifiers, uint8 threshold) external onlyOperator {
        _requirePool(tenantId);
        if (threshold == 0 || threshold > verifiers.length || verifiers.length > MAX_VERIFIERS) {
            revert InvalidVerifierSet(verifiers.length, threshold);
        }
        address[] storage previous = _verifiers[tenantId];
        for (uint256 i = 0; i < previous.length; i++) {
            delete _verifierPositions[tenantId][previous[i]];
        }
        delete _verifiers[tenantId];
        for (uint256 i = 0; i < verifiers.length; i++) {
            address verifier = verifiers[i];
            if (verifier == address(0) || _verifierPositions[tenantId][verifier] != 0) {
                revert InvalidVerifier(verifier);
            }
            _verifierPositions[tenantId][verifier] = i + 1;
            previous.push(verifier);
        }
        _thresholds[tenantId] = threshold;
        emit VerifiersSet(tenantId, verifiers, threshold);
    }

    /// @notice Pulls `amount` from the caller (after `approve`) into the pool of a registered tenant.
    function deposit(bytes32 tenantId, uint256 amount) external nonReentrant {
        _requirePool(tenantId);
        if (amount == 0) revert ZeroAmount();
        poolBalance[tenantId] += amount;
        totalPooled += amount;
        emit PoolDeposited(tenantId, msg.sender, amount);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Pays out of the pool's unescrowed balance; escrow of live tasks is out of reach.
    function withdrawPool(bytes32 tenantId, address to, uint256 amount) external onlyOperator nonReentrant {
        _requirePool(tenantId);
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        _debitPool(tenantId, amount);
        emit PoolWithdrawn(tenantId, to, amount);
        token.safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------- tasks

    /// @param method 0 Oracle, 1 Consensus, 2 AIEval.
    function createTask(
        bytes32 taskId,
        bytes32 tenantId,
        uint256 amount,
        uint64 deadline,
        uint8 method
    ) external onlyOperator {
        _requirePool(tenantId);
        if (method > uint8(Method.AIEval)) revert UnknownMethod(method);
        if (amount == 0) revert ZeroAmount();
        if (deadline <= block.timestamp) revert DeadlineNotInFuture(deadline, block.timestamp);
        Task storage task = _tasks[taskId];
        if (task.status != Status.None) revert TaskExists(taskId, task.status);
        if (Method(method) == Method.Consensus && _thresholds[tenantId] == 0) revert NoVerifiers(tenantId);

        _debitPool(tenantId, amount);
        totalEscrowed += amount;
        task.tenantId = tenantId;
        task.amount = amount;
        task.deadline = deadline;
        task.method = Method(method);
        task.status = Status.Open;
        emit TaskCreated(taskId, tenantId, amount, deadline, Method(method));
    }

    /// @notice Open tasks only (also past their deadline): the escrow goes back to the pool.
    function cancelTask(bytes32 taskId) external onlyOperator {
        Task storage task = _tasks[taskId];
        if (task.status != Status.Open) revert TaskNotOpen(taskId, task.status);
        task.status = Status.Cancelled;
        _refundEscrow(task);
        emit TaskCancelled(taskId, task.tenantId, task.amount);
    }

    /// @notice Relays a solver's submission of an Open task before its deadline and asks for its verification.
    function submit(bytes32 taskId, address solver, bytes32 deliverable) external onlyOperator {
        if (solver == address(0)) revert ZeroAddress();
        Task storage task = _tasks[taskId];
        if (task.status != Status.Open) revert TaskNotOpen(taskId, task.status);
        if (block.timestamp >= task.deadline) revert TaskPastDeadline(taskId, task.deadline);
        task.status = Status.Submitted;
        task.solver = solver;
        task.deliverable = deliverable;
        task.submittedAt = uint64(block.timestamp);
        emit VerificationRequested(taskId, solver, deliverable, task.method);
    }

    // ---------------------------------------------------------------- resolution

    /// @notice Resolves a submitted Oracle task (caller: the attester) or AIEval task (caller: the evaluator).
    function resolve(bytes32 taskId, bool approved) external {
        Task storage task = _resolvableTask(taskId);
        address resolver = task.method == Method.Oracle
            ? attester
            : task.method == Method.AIEval
                ? evaluator
                : address(0);
        if (msg.sender != resolver) revert NotResolver(taskId, task.method, msg.sender);
        _conclude(taskId, task, approved);
    }

    /// @notice Resolves a submitted Consensus task with EIP-712 signatures of
    ///         `Resolution(bytes32 taskId,bool approved,uint64 timestamp)` (domain "TallyTaskEscrow", version "1",
    ///         this chain and contract). A signature counts once per distinct verifier of the tenant's current set;
    ///         unreadable signatures, non-verifiers and repeated signers are skipped, in any order.
    /// @param timestamp When the verifiers signed: not before the current submission, after the task's last
    ///        rejection and not in the future, so signatures over an earlier submission cannot be replayed.
    function resolveWithSignatures(
        bytes32 taskId,
        bool approved,
        uint64 timestamp,
        bytes[] calldata signatures
    ) external {
        Task storage task = _resolvableTask(taskId);
        if (task.method != Method.Consensus) revert NotConsensusTask(taskId, task.method);
        uint256 notBefore = task.submittedAt > task.rejectedAt ? task.submittedAt : uint256(task.rejectedAt) + 1;
        if (timestamp < notBefore || timestamp > block.timestamp) {
            revert ResolutionTimestampOutOfRange(taskId, timestamp, notBefore, block.timestamp);
        }
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(RESOLUTION_TYPEHASH, taskId, approved, timestamp)));
        uint256 signers = _countVerifierSignatures(task.tenantId, digest, signatures);
        uint8 threshold = _thresholds[task.tenantId];
        if (signers < threshold) revert BelowThreshold(taskId, signers, threshold);
        _conclude(taskId, task, approved);
    }

    /// @notice Anyone: an Open task at or past its deadline, or a Submitted one at or past deadline + GRACE,
    ///         expires and its escrow goes back to the pool.
    function expire(bytes32 taskId) external {
        Task storage task = _tasks[taskId];
        uint256 expirableAt;
        if (task.status == Status.Open) expirableAt = task.deadline;
        else if (task.status == Status.Submitted) expirableAt = uint256(task.deadline) + GRACE;
        if (expirableAt == 0 || block.timestamp < expirableAt) {
            revert TaskNotExpirable(taskId, task.status, expirableAt);
        }
        _expire(taskId, task);
    }

    // ---------------------------------------------------------------- payouts

    /// @notice Pays the caller's claimable balance to the caller.
    function withdraw() external nonReentrant {
        _payOut(msg.sender);
    }

    /// @notice Anyone may push a solver's claimable balance; it is only ever paid to the solver itself.
    function withdrawFor(address solver) external nonReentrant {
        _payOut(solver);
    }

    // ---------------------------------------------------------------- views

    function getTask(bytes32 taskId) external view returns (Task memory) {
        return _tasks[taskId];
    }

    function verifiersOf(bytes32 tenantId) external view returns (address[] memory verifiers, uint8 threshold) {
        return (_verifiers[tenantId], _thresholds[tenantId]);
    }

    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---------------------------------------------------------------- internals

    function _setOperator(address next) private {
        if (next == address(0)) revert ZeroAddress();
        emit OperatorChanged(operator, next);
        operator = next;
    }

    function _setAttester(address next) private {
        if (next == address(0)) revert ZeroAddress();
        emit AttesterChanged(attester, next);
        attester = next;
    }

    function _setEvaluator(address next) private {
        if (next == address(0)) revert ZeroAddress();
        emit EvaluatorChanged(evaluator, next);
        evaluator = next;
    }

    function _requirePool(bytes32 tenantId) private view {
        if (!poolRegistered[tenantId]) revert PoolNotRegistered(tenantId);
    }

    function _debitPool(bytes32 tenantId, uint256 amount) private {
        uint256 available = poolBalance[tenantId];
        if (available < amount) revert InsufficientPool(tenantId, available, amount);
        poolBalance[tenantId] = available - amount;
        totalPooled -= amount;
    }

    function _refundEscrow(Task storage task) private {
        totalEscrowed -= task.amount;
        poolBalance[task.tenantId] += task.amount;
        totalPooled += task.amount;
    }

    /// @dev A submitted task whose resolution window (until deadline + GRACE) is still open.
    function _resolvableTask(bytes32 taskId) private view returns (Task storage task) {
        task = _tasks[taskId];
        if (task.status != Status.Submitted) revert TaskNotSubmitted(taskId, task.status);
        uint256 closedAt = uint256(task.deadline) + GRACE;
        if (block.timestamp >= closedAt) revert ResolutionWindowClosed(taskId, closedAt);
    }

    function _countVerifierSignatures(
        bytes32 tenantId,
        bytes32 digest,
        bytes[] calldata signatures
    ) private view returns (uint256 count) {
        uint256 seen;
        for (uint256 i = 0; i < signatures.length; i++) {
            (address signer, ECDSA.RecoverError recoverError, ) = ECDSA.tryRecoverCalldata(digest, signatures[i]);
            if (recoverError != ECDSA.RecoverError.NoError) continue;
            uint256 position = _verifierPositions[tenantId][signer];
            if (position == 0) continue;
            uint256 bit = 1 << (position - 1);
            if (seen & bit != 0) continue;
            seen |= bit;
            count++;
        }
    }

    /// @dev Approved: Settled, the escrow becomes the solver's claimable. Rejected: Open again for another
    ///      submission before the deadline, Expired with a refund from the deadline on.
    function _conclude(bytes32 taskId, Task storage task, bool approved) private {
        address solver = task.solver;
        if (approved) {
            task.status = Status.Settled;
            totalEscrowed -= task.amount;
            claimable[solver] += task.amount;
            totalClaimable += task.amount;
            emit TaskSettled(taskId, solver, task.amount);
            return;
        }
        emit TaskRejected(taskId, solver);
        task.solver = address(0);
        task.deliverable = bytes32(0);
        task.submittedAt = 0;
        task.rejectedAt = uint64(block.timestamp);
        if (block.timestamp < task.deadline) {
            task.status = Status.Open;
            emit TaskReopened(taskId);
        } else {
            _expire(taskId, task);
        }
    }

    function _expire(bytes32 taskId, Task storage task) private {
        task.status = Status.Expired;
        _refundEscrow(task);
        emit TaskExpired(taskId, task.tenantId, task.amount);
    }

    function _payOut(address solver) private {
        uint256 amount = claimable[solver];
        if (amount == 0) revert NothingToClaim(solver);
        claimable[solver] = 0;
        totalClaimable -= amount;
        emit PayoutWithdrawn(solver, amount);
        token.safeTransfer(solver, amount);
    }
}
