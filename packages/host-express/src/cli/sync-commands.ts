import type { HostConfig } from '../config/index.js';
import {
  configuredSources,
  isConfigured,
  runSource,
  SYNC_SOURCES,
  sourceName,
  sourceNeeds,
} from '../connectors/run.js';
import type { SourceSyncOptions } from '../connectors/source.js';
import { buildSyncReport } from '../jobs/sync-report.js';
import { migrateToLatest } from '../store/index.js';
import type { SyncCounts, SyncSource } from '../store/schema.js';
import { CliError, type CliIo, say } from './io.js';
import { withStore } from './store-commands.js';

/** `client-portal-host sync`: fills the store from the configured vendor systems, or shows how the last runs went. */

export { SYNC_SOURCES };

export interface SyncCommandInput {
  source?: string | undefined;
  since?: string | undefined;
  status?: boolean;
  /** For tests: retry timings, fetch and clock of the connectors. */
  connectors?: Pick<SourceSyncOptions, 'http' | 'now'>;
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

const needsOf = (source: SyncSource) => `${sourceName(source)}: set ${sourceNeeds(source)}.`;

/**
 * Resolves with the exit code: 0 when every scope of every source synced, 1 when one failed (the
 * others still ran). Sources run one after the other, each from its own cursors.
 */
export async function syncCommand(config: HostConfig, io: CliIo, input: SyncCommandInput): Promise<number> {
  const source = input.source?.trim().toLowerCase();
  if (source !== undefined && !SYNC_SOURCES.includes(source as SyncSource)) {
    throw new CliError(`--source must be one of ${SYNC_SOURCES.join(', ')} (got "${input.source}").`, 2);
  }
  if (input.status) {
    if (input.since !== undefined) throw new CliError('--since does not go with --status.', 2);
    return withStore(config, async (store) => {
      await migrateToLatest(store.db);
      await printStatus(store, config, io, source as SyncSource | undefined);
      return 0;
    });
  }
  const since = input.since === undefined ? undefined : parseSince(input.since);
  if (source && !isConfigured(config, source as SyncSource)) {
    throw new CliError(
      `${sourceName(source as SyncSource)} is not configured. ${needsOf(source as SyncSource)}`,
      2,
    );
  }
  const sources = source ? [source as SyncSource] : configuredSources(config);
  if (sources.length === 0) {
    throw new CliError(`No source is configured. ${SYNC_SOURCES.map(needsOf).join(' ')}`, 2);
  }
  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    let failed = 0;
    for (const s of sources) {
      say(io, `${s}: syncing from ${sourceName(s)}${since ? ` since ${since.toISOString()}` : ''}`);
      const result = await runSource(store.db, config, s, {
        ...input.connectors,
        ...(since ? { since } : {}),
        onProgress: (p) =>
          say(io, `  ${s} ${p.label}${p.what ? ` ${p.what}` : ''} page ${p.page}: ${counted(p.counts)}`),
      });
      if (!result) continue;
      if (result.scopes.length === 0)
        say(io, `  ${s}: nothing to sync (no project or company is linked to it).`);
      let own = 0;
      for (const scope of result.scopes) {
        const where = `${s} ${scope.label}${scope.companyId ? ` (${scope.companyId})` : ''}`;
        if (scope.error) {
          own++;
          say(io, `  ${where}: failed: ${scope.error}`);
        } else {
          say(io, `  ${where}: ok, ${counted(scope.counts)}`);
        }
      }
      failed += own;
      say(
        io,
        `${s}: ${result.scopes.length - own} of ${result.scopes.length} synced, ${result.requests} request(s) to ${sourceName(s)}.`,
      );
    }
    return failed > 0 ? 1 : 0;
  });
}

async function printStatus(
  store: Parameters<typeof buildSyncReport>[0],
  config: HostConfig,
  io: CliIo,
  source: SyncSource | undefined,
): Promise<void> {
  const report = await buildSyncReport(store, config, source);
  const when = (at: string | null) => (at ? at.replace('.000Z', 'Z') : 'never');
  for (const { source: s, configured, schedule, lastJob: job, scopes } of report.sources) {
    if (scopes.length === 0) {
      say(io, `${s}: never synced${configured ? '' : ` (not configured: set ${sourceNeeds(s)})`}`);
      continue;
    }
    say(
      io,
      `${s}:${configured ? ` scheduled ${schedule ? `"${schedule}" (UTC)` : 'off'}` : ' (not configured here)'}`,
    );
    if (job) {
      say(
        io,
        `  last scheduled run: ${job.state}${job.retryCount ? ` after ${job.retryCount} retr${job.retryCount === 1 ? 'y' : 'ies'}` : ''}, queued ${when(job.createdAt)}${job.completedAt ? `, ended ${when(job.completedAt)}` : ''}`,
      );
    }
    for (const r of scopes) {
      const cursor = r.cursor === null ? '' : ` cursor ${r.cursor}`;
      say(
        io,
        `  ${r.label}${r.companyId ? ` (${r.companyId})` : ''}: ${r.status}; last success ${when(r.lastSuccessAt)}, last run ${when(r.lastStartedAt)}${cursor}`,
      );
      if (r.counts) say(io, `    ${counted(r.counts)}`);
      if (r.lastError) say(io, `    last error: ${r.lastError}`);
    }
  }
}
