import { type Kysely, sql } from 'kysely';
import type { Database, SyncCounts } from '../../store/schema.js';
import { ConnectorError } from '../http.js';
import type { ScopeResult, SourceSync, SourceSyncOptions } from '../source.js';
import {
  emptyCounts,
  markFinished,
  markStarted,
  readCursor,
  type SyncScope,
  saveCursor,
} from '../sync-state.js';
import {
  COPILOT_FIRST_DAY,
  COPILOT_WINDOW_DAYS,
  type CopilotClient,
  createCopilotClient,
} from './copilot.js';
import { CURSOR_MAX_DAYS, CURSOR_WINDOW_DAYS, type CursorClient, createCursorClient } from './cursor.js';
import type { AiToolsSettings } from './settings.js';
import { type AiTool, addDays, type DayUsage, dayOf, type ToolScope, type UsageCounters } from './usage.js';
import { createWindsurfClient, WINDSURF_CHUNK_DAYS, type WindsurfClient } from './windsurf.js';

// AI tools → ai_usage_daily (source 'ai' in sync_state), one scope per ai_tool_scopes row whose
// tool has a key configured. A scope reads the days after its cursor (the last complete day stored;
// --since re-reads from a day; the first run reads the vendor's whole window) up to the last day
// the vendor has finished, chunk by chunk (Windsurf and Cursor 30 days, Copilot a day). Each chunk is
// stored in one transaction with the cursor and the scope's data_through, so an interrupted run
// resumes after the last stored chunk and re-reads nothing twice. A re-read day replaces what was
// stored for it (the aggregate row, the per-user rows, the raw answer); days older than the
// vendor's window are never deleted: the store keeps the history the vendors do not.
//
// Freshness: the pages show each scope's data_through ("data as of"); the AI answer does not read
// delivery_sources (which only knows deployments, changes, incidents and pushes), so nothing is
// recorded there.

/** The resume point kept in sync_state.cursor. */
export interface AiCursor {
  /** The last complete day (UTC, YYYY-MM-DD) stored. */
  day: string;
}

/** Days each vendor keeps: the first run reads this far back. */
const WINDOW_DAYS: Record<AiTool, number> = {
  windsurf: 365,
  copilot: COPILOT_WINDOW_DAYS,
  cursor: CURSOR_WINDOW_DAYS,
};
const CHUNK_DAYS: Record<AiTool, number> = {
  windsurf: WINDSURF_CHUNK_DAYS,
  copilot: 1,
  cursor: CURSOR_MAX_DAYS,
};
const VENDOR: Record<AiTool, string> = { windsurf: 'Windsurf', copilot: 'GitHub Copilot', cursor: 'Cursor' };
/** Windsurf refreshes every 3 hours; Cursor's day settles within hours too. */
const SETTLE_MS = 3 * 3_600_000;
const INSERT_BATCH = 500;

const COUNTERS = [
  'active_users',
  'suggestions',
  'acceptances',
  'lines_suggested',
  'lines_accepted',
  'chat_requests',
  'agent_requests',
  'cli_requests',
] as const;

/** The last day the vendor has finished publishing. */
function lastCompleteDay(tool: AiTool, now: Date): string {
  // Copilot answers 204 for a day it has not finished: yesterday can always be asked.
  const settled = tool === 'copilot' ? now.getTime() : now.getTime() - SETTLE_MS;
  return addDays(dayOf(settled), -1);
}

function firstDay(tool: AiTool, lastComplete: string): string {
  const start = addDays(lastComplete, 1 - WINDOW_DAYS[tool]);
  return tool === 'copilot' && start < COPILOT_FIRST_DAY ? COPILOT_FIRST_DAY : start;
}

interface Clients {
  windsurf: WindsurfClient | null;
  copilot: CopilotClient | null;
  cursor: CursorClient | null;
}

/** A JSON text with sorted keys: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

const sameCounters = (a: Record<string, unknown>, b: UsageCounters) =>
  COUNTERS.every((key) => (a[key] === null || a[key] === undefined ? null : Number(a[key])) === b[key]);

/** Stores a chunk's days (rows not changed are not written), counting rows in `counts`. */
async function storeDays(
  trx: Kysely<Database>,
  scope: ToolScope,
  days: readonly DayUsage[],
  counts: SyncCounts,
  now: Date,
): Promise<void> {
  if (days.length === 0) return;
  const where = { company_id: scope.companyId, project_id: scope.projectId, tool: scope.tool };
  const existing = await trx
    .selectFrom('ai_usage_daily')
    .selectAll()
    .where('company_id', '=', scope.companyId)
    .where('project_id', '=', scope.projectId)
    .where('tool', '=', scope.tool)
    .where(
      'day',
      'in',
      days.map((d) => d.day),
    )
    .execute();
  const stored = new Map(existing.map((row) => [`${row.day}|${row.user_key}`, row]));
  const writes: Parameters<ReturnType<Kysely<Database>['insertInto']>['values']>[0][] = [];
  for (const usage of days) {
    const rows: [string, UsageCounters, string | null][] = [
      ['*', usage.aggregate, canonical(usage.breakdown)],
      ...[...usage.users].map(([key, counters]): [string, UsageCounters, null] => [key, counters, null]),
    ];
    counts.received += rows.length;
    for (const [userKey, counters, breakdown] of rows) {
      const before = stored.get(`${usage.day}|${userKey}`);
      if (
        before &&
        sameCounters(before, counters) &&
        (breakdown === null || canonical(before.breakdown) === breakdown)
      ) {
        counts.unchanged++;
        continue;
      }
      if (before) counts.updated++;
      else counts.created++;
      writes.push({
        ...where,
        day: usage.day,
        user_key: userKey,
        ...counters,
        breakdown: breakdown ?? '{}',
      });
    }
    // A user the vendor no longer lists for a re-read day is gone from it.
    const gone = existing
      .filter((row) => row.day === usage.day && row.user_key !== '*' && !usage.users.has(row.user_key))
      .map((row) => row.user_key);
    if (gone.length > 0) {
      await trx
        .deleteFrom('ai_usage_daily')
        .where('company_id', '=', scope.companyId)
        .where('project_id', '=', scope.projectId)
        .where('tool', '=', scope.tool)
        .where('day', '=', usage.day)
        .where('user_key', 'in', gone)
        .execute();
    }
  }
  for (let i = 0; i < writes.length; i += INSERT_BATCH) {
    await trx
      .insertInto('ai_usage_daily')
      .values(writes.slice(i, i + INSERT_BATCH) as never)
      .onConflict((oc) =>
        oc.columns(['company_id', 'project_id', 'tool', 'day', 'user_key']).doUpdateSet((eb) => ({
          active_users: eb.ref('excluded.active_users'),
          suggestions: eb.ref('excluded.suggestions'),
          acceptances: eb.ref('excluded.acceptances'),
          lines_suggested: eb.ref('excluded.lines_suggested'),
          lines_accepted: eb.ref('excluded.lines_accepted'),
          chat_requests: eb.ref('excluded.chat_requests'),
          agent_requests: eb.ref('excluded.agent_requests'),
          cli_requests: eb.ref('excluded.cli_requests'),
          breakdown: eb.ref('excluded.breakdown'),
        })),
      )
      .execute();
  }
  const raw = days.flatMap((usage) =>
    [...usage.raw].map(([report, payload]) => ({
      ...where,
      scope_name: scope.name,
      day: usage.day,
      report,
      payload: JSON.stringify(payload),
      fetched_at: now,
    })),
  );
  for (let i = 0; i < raw.length; i += INSERT_BATCH) {
    await trx
      .insertInto('ai_usage_raw')
      .values(raw.slice(i, i + INSERT_BATCH))
      .onConflict((oc) =>
        oc.columns(['company_id', 'project_id', 'tool', 'scope_name', 'day', 'report']).doUpdateSet((eb) => ({
          payload: eb.ref('excluded.payload'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }
}

/** Moves the cursor and the scope's data_through forward (never back: a --since re-read keeps them). */
async function advance(trx: Kysely<Database>, at: SyncScope, scope: ToolScope, day: string): Promise<void> {
  const cursor = await readCursor<AiCursor>(trx, at);
  if (!cursor || cursor.day < day) await saveCursor(trx, at, { day } satisfies AiCursor);
  await trx
    .updateTable('ai_tool_scopes')
    .set({ data_through: sql<string>`greatest(data_through, ${day}::date)` })
    .where('company_id', '=', scope.companyId)
    .where('project_id', '=', scope.projectId)
    .where('tool', '=', scope.tool)
    .execute();
}

/** The scope's days, chunk by chunk: stored, then the cursor moved (see the file's comment). */
async function syncScope(
  db: Kysely<Database>,
  clients: Clients,
  scope: ToolScope,
  at: SyncScope,
  counts: SyncCounts,
  options: SourceSyncOptions,
  now: Date,
  report: (what: string) => void,
): Promise<void> {
  const last = lastCompleteDay(scope.tool, now);
  const earliest = firstDay(scope.tool, last);
  const cursor = await readCursor<AiCursor>(db, at);
  let from = options.since ? dayOf(options.since) : cursor ? addDays(cursor.day, 1) : earliest;
  // A first run or a re-read starts at most a window back. A resume asks from its cursor even when
  // that is older (a host that was off for months): Cursor's window is not documented, and what the
  // vendor still has is worth having. Copilot's year is documented: nothing older is asked there.
  if (from < earliest && (!cursor || options.since || scope.tool === 'copilot')) from = earliest;

  if (scope.tool === 'copilot' || scope.tool === 'cursor') {
    const client = scope.tool === 'copilot' ? clients.copilot : clients.cursor;
    const seats = await (client as CopilotClient | CursorClient).seats(scope);
    await db
      .updateTable('ai_tool_scopes')
      .set({ seats })
      .where('company_id', '=', scope.companyId)
      .where('project_id', '=', scope.projectId)
      .where('tool', '=', scope.tool)
      .execute();
    report('seats');
  }

  // Copilot: a day answered 204 (not ready, or too few users) holds the cursor before it; later
  // days are still stored, and the next run asks again from the held day.
  let held = false;
  for (let start = from; start <= last; ) {
    if (options.signal?.aborted) {
      throw new Error('the run was stopped; the next run resumes after the last stored day');
    }
    const chunkEnd = addDays(start, CHUNK_DAYS[scope.tool] - 1);
    const end = [chunkEnd, last].sort()[0] as string;
    let days: DayUsage[];
    if (scope.tool === 'copilot') {
      const answer = await (clients.copilot as CopilotClient).day(scope, start);
      if (answer === 'not-ready') {
        held = true;
        days = [];
      } else {
        days = answer.raw.size > 0 ? [answer] : [];
      }
    } else if (scope.tool === 'cursor') {
      days = await (clients.cursor as CursorClient).days(scope, start, end);
    } else {
      days = await (clients.windsurf as WindsurfClient).days(scope, start, end);
    }
    counts.pages++;
    await db.transaction().execute(async (trx) => {
      await storeDays(trx, scope, days, counts, now);
      if (!held) await advance(trx, at, scope, end);
    });
    report(start === end ? start : `${start} to ${end}`);
    start = addDays(end, 1);
  }
}

function redact(message: string, secrets: readonly string[]): string {
  let clean = message;
  for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  return clean;
}

/**
 * AI tools usage (Windsurf, GitHub Copilot, Cursor) → ai_usage_daily, scope by scope; a failing scope
 * never stops the others. Scopes of tools without a key are skipped.
 */
export const syncAiTools: SourceSync<AiToolsSettings> = async (db, settings, options = {}) => {
  const now = options.now ?? (() => new Date());
  const clients: Clients = {
    windsurf: settings.windsurf ? createWindsurfClient(settings.windsurf, options.http) : null,
    copilot: settings.copilot ? createCopilotClient(settings.copilot, options.http) : null,
    cursor: settings.cursor ? createCursorClient(settings.cursor, options.http) : null,
  };
  const secrets = [settings.windsurf?.serviceKey, settings.copilot?.token, settings.cursor?.apiKey].filter(
    (s): s is string => !!s,
  );
  const requests = () =>
    (clients.windsurf?.requests ?? 0) + (clients.copilot?.requests ?? 0) + (clients.cursor?.requests ?? 0);
  const rows = await db
    .selectFrom('ai_tool_scopes')
    .select(['company_id', 'project_id', 'tool', 'scope_kind', 'scope_name'])
    .orderBy('company_id')
    .orderBy('project_id')
    .orderBy('tool')
    .execute();
  const results: ScopeResult[] = [];
  for (const row of rows) {
    if (!clients[row.tool]) continue;
    const scope: ToolScope = {
      companyId: row.company_id,
      projectId: row.project_id,
      tool: row.tool,
      kind: row.scope_kind,
      name: row.scope_name,
    };
    const at: SyncScope = {
      source: 'ai',
      scope: `${row.tool}:${row.project_id}:${row.scope_name}`,
      companyId: row.company_id,
    };
    const label = `${row.project_id} (${row.tool}: ${row.scope_name})`;
    const counts = emptyCounts();
    const before = requests();
    await markStarted(db, at, now());
    let error: string | null = null;
    try {
      await syncScope(db, clients, scope, at, counts, options, now(), (what) =>
        options.onProgress?.({
          label,
          what,
          page: counts.pages,
          counts: { ...counts, requests: requests() - before },
        }),
      );
    } catch (failure) {
      const message =
        failure instanceof ConnectorError
          ? failure.message
          : `${VENDOR[row.tool]}: ${failure instanceof Error ? failure.message : String(failure)}`;
      error = redact(message, secrets);
    }
    counts.requests = requests() - before;
    if (error === null) {
      // "Synced at" on the project card (analytics/project-summary.ts), as GitHub and Jira have it.
      await db
        .updateTable('ai_tool_scopes')
        .set({ last_synced_at: now() })
        .where('company_id', '=', row.company_id)
        .where('project_id', '=', row.project_id)
        .where('tool', '=', row.tool)
        .where('scope_name', '=', row.scope_name)
        .execute();
    }
    await markFinished(db, at, { now: now(), counts, error });
    results.push({ scope: at.scope, label, companyId: row.company_id, counts, error });
  }
  return { scopes: results, requests: requests() };
};
