import type { Database } from "@tally/db";
import { type SQL, sql } from "drizzle-orm";

/** What the crash-recovery gate counts once the load is done, read straight from the database. */

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];

const rows = async <T>(database: Database, query: SQL): Promise<T[]> =>
  rowsOf<T>(await database.db.execute(query));

export interface PaymentCounts {
  /** Intents the processor accepted (succeeded), over the tenant's orders. */
  acceptedPayments: number;
  /** Orders with more than one accepted intent: a buyer charged twice. */
  doublyCharged: number;
  paidOrders: number;
  /** Orders with an accepted intent that are not PAID (or PAID by another method). */
  acceptedNotPaid: number;
  payouts: number;
  /** Paid orders whose payout count is not exactly one. */
  ordersWithoutOnePayout: number;
  pointAwards: number;
  /** Paid orders whose PURCHASE award count is not exactly one. */
  ordersWithoutOneAward: number;
  /** Points credited by PURCHASE awards, and the buyers' balances: equal when each award landed once. */
  pointsAwarded: number;
  pointsBalance: number;
  paymentExceptions: number;
  /**
   * Paid orders whose purchase-processed event was not published exactly once (settled twice): counted
   * in one subscriber's queue (points'), which gets one job per publish.
   */
  ordersNotSettledOnce: number;
}

const count = (value: unknown): number => Number(value ?? 0);

export const paymentCounts = async (
  database: Database,
  organizationId: string,
  queueSchema: string,
): Promise<PaymentCounts> => {
  const [intents] = await rows<{ accepted: string; doubly: string }>(
    database,
    sql`select count(*) as accepted,
          (select count(*) from (
             select data->'metadata'->>'orderId' from sandbox_processor_objects
             where kind = 'payment_intent' and data->>'status' = 'succeeded'
               and data->'metadata'->>'organizationId' = ${organizationId}
             group by 1 having count(*) > 1) doubled) as doubly
        from sandbox_processor_objects
        where kind = 'payment_intent' and data->>'status' = 'succeeded'
          and data->'metadata'->>'organizationId' = ${organizationId}`,
  );
  const [orders] = await rows<Record<string, string>>(
    database,
    sql`select
          count(*) filter (where o.status = 'PAID') as paid,
          count(*) filter (where accepted.order_id is not null
            and (o.status <> 'PAID' or o.payment_method <> 'CARD')) as accepted_not_paid,
          count(*) filter (where o.status = 'PAID' and coalesce(p.n, 0) <> 1) as without_one_payout,
          count(*) filter (where o.status = 'PAID' and coalesce(a.n, 0) <> 1) as without_one_award,
          coalesce(sum(p.n), 0) as payouts,
          coalesce(sum(a.n), 0) as awards,
          coalesce(sum(a.points), 0) as points
        from orders o
        left join (select distinct data->'metadata'->>'orderId' as order_id from sandbox_processor_objects
                   where kind = 'payment_intent' and data->>'status' = 'succeeded'
                     and data->'metadata'->>'organizationId' = ${organizationId}) accepted
          on accepted.order_id = o.id
        left join (select order_id, count(*) as n from creator_payouts
                   where organization_id = ${organizationId} group by order_id) p on p.order_id = o.id
        left join (select order_id, count(*) as n, sum(amount) as points from point_transactions
                   where organization_id = ${organizationId} and type = 'PURCHASE' group by order_id) a
          on a.order_id = o.id
        where o.organization_id = ${organizationId}`,
  );
  const [balances] = await rows<{ balance: string | null }>(
    database,
    sql`select sum(balance) as balance from point_balances where organization_id = ${organizationId}`,
  );
  const [exceptions] = await rows<{ n: string }>(
    database,
    sql`select count(*) as n from payment_exceptions where organization_id = ${organizationId}`,
  );
  const [settled] = await rows<{ n: string }>(
    database,
    sql`select count(*) as n from orders o
        left join (select data->>'orderId' as order_id, count(*) as n
                   from ${sql.identifier(queueSchema)}.job
                   where name = 'event.purchase-processed.points' and data->>'organizationId' = ${organizationId}
                   group by 1) s on s.order_id = o.id
        where o.organization_id = ${organizationId} and o.status = 'PAID' and coalesce(s.n, 0) <> 1`,
  );
  return {
    acceptedPayments: count(intents?.accepted),
    doublyCharged: count(intents?.doubly),
    paidOrders: count(orders?.paid),
    acceptedNotPaid: count(orders?.accepted_not_paid),
    payouts: count(orders?.payouts),
    ordersWithoutOnePayout: count(orders?.without_one_payout),
    pointAwards: count(orders?.awards),
    ordersWithoutOneAward: count(orders?.without_one_award),
    pointsAwarded: count(orders?.points),
    pointsBalance: count(balances?.balance),
    paymentExceptions: count(exceptions?.n),
    ordersNotSettledOnce: count(settled?.n),
  };
};

const JOBS_OF_EVENTS = sql`(name like 'event.%' or name = 'tally.dead-letter')`;

/** Event jobs that are running now (a worker holds them). */
export const activeEventJobs = async (database: Database, schema: string): Promise<number> => {
  const [found] = await rows<{ n: string }>(
    database,
    sql`select count(*) as n from ${sql.identifier(schema)}.job where state = 'active' and name like 'event.%'`,
  );
  return count(found?.n);
};

export interface JobCounts {
  /** Event jobs the queue took. */
  queued: number;
  completed: number;
  /** Event jobs that failed for good, and those of them with a dead_letters row. */
  failed: number;
  deadLettered: number;
  /** Event and dead-letter jobs still created, retrying or active (cron runs are left out: they keep coming). */
  unfinished: number;
}

export const jobCounts = async (database: Database, schema: string): Promise<JobCounts> => {
  const [events] = await rows<Record<string, string>>(
    database,
    sql`select count(*) filter (where name like 'event.%') as queued,
          count(*) filter (where name like 'event.%' and state = 'completed') as completed,
          count(*) filter (where name like 'event.%' and state = 'failed') as failed,
          count(*) filter (where name like 'event.%' and state = 'failed' and exists (
            select 1 from dead_letters d where d.job_id = j.id::text)) as dead_lettered,
          count(*) filter (where state in ('created', 'retry', 'active')) as unfinished
        from ${sql.identifier(schema)}.job j where ${JOBS_OF_EVENTS}`,
  );
  return {
    queued: count(events?.queued),
    completed: count(events?.completed),
    failed: count(events?.failed),
    deadLettered: count(events?.dead_lettered),
    unfinished: count(events?.unfinished),
  };
};

/** The heartbeat timeouts the event jobs were given: the processes' QUEUE_HEARTBEAT_SECONDS, through their queues. */
export const eventJobHeartbeats = async (database: Database, schema: string): Promise<number[]> => {
  const found = await rows<{ seconds: number }>(
    database,
    sql`select distinct heartbeat_seconds as seconds from ${sql.identifier(schema)}.job
        where name like 'event.%' order by 1`,
  );
  return found.map((row) => count(row.seconds));
};
