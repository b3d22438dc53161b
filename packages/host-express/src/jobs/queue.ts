import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Store } from '../store/index.js';

// The host's one mechanism for background work: pg-boss 10 (the last major that runs on Node 20)
// over the host's own store, so scheduled work survives restarts and several host instances share
// one queue — on PGlite as on PostgreSQL. pg-boss keeps its tables in a schema of its own
// (`pgboss`), created and migrated by pg-boss itself at start.
//
// pg-boss talks to the store through `executeSql`: statements with parameters go through Kysely
// (on PGlite they wait for the store's own transactions, as every statement there does); its
// parameterless scripts (BEGIN; advisory lock; …; COMMIT) go through `store.script`, one
// simple-protocol round trip on either engine.

/** pg-boss's schema in the store. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobQueueLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobQueueOptions {
  logger: JobQueueLogger;
  /** How often a worker looks for work, in seconds (pg-boss polls). Default 10. */
  pollingIntervalSeconds?: number;
  /** How often the schedule is checked, in seconds (cron has minute resolution). Default 30. */
  cronMonitorIntervalSeconds?: number;
  /** Maintenance (expiry, archive, deletion), in seconds. Default 120. */
  maintenanceIntervalSeconds?: number;
}

/** The queue as the host's Db for pg-boss. */
export function storeJobDb(store: Pick<Store, 'db' | 'script'>): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await store.db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      }
      return store.script(text);
    },
  };
}

/** Starts pg-boss on the store (creating or migrating its schema); stop it with `queue.stop()`. */
export async function startJobQueue(
  store: Pick<Store, 'db' | 'script'>,
  options: JobQueueOptions,
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: storeJobDb(store),
    schema: JOBS_SCHEMA,
    // Scheduling needs the clock monitor and cron workers; supervision runs maintenance.
    schedule: true,
    supervise: true,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    // Failed jobs stay in the job table (the status route reads them) a week, then in the archive.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (error: Error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/**
 * Runs the job queue's set-up (pg-boss's start, queues, schedules) while no other host instance on
 * the same PostgreSQL does its own. pg-boss 10 creates each queue as a partition of its job table
 * with a foreign key to its queue table, unlocked: two instances creating different queues at once
 * (one pg-boss's own `__pgboss__send-it`, the other the requests' queue) deadlock, and one of them
 * fails to start. The lock is a transaction's, on a connection that only waits; pg-boss works on
 * the pool's others. The embedded store belongs to one process (and one connection), so there
 * `work` just runs.
 */
export async function withJobSetupLock<T>(
  store: Pick<Store, 'db' | 'kind'>,
  work: () => Promise<T>,
): Promise<T> {
  if (store.kind !== 'postgres') return work();
  return store.db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext('client-portal:job-queue-setup'))`.execute(trx);
    return work();
  });
}
