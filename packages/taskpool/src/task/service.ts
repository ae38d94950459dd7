import { AppError } from "@tally/core";
import {
  campaignJourneys,
  campaigns,
  type Executor,
  type Tx,
  taskRoutes,
  tasks,
  withTenant,
} from "@tally/db";
import { type EscrowWrite, TaskEscrowError } from "@tally/providers";
import { and, count, desc, eq, ne, type SQL, sum } from "drizzle-orm";
import { bytesToHex, type Hex } from "viem";
import { atomicToUsdc } from "../amount.ts";
import type { TaskpoolDeps } from "../deps.ts";
import { callEscrow, escrowFailure, isRevert, tenantIdOf, unknownOutcome } from "../escrow.ts";
import { noVerifierSet, releaseTaskEscrow, requirePool, reserveForTask } from "../pool/record.ts";
import { expireTask, expiryDueWhere, isExpiryDue, presentedStatusWhere, scheduleExpiry } from "./expire.ts";
import { findTask, type TaskRow } from "./record.ts";
import { recordRefund } from "./refund.ts";
import type { CreateTaskInput, ListTasksInput, TaskSummary } from "./schemas.ts";
import {
  abandonCreatingTask,
  applyTaskMove,
  illegalTaskMove,
  newTaskRow,
  TASK_MACHINE,
  updateTaskWhile,
} from "./states.ts";

/** A fresh bytes32 task id (the escrow's key for the task). */
const newTaskId = (): Hex => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));

const assertLinks = async (tx: Tx, organizationId: string, input: CreateTaskInput): Promise<void> => {
  if (input.journeyId !== undefined && input.campaignId === undefined)
    throw new AppError("validation_failed", "journeyId needs campaignId", {
      details: [{ field: "journeyId", message: "journeyId needs campaignId (the journey's campaign)" }],
    });
  if (input.campaignId === undefined) return;
  const [campaign] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, input.campaignId)));
  if (!campaign) throw new AppError("not_found", "Campaign not found");
  if (input.journeyId === undefined) return;
  const [journey] = await tx
    .select({ id: campaignJourneys.id })
    .from(campaignJourneys)
    .where(
      and(
        eq(campaignJourneys.organizationId, organizationId),
        eq(campaignJourneys.id, input.journeyId),
        eq(campaignJourneys.campaignId, input.campaignId),
      ),
    );
  if (!journey) throw new AppError("not_found", "Journey not found");
};

/**
 * The row opened: Creating -> Open with its createTask transaction, publishing `task-created` and the
 * expiry job due at its deadline.
 */
const openTask = async (deps: TaskpoolDeps, row: TaskRow, write: { txHash: Hex | null }): Promise<TaskRow> =>
  withTenant(deps.database.db, row.organizationId, async (tx) => {
    const opened = await applyTaskMove({ tx, now: deps.clock.now() }, row, {
      move: "open",
      set: write.txHash ? { createTxHash: write.txHash } : {},
    });
    if (!opened) return findTask(tx, row);
    await deps.events.publish(tx, "task-created", { organizationId: row.organizationId, taskId: row.id });
    await scheduleExpiry({ tx, events: deps.events }, opened);
    return opened;
  });

/** A task that will never be Open: its row goes and its amount returns to the mirrored balance. */
const abandon = (deps: TaskpoolDeps, row: TaskRow): Promise<void> =>
  withTenant(deps.database.db, row.organizationId, async (tx) => {
    const context = { tx, now: deps.clock.now() };
    const deleted = await abandonCreatingTask(context, row);
    if (deleted) await releaseTaskEscrow(context, row.organizationId, deleted.amountAtomic);
  });

/**
 * `POST /tasks`. Claim, call, record: in one transaction the pool's mirror moves the amount from its
 * balance to its escrowed total by a conditional update (409 `insufficient_funds`, nothing written, when
 * short; 409 `conflict` without a pool, or for a Consensus task while the pool has no verifier set) and
 * the task is inserted `Creating` with its route; then the escrow's `createTask` is sent. Mined, the task
 * becomes Open and `task-created` is published. Refused by the escrow, or never sent (chain unreachable, no
 * escrow), the row is removed and the amount returned (a 409 naming the contract's error, or 503). Sent
 * with an unknown outcome, the row stays Creating (503 with its taskId) until a read finds it on chain
 * (then Open) or past its deadline without it (then removed). So no task is ever Open without its escrow
 * on chain.
 */
export const createTask = async (
  deps: TaskpoolDeps,
  organizationId: string,
  input: CreateTaskInput,
): Promise<TaskRow> => {
  const escrow = deps.providers.taskEscrow;
  const chainNow = await callEscrow(() => escrow.chainTime());
  const nowSeconds = BigInt(Math.floor(deps.clock.now().getTime() / 1000));
  const start = chainNow > nowSeconds ? chainNow : nowSeconds;
  const deadlineSeconds = start + BigInt(input.durationSeconds);
  const taskId = newTaskId();
  const now = deps.clock.now();
  const row = await withTenant(deps.database.db, organizationId, async (tx) => {
    const pool = await requirePool(tx, organizationId);
    if (input.verificationMethod === "Consensus" && pool.verifierThreshold === 0) throw noVerifierSet();
    await assertLinks(tx, organizationId, input);
    await reserveForTask({ tx, now }, organizationId, input.amountUSDC);
    const [inserted] = await tx
      .insert(tasks)
      .values(
        newTaskRow({
          organizationId,
          id: taskId,
          merchantAddress: input.merchantAddress,
          amountAtomic: input.amountUSDC,
          acceptanceCriteria: input.acceptanceCriteria,
          verificationMethod: input.verificationMethod,
          deadline: new Date(Number(deadlineSeconds) * 1000),
          campaignId: input.campaignId ?? null,
          journeyId: input.journeyId ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await tx.insert(taskRoutes).values({ taskId, organizationId, createdAt: now });
    return inserted!;
  });
  let write: EscrowWrite;
  try {
    write = await escrow.createTask({
      taskId,
      tenantId: tenantIdOf(organizationId),
      amount: input.amountUSDC,
      deadline: deadlineSeconds,
      method: input.verificationMethod,
    });
  } catch (error) {
    const pendingHash = unknownOutcome(error);
    if (pendingHash) {
      await withTenant(deps.database.db, organizationId, (tx) =>
        updateTaskWhile({ tx, now: deps.clock.now() }, row, {
          while: ["Creating"],
          set: { createTxHash: pendingHash },
        }),
      );
      throw escrowFailure(error, { taskId, status: "Creating" });
    }
    await abandon(deps, row);
    deps.logger.warn({ organizationId, taskId, err: error }, "task creation refused by the escrow");
    if (isRevert(error, "NoVerifiers")) throw noVerifierSet();
    if (isRevert(error, "InsufficientPool"))
      throw new AppError("insufficient_funds", "The escrow's pool balance does not cover the task's amount", {
        context: { reason: "escrow_pool_short" },
      });
    throw escrowFailure(error);
  }
  const opened = await openTask(deps, row, write);
  deps.logger.info({ organizationId, taskId, txHash: write.txHash }, "task created");
  return opened;
};

/**
 * A task still `Creating` (its createTask sent with an unknown outcome) is settled against the chain on
 * read: found there, it opens; absent with the chain past its deadline (the send can no longer be mined),
 * it is removed and its amount returned (404 then); otherwise it stays Creating.
 */
const reconcileCreating = async (deps: TaskpoolDeps, row: TaskRow): Promise<TaskRow> => {
  const escrow = deps.providers.taskEscrow;
  const onChain = await callEscrow(() => escrow.getTask(row.id as Hex));
  if (onChain.status !== "None") return openTask(deps, row, { txHash: null });
  const chainNow = await callEscrow(() => escrow.chainTime());
  if (chainNow * 1000n <= BigInt(row.deadline.getTime())) return row;
  await abandon(deps, row);
  throw findTask.notFound();
};

/**
 * `GET /tasks/{taskId}`: the tenant's task (another organization's is 404). A task whose expiry is due is
 * expired now (`expireTask`: the chain call outside any transaction); when the chain refuses as early or
 * cannot be reached, the row is answered as it is and presented Expired with its refund pending.
 */
export const getTask = async (
  deps: TaskpoolDeps,
  organizationId: string,
  taskId: string,
): Promise<TaskRow> => {
  const row = await withTenant(deps.database.db, organizationId, (tx) =>
    findTask(tx, { organizationId, id: taskId }),
  );
  if (row.status === "Creating") return reconcileCreating(deps, row);
  if (!isExpiryDue(deps.clock.now(), row)) return row;
  const expiry = await expireTask(deps, row).catch((error: unknown) => {
    deps.logger.warn({ organizationId, taskId, err: error }, "task read: the due expiry is pending");
    return undefined;
  });
  return expiry?.task ?? row;
};

/**
 * `DELETE /tasks/{taskId}`: Open only (409 `invalid_state` naming the state otherwise). Claim, call, record:
 * the task moves Open -> Cancelled first (so no claim can take it meanwhile), then the escrow's `cancelTask`
 * returns its amount to the pool on chain, then the mirror follows (`refundedAt`). When the chain call
 * fails (503, or a refusal), the task stays Cancelled with its refund pending, and calling DELETE again
 * retries it; a refusal because the chain had already refunded it (cancelled or expired there) records
 * the refund.
 */
export const cancelTask = async (
  deps: TaskpoolDeps,
  organizationId: string,
  taskId: string,
): Promise<TaskRow> => {
  const escrow = deps.providers.taskEscrow;
  const row = await withTenant(deps.database.db, organizationId, async (tx) => {
    const current = await findTask(tx, { organizationId, id: taskId }, { lock: true });
    if (current.status === "Cancelled" && current.refundedAt === null) return current;
    const cancelled = await applyTaskMove({ tx, now: deps.clock.now() }, current, { move: "cancel" });
    if (!cancelled) throw illegalTaskMove("cancel", current.status);
    return cancelled;
  });
  try {
    const write = await escrow.cancelTask(taskId as Hex);
    return recordRefund(deps, row, { txHash: write.txHash });
  } catch (error) {
    if (error instanceof TaskEscrowError && error.reason === "reverted") {
      const onChain = await callEscrow(() => escrow.getTask(taskId as Hex));
      if (onChain.status === "Cancelled" || onChain.status === "Expired")
        return recordRefund(deps, row, { txHash: null });
    }
    deps.logger.warn({ organizationId, taskId, err: error }, "task cancel: the escrow's refund is pending");
    throw escrowFailure(error, { taskId, status: "Cancelled", refundPending: true });
  }
};

const listWhere = (
  organizationId: string,
  input: Pick<ListTasksInput, "status" | "campaignId"> & { now: Date },
): SQL | undefined =>
  and(
    eq(tasks.organizationId, organizationId),
    input.status ? presentedStatusWhere(input.now, input.status) : ne(tasks.status, "Creating"),
    input.campaignId ? eq(tasks.campaignId, input.campaignId) : undefined,
  );

/**
 * `GET /tasks`: newest first, filtered by the status a read presents (a task whose expiry is due is
 * Expired: `presentedStatus`) and by campaign. Creating tasks (escrow not on chain yet) are listed only
 * when asked for with `status=Creating`. No chain call: the expiry jobs and the sweep catch up.
 */
export const listTasks = async (
  { db, now }: { db: Executor; now: Date },
  organizationId: string,
  input: ListTasksInput,
): Promise<{ rows: TaskRow[]; total: number }> => {
  const where = listWhere(organizationId, { ...input, now });
  const rows = await db
    .select()
    .from(tasks)
    .where(where)
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(input.limit)
    .offset(input.offset);
  const [counted] = await db.select({ total: count() }).from(tasks).where(where);
  return { rows, total: counted?.total ?? 0 };
};

/**
 * `GET /tasks/analytics/summary`: counts by the status a read presents (a task whose expiry is due counts
 * as Expired, as the list shows it) and what the active tasks hold in escrow.
 */
export const taskSummary = async (
  { db, now }: { db: Executor; now: Date },
  organizationId: string,
): Promise<TaskSummary> => {
  const grouped = async (where?: SQL) =>
    (
      await db
        .select({ status: tasks.status, tasks: count(), amount: sum(tasks.amountAtomic) })
        .from(tasks)
        .where(and(eq(tasks.organizationId, organizationId), where))
        .groupBy(tasks.status)
    ).map((row) => ({ status: row.status as string, tasks: row.tasks, amount: BigInt(row.amount ?? "0") }));
  const stored = await grouped();
  const due = await grouped(expiryDueWhere(now));
  const byStatus = [
    ...stored,
    ...due.flatMap((row) => [
      { status: row.status, tasks: -row.tasks, amount: -row.amount },
      { ...row, status: "Expired" },
    ]),
  ];
  const countOf = (statuses: readonly string[]) =>
    byStatus.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.tasks, 0);
  const escrowed = byStatus
    .filter((row) => (TASK_MACHINE.sets.active as readonly string[]).includes(row.status))
    .reduce((total, row) => total + row.amount, 0n);
  return {
    totalCreated: countOf(TASK_MACHINE.states.filter((status) => status !== "Creating")),
    active: countOf(TASK_MACHINE.sets.active),
    completed: countOf(["Settled"]),
    expired: countOf(["Expired"]),
    cancelled: countOf(["Cancelled"]),
    valueEscrowedUSDC: atomicToUsdc(escrowed),
    valueEscrowedAtomic: escrowed.toString(),
  };
};
