import {
  MAX_SYNC_TEXT,
  type SyncCounts,
  type SyncJob,
  type SyncJobSummary,
  type SyncScopeStatus,
  type SyncStatus,
} from '@client-portal/api-client';
import type { HostConfig } from '../config/index.js';
import { isConfigured, SYNC_SOURCES, sourceName } from '../connectors/run.js';
import { type SyncStatusRow, syncStatus } from '../connectors/sync-state.js';
import type { Store } from '../store/index.js';
import type { SyncSource } from '../store/schema.js';
import { recentSyncJobs, type SyncJobRow } from './sync-schedule.js';

// How the connectors' syncs went, per source: what `sync --status` prints and what
// GET /api/staff/sync-status answers (the contract's SyncStatus). Read from the store only — the
// sync_state table and the job queue's tables — and from the configuration only whether a source is
// configured and its schedule, never a connector's settings (so never a credential). Every source
// is listed, configured or not; a source or scope whose stored values are odd (a job output of
// another shape, counts that are not counts) is shown without them rather than failing the others.

/** The whole-source scope ('') is shown as this. */
export const WHOLE_SOURCE_LABEL = '(all)';

/** `text` cut to the contract's MAX_SYNC_TEXT characters, without splitting a surrogate pair. */
function clip(text: string): string {
  if (text.length <= MAX_SYNC_TEXT) return text;
  const cut = text.slice(0, MAX_SYNC_TEXT);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

const instant = (value: Date | string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const COUNT_KEYS = ['requests', 'pages', 'received', 'created', 'updated', 'unchanged'] as const;

function countsOf(value: unknown): SyncCounts | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (!COUNT_KEYS.every((key) => isCount(record[key]))) return null;
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, record[key]])) as SyncCounts;
}

function cursorOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? null : clip(text);
}

/** A failed (or retried) job's output: pg-boss's serialized error, `{ message, … }`. */
function errorOf(output: unknown): string | null {
  if (typeof output === 'string') return clip(output);
  if (output && typeof output === 'object') {
    const message = (output as { message?: unknown }).message;
    if (typeof message === 'string') return clip(message);
  }
  return null;
}

/** A completed job's output: jobs/sync-schedule.ts's SyncJobSummary. */
function summaryOf(output: unknown): SyncJobSummary | null {
  if (!output || typeof output !== 'object') return null;
  const { scopes, failed, requests, errors } = output as Record<string, unknown>;
  if (!isCount(scopes) || !isCount(failed) || !isCount(requests) || !Array.isArray(errors)) return null;
  return {
    scopes,
    failed,
    requests,
    errors: errors.filter((e): e is string => typeof e === 'string').map(clip),
  };
}

function jobOf(row: SyncJobRow): SyncJob {
  return {
    id: row.id,
    state: row.state,
    retryCount: isCount(row.retryCount) ? row.retryCount : 0,
    createdAt: instant(row.createdAt) ?? new Date(0).toISOString(),
    startedAt: instant(row.startedAt),
    completedAt: instant(row.completedAt),
    error: row.state === 'failed' || row.state === 'retry' ? errorOf(row.output) : null,
    summary: row.state === 'completed' ? summaryOf(row.output) : null,
  };
}

interface Names {
  /** Project id → its Jira key, else its name. */
  projects: Map<string, string>;
  companies: Map<string, string>;
}

/** The names the scopes' labels need: the projects and companies their ids name. */
async function namesOf(store: Pick<Store, 'db'>, rows: SyncStatusRow[]): Promise<Names> {
  const scopeIds = [...new Set(rows.map((r) => r.scope).filter(Boolean))];
  const companyIds = [
    ...new Set([...scopeIds, ...rows.map((r) => r.companyId).filter((id): id is string => !!id)]),
  ];
  const [projects, companies] = await Promise.all([
    scopeIds.length
      ? store.db
          .selectFrom('projects')
          .select(['id', 'jira_key', 'name'])
          .where('company_id', 'in', companyIds)
          .where('id', 'in', scopeIds)
          .execute()
      : [],
    companyIds.length
      ? store.db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute()
      : [],
  ]);
  return {
    projects: new Map(projects.map((p) => [p.id, p.jira_key || p.name || p.id])),
    companies: new Map(companies.map((c) => [c.id, c.name])),
  };
}

function scopeOf(row: SyncStatusRow, names: Names): SyncScopeStatus {
  const label =
    row.scope === ''
      ? WHOLE_SOURCE_LABEL
      : (names.projects.get(row.scope) ?? names.companies.get(row.scope) ?? row.scope);
  return {
    scope: row.scope,
    label,
    companyId: row.companyId,
    companyName: row.companyId ? (names.companies.get(row.companyId) ?? null) : null,
    status: row.status,
    lastStartedAt: instant(row.lastStartedAt),
    lastFinishedAt: instant(row.lastFinishedAt),
    lastSuccessAt: instant(row.lastSuccessAt),
    lastError: row.lastError === null ? null : clip(row.lastError),
    counts: countsOf(row.lastCounts),
    cursor: cursorOf(row.cursor),
  };
}

/**
 * Every source's configuration, latest scheduled run and scopes (or just `source`'s), in
 * SYNC_SOURCES order. Reads `config` only for `isConfigured` and `syncSchedule`.
 */
export async function buildSyncReport(
  store: Pick<Store, 'db'>,
  config: HostConfig,
  source?: SyncSource,
): Promise<SyncStatus> {
  const [rows, jobs] = await Promise.all([syncStatus(store.db, source), recentSyncJobs(store, 1)]);
  const names = await namesOf(store, rows);
  return {
    sources: (source ? [source] : SYNC_SOURCES).map((s) => {
      const configured = isConfigured(config, s);
      const job = jobs.find((j) => j.source === s);
      return {
        source: s,
        name: sourceName(s),
        configured,
        schedule: configured ? config.syncSchedule[s] : null,
        lastJob: job ? jobOf(job) : null,
        scopes: rows.filter((r) => r.source === s).map((r) => scopeOf(r, names)),
      };
    }),
  };
}
