import type { Kysely } from 'kysely';
import type { Database, SyncCounts, SyncSource } from '../store/schema.js';

// Where each source's next sync resumes and how its last one went (table sync_state, migration
// 0009). A run marks its scope running, writes the cursor after every page it stored (so an
// interrupted run resumes there), and ends ok or failed with its counts; a failed scope keeps its
// last success and its cursor, and never stops the other scopes or sources.

export interface SyncScope {
  source: SyncSource;
  /** A project id, or '' for the whole source. */
  scope: string;
  companyId: string | null;
}

export const emptyCounts = (): SyncCounts => ({
  requests: 0,
  pages: 0,
  received: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
});

const MAX_ERROR = 2000;

export async function readCursor<T>(db: Kysely<Database>, at: SyncScope): Promise<T | null> {
  const row = await db
    .selectFrom('sync_state')
    .select('cursor')
    .where('source', '=', at.source)
    .where('scope', '=', at.scope)
    .executeTakeFirst();
  return (row?.cursor ?? null) as T | null;
}

export async function markStarted(db: Kysely<Database>, at: SyncScope, now: Date): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({
      source: at.source,
      scope: at.scope,
      company_id: at.companyId,
      status: 'running',
      last_started_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'scope']).doUpdateSet({
        company_id: at.companyId,
        status: 'running',
        last_started_at: now,
      }),
    )
    .execute();
}

/** The resume point after a stored page; runs in the page's own transaction where one is given. */
export async function saveCursor(db: Kysely<Database>, at: SyncScope, cursor: unknown): Promise<void> {
  await db
    .updateTable('sync_state')
    .set({ cursor: JSON.stringify(cursor) })
    .where('source', '=', at.source)
    .where('scope', '=', at.scope)
    .execute();
}

export async function markFinished(
  db: Kysely<Database>,
  at: SyncScope,
  outcome: { now: Date; counts: SyncCounts; error: string | null },
): Promise<void> {
  const ok = outcome.error === null;
  await db
    .updateTable('sync_state')
    .set({
      status: ok ? 'ok' : 'failed',
      last_finished_at: outcome.now,
      last_counts: JSON.stringify(outcome.counts),
      last_error: ok ? null : (outcome.error as string).slice(0, MAX_ERROR),
      ...(ok ? { last_success_at: outcome.now } : {}),
    })
    .where('source', '=', at.source)
    .where('scope', '=', at.scope)
    .execute();
}

export interface SyncStatusRow {
  source: SyncSource;
  scope: string;
  companyId: string | null;
  status: 'never' | 'running' | 'ok' | 'failed';
  cursor: unknown;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastCounts: SyncCounts | null;
}

/** Every source's state, by source and scope. */
export async function syncStatus(db: Kysely<Database>, source?: SyncSource): Promise<SyncStatusRow[]> {
  let query = db.selectFrom('sync_state').selectAll().orderBy('source').orderBy('scope');
  if (source) query = query.where('source', '=', source);
  const rows = await query.execute();
  return rows.map((r) => ({
    source: r.source,
    scope: r.scope,
    companyId: r.company_id,
    status: r.status,
    cursor: r.cursor,
    lastStartedAt: r.last_started_at,
    lastFinishedAt: r.last_finished_at,
    lastSuccessAt: r.last_success_at,
    lastError: r.last_error,
    lastCounts: r.last_counts,
  }));
}
