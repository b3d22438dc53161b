import type { HostConfig } from '../config/index.js';
import { type JiraSyncOptions, syncJira } from '../connectors/jira/sync.js';
import { syncStatus } from '../connectors/sync-state.js';
import { migrateToLatest } from '../store/index.js';
import type { SyncCounts, SyncSource } from '../store/schema.js';
import { CliError, type CliIo, say } from './io.js';
import { withStore } from './store-commands.js';

/** `client-portal-host sync`: fills the store from the configured vendor systems, or shows how the last runs went. */

export const SYNC_SOURCES: readonly SyncSource[] = ['hubspot', 'github', 'jira', 'ai'];
/** Sources with a connector in this version; the others are named, and refused with a reason. */
const BUILT: readonly SyncSource[] = ['jira'];

export interface SyncCommandInput {
  source?: string | undefined;
  since?: string | undefined;
  status?: boolean;
  /** For tests: retry timings and fetch of the connectors. */
  jira?: Pick<JiraSyncOptions, 'http' | 'now'>;
}

function parseSince(value: string): Date {
  const trimmed = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed;
  const at = Date.parse(iso);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed) || !Number.isFinite(at)) {
    throw new CliError(`--since must be a date such as 2026-01-31 (got "${value.slice(0, 40)}").`, 2);
  }
  return new Date(at);
}

const counted = (c: SyncCounts) =>
  `${c.received} read: ${c.created} new, ${c.updated} changed, ${c.unchanged} unchanged; ${c.pages} page${c.pages === 1 ? '' : 's'}, ${c.requests} request${c.requests === 1 ? '' : 's'}`;

/** Resolves with the exit code: 0 when every scope synced, 1 when one failed (the others still ran). */
export async function syncCommand(config: HostConfig, io: CliIo, input: SyncCommandInput): Promise<number> {
  const source = input.source?.trim().toLowerCase();
  if (source !== undefined && !SYNC_SOURCES.includes(source as SyncSource)) {
    throw new CliError(`--source must be one of ${SYNC_SOURCES.join(', ')} (got "${input.source}").`, 2);
  }
  if (input.status) {
    if (input.since !== undefined) throw new CliError('--since does not go with --status.', 2);
    return withStore(config, async (store) => {
      await migrateToLatest(store.db);
      await printStatus(store.db, io, source as SyncSource | undefined);
      return 0;
    });
  }
  const since = input.since === undefined ? undefined : parseSince(input.since);
  if (source && !BUILT.includes(source as SyncSource)) {
    throw new CliError(`There is no ${source} connector in this version yet; jira is the one there is.`, 2);
  }
  const jira = config.connectors.jira;
  if (!jira) {
    throw new CliError(
      source === 'jira'
        ? 'Jira is not configured: set JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN.'
        : 'No source is configured. Jira: set JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN.',
      2,
    );
  }
  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    say(
      io,
      `jira: syncing incidents from ${new URL(jira.baseUrl).host}${since ? ` since ${since.toISOString()}` : ''}`,
    );
    const result = await syncJira(store.db, jira, {
      ...input.jira,
      ...(since ? { since } : {}),
      onProgress: (p) => say(io, `  jira ${p.projectKey} page ${p.page}: ${counted(p.counts)}`),
    });
    if (result.projects.length === 0) say(io, '  no project has a Jira key and delivery analytics.');
    let failed = 0;
    for (const p of result.projects) {
      if (p.error) {
        failed++;
        say(io, `  jira ${p.projectKey} (${p.companyId}): failed: ${p.error}`);
      } else {
        say(io, `  jira ${p.projectKey} (${p.companyId}): ok, ${counted(p.counts)}`);
      }
    }
    say(
      io,
      `jira: ${result.projects.length - failed} of ${result.projects.length} project(s) synced, ${result.requests} request(s) to Jira.`,
    );
    return failed > 0 ? 1 : 0;
  });
}

async function printStatus(
  db: Parameters<typeof syncStatus>[0],
  io: CliIo,
  source: SyncSource | undefined,
): Promise<void> {
  const rows = await syncStatus(db, source);
  const keys = new Map(
    (await db.selectFrom('projects').select(['id', 'jira_key']).execute()).map((p) => [
      p.id,
      p.jira_key || p.id,
    ]),
  );
  const when = (d: Date | null) => (d ? d.toISOString().replace('.000Z', 'Z') : 'never');
  for (const s of source ? [source] : SYNC_SOURCES) {
    const own = rows.filter((r) => r.source === s);
    if (own.length === 0) {
      say(io, `${s}: never synced${BUILT.includes(s) ? '' : ' (no connector in this version yet)'}`);
      continue;
    }
    say(io, `${s}:`);
    for (const r of own) {
      const scope = r.scope ? (keys.get(r.scope) ?? r.scope) : '(all)';
      const cursor = r.cursor && typeof r.cursor === 'object' ? ` cursor ${JSON.stringify(r.cursor)}` : '';
      say(
        io,
        `  ${scope}${r.companyId ? ` (${r.companyId})` : ''}: ${r.status}; last success ${when(r.lastSuccessAt)}, last run ${when(r.lastStartedAt)}${cursor}`,
      );
      if (r.lastCounts) say(io, `    ${counted(r.lastCounts)}`);
      if (r.lastError) say(io, `    last error: ${r.lastError}`);
    }
  }
}
