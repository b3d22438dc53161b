import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { HostConfig } from '../config/index.js';
import { configuredSources, runSource, SYNC_SOURCES, sourceName } from '../connectors/run.js';
import type { SourceSyncResult } from '../connectors/source.js';
import type { Store } from '../store/index.js';
import type { SyncSource } from '../store/schema.js';
import { JOBS_SCHEMA, type JobQueueLogger } from './queue.js';

// Periodic syncs through the job queue: one queue per configured source (`sync-jira`, …) with
// pg-boss's "stately" policy — at most one run active and one waiting per source across every host
// instance, so a schedule tick during a long run queues one follow-up and no more — and a cron
// schedule per source (SYNC_SCHEDULE_*), which pg-boss fires once per tick whatever the number of
// instances. A run with a failed scope fails the job, which pg-boss retries with backoff; a job
// that fails every retry stays in the queue's table, where the status route reads it.

export const syncQueueName = (source: SyncSource): string => `sync-${source}`;

/** Retries of a failed run: 5, 10, 20 minutes (pg-boss doubles retryDelay with retryBackoff). */
export const SYNC_RETRY = { retryLimit: 3, retryDelay: 300, retryBackoff: true } as const;
/** A run still active after this long is failed by pg-boss (and retried): a hung vendor call, a killed host. */
const SYNC_EXPIRE_SECONDS = 4 * 3600;

export interface SyncJobSummary {
  source: SyncSource;
  scopes: number;
  failed: number;
  requests: number;
  /** Each failed scope: "label: error". */
  errors: string[];
}

export class SyncRunFailed extends Error {
  override readonly name = 'SyncRunFailed';
  constructor(readonly summary: SyncJobSummary) {
    super(
      `${sourceName(summary.source)}: ${summary.failed} of ${summary.scopes} scope(s) failed: ${summary.errors.join('; ')}`.slice(
        0,
        2000,
      ),
    );
  }
}

export function summarise(source: SyncSource, result: SourceSyncResult): SyncJobSummary {
  const failed = result.scopes.filter((s) => s.error !== null);
  return {
    source,
    scopes: result.scopes.length,
    failed: failed.length,
    requests: result.requests,
    errors: failed.map((s) => `${s.label}: ${s.error}`),
  };
}

export interface SyncScheduleOptions {
  logger: JobQueueLogger & { info(obj: object, msg?: string): void };
  /** How often a worker looks for a due run, in seconds. Default 10. */
  pollingIntervalSeconds?: number;
  /** For tests: retries of a failed run (default SYNC_RETRY). */
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** For tests: the sync run (default: the configured connector's). */
  run?: (source: SyncSource, signal: AbortSignal) => Promise<SourceSyncResult>;
}

export interface SyncSchedule {
  /** The sources with a queue and a worker on this instance. */
  sources: SyncSource[];
  /** Asks for a run now (deduplicated by the queue's policy); null when one is already waiting. */
  runNow(source: SyncSource): Promise<string | null>;
  /** Stops this instance's workers; a run in progress ends between pages. */
  stop(): Promise<void>;
}

async function ensureQueue(boss: PgBoss, name: string, retry: SyncScheduleOptions['retry']): Promise<void> {
  const options = {
    name,
    policy: 'stately' as const,
    ...(retry ?? SYNC_RETRY),
    expireInSeconds: SYNC_EXPIRE_SECONDS,
  };
  if (await boss.getQueue(name)) {
    await boss.updateQueue(name, options);
    return;
  }
  try {
    await boss.createQueue(name, options);
  } catch (error) {
    // Another instance created it meanwhile.
    if (!(await boss.getQueue(name))) throw error;
  }
}

/**
 * Creates each configured source's queue, (un)schedules it as SYNC_SCHEDULE_* says, and works it
 * on this instance. Sources not configured here are unscheduled, so a removed connector stops.
 */
export async function startSyncSchedule(
  boss: PgBoss,
  store: Pick<Store, 'db'>,
  config: HostConfig,
  options: SyncScheduleOptions,
): Promise<SyncSchedule> {
  const sources = configuredSources(config);
  const controller = new AbortController();
  const run =
    options.run ??
    ((source: SyncSource, signal: AbortSignal) => {
      const running = runSource(store.db, config, source, { signal });
      if (!running) throw new Error(`${sourceName(source)} is not configured on this host`);
      return running;
    });
  const workers: string[] = [];
  for (const source of SYNC_SOURCES) {
    const name = syncQueueName(source);
    const cron = sources.includes(source) ? config.syncSchedule[source] : null;
    if (!sources.includes(source)) {
      if (await boss.getQueue(name)) await boss.unschedule(name);
      continue;
    }
    await ensureQueue(boss, name, options.retry);
    if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    else await boss.unschedule(name);
    workers.push(
      await boss.work(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        async ([job]) => {
          options.logger.info({ source, job: job?.id }, 'sync started');
          const summary = summarise(source, await run(source, controller.signal));
          if (summary.failed > 0) {
            options.logger.warn({ ...summary, job: job?.id }, 'sync finished with failed scopes');
            throw new SyncRunFailed(summary);
          }
          options.logger.info({ ...summary, job: job?.id }, 'sync finished');
          return summary;
        },
      ),
    );
  }
  return {
    sources,
    runNow: (source) => boss.send(syncQueueName(source), {}),
    async stop() {
      controller.abort();
      await Promise.all(workers.map((id) => boss.offWork({ id })));
    },
  };
}

export interface SyncJobRow {
  source: SyncSource;
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** The run's summary (completed) or its error message (failed, retry). */
  output: unknown;
}

/**
 * The latest sync jobs per source (waiting, running, retrying, and the last finished ones, failed
 * ones included), newest first; [] before the queue's first start on this store.
 */
export async function recentSyncJobs(store: Pick<Store, 'db'>, perSource = 5): Promise<SyncJobRow[]> {
  const exists = await sql<{ present: boolean }>`
    select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as present`.execute(store.db);
  if (!exists.rows[0]?.present) return [];
  const names = SYNC_SOURCES.map(syncQueueName);
  const schema = sql.id(JOBS_SCHEMA);
  const { rows } = await sql<{
    name: string;
    id: string;
    state: SyncJobRow['state'];
    retry_count: number;
    created_on: Date;
    started_on: Date | null;
    completed_on: Date | null;
    output: unknown;
  }>`
    select name, id::text, state::text as state, retry_count, created_on, started_on, completed_on, output
    from (
      select *, row_number() over (partition by name order by created_on desc) as n
      from (
        select name, id, state, retry_count, created_on, started_on, completed_on, output
          from ${schema}.job where name in (${sql.join(names)})
        union all
        select name, id, state, retry_count, created_on, started_on, completed_on, output
          from ${schema}.archive where name in (${sql.join(names)})
      ) jobs
    ) ranked
    where n <= ${perSource}
    order by name, created_on desc`.execute(store.db);
  return rows.map((r) => ({
    source: r.name.replace(/^sync-/, '') as SyncSource,
    id: r.id,
    state: r.state,
    retryCount: r.retry_count,
    createdAt: r.created_on,
    startedAt: r.started_on,
    completedAt: r.completed_on,
    output: r.output,
  }));
}
