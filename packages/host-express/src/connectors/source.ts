import type { Kysely } from 'kysely';
import type { Database, SyncCounts } from '../store/schema.js';
import type { VendorHttpOptions } from './http.js';

// What every connector's run looks like from outside (the CLI, the job schedule, the status route):
// a run syncs one source, scope by scope (a project, a company, or '' for the whole source); each
// scope ends ok or failed on its own, so a failing scope never stops the others.

export interface ScopeResult {
  /** sync_state.scope: a project id, a company id, a tool:project pair, or '' for the whole source. */
  scope: string;
  /** How people name it in the progress display and the summary, e.g. "PORTAL" or "acme (copilot)". */
  label: string;
  companyId: string | null;
  counts: SyncCounts;
  /** Null when the scope synced; else why not (never quoting a credential). */
  error: string | null;
}

export interface SourceSyncResult {
  scopes: ScopeResult[];
  /** Requests sent to the vendor in the run, retries included. */
  requests: number;
}

export interface SourceProgress {
  /** The scope's label. */
  label: string;
  /** What is being read, e.g. "deals", "pull requests of acme/api". */
  what?: string;
  page: number;
  counts: SyncCounts;
}

export interface SourceSyncOptions {
  /** Read from this instant instead of the stored cursors (a re-sync). */
  since?: Date;
  now?: () => Date;
  onProgress?: (progress: SourceProgress) => void;
  /** For tests and benchmarks: retry timings, fetch. */
  http?: Partial<VendorHttpOptions>;
  /** Ends the run between pages (the job schedule's shutdown). */
  signal?: AbortSignal;
}

export type SourceSync<Settings> = (
  db: Kysely<Database>,
  settings: Settings,
  options?: SourceSyncOptions,
) => Promise<SourceSyncResult>;
