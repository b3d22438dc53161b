import * as z from 'zod/mini';
import { count, isoDateTime } from './common.js';
import { described, named } from './registry.js';

/** The vendor systems the host fills its store from. */
export const SYNC_SOURCE_IDS = ['hubspot', 'github', 'jira', 'ai'] as const;

/** Error messages and resume cursors are cut to this many characters. */
export const MAX_SYNC_TEXT = 2000;

const syncText = z.string().check(z.maxLength(MAX_SYNC_TEXT));

export const syncCountsSchema = named(
  'SyncCounts',
  described(
    z.object({
      requests: described(count, 'Requests sent to the vendor.'),
      pages: described(count, 'Pages read.'),
      received: described(count, 'Records read.'),
      created: described(count, 'Records stored for the first time.'),
      updated: described(count, 'Stored records that changed.'),
      unchanged: described(count, 'Records identical to the stored ones (nothing written).'),
    }),
    'What a sync run of one scope did.',
  ),
);

export const syncScopeStatusSchema = named(
  'SyncScopeStatus',
  described(
    z.object({
      scope: described(
        z.string(),
        'The scope id: a project id, a company id or a tool scope; "" for the whole source.',
      ),
      label: described(
        z.string(),
        'What to show: the project’s Jira key (else its name), the company’s name, else the scope id; "(all)" for the whole source.',
      ),
      companyId: described(z.nullable(z.string()), 'The company the scope belongs to, or null.'),
      companyName: described(z.nullable(z.string()), 'That company’s name (null when unknown).'),
      status: described(
        z.enum(['never', 'running', 'ok', 'failed']),
        'How its last run went: never run, running now, ok, or failed (the cursor and last success are kept).',
      ),
      lastStartedAt: described(z.nullable(isoDateTime), 'When its last run started.'),
      lastFinishedAt: described(z.nullable(isoDateTime), 'When its last run ended, ok or failed.'),
      lastSuccessAt: described(z.nullable(isoDateTime), 'When a run last ended ok.'),
      lastError: described(
        z.nullable(syncText),
        `The last run’s error (null when it ended ok); at most ${MAX_SYNC_TEXT} characters.`,
      ),
      counts: described(z.nullable(syncCountsSchema), 'What the last finished run did; null before one.'),
      cursor: described(
        z.nullable(syncText),
        `Where the next run resumes, as JSON text cut to ${MAX_SYNC_TEXT} characters; null when it starts from the beginning.`,
      ),
    }),
    'One scope of a source: a project, a company or an AI tool scope.',
  ),
);

export const syncJobSummarySchema = named(
  'SyncJobSummary',
  described(
    z.object({
      scopes: described(count, 'Scopes the run synced.'),
      failed: described(count, 'Of which failed.'),
      requests: described(count, 'Requests sent to the vendor.'),
      errors: described(z.array(syncText), 'Each failed scope: "label: error".'),
    }),
    'What a completed scheduled run did.',
  ),
);

export const syncJobSchema = named(
  'SyncJob',
  described(
    z.object({
      id: described(z.string(), 'The job queue’s id of the run.'),
      state: described(
        z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
        'Queued, waiting for a retry, running, completed, cancelled, or failed after its last retry.',
      ),
      retryCount: described(count, 'Retries so far.'),
      createdAt: described(isoDateTime, 'When it was queued.'),
      startedAt: described(z.nullable(isoDateTime), 'When its last attempt started.'),
      completedAt: described(z.nullable(isoDateTime), 'When it ended (completed, failed or cancelled).'),
      error: described(
        z.nullable(syncText),
        `Why its last attempt failed (failed, retry); at most ${MAX_SYNC_TEXT} characters.`,
      ),
      summary: described(z.nullable(syncJobSummarySchema), 'What it did, once completed.'),
    }),
    'A scheduled sync run, as the job queue holds it.',
  ),
);

export const syncSourceStatusSchema = named(
  'SyncSourceStatus',
  described(
    z.object({
      source: described(z.enum(SYNC_SOURCE_IDS), 'The source.'),
      name: described(z.string(), 'Its display name (HubSpot, GitHub, Jira, AI tools).'),
      configured: described(z.boolean(), 'Whether this host has the source’s connector configured.'),
      schedule: described(
        z.nullable(z.string()),
        'Its schedule: a five-field cron expression in UTC; null when scheduled runs are off or the source is not configured.',
      ),
      lastJob: described(
        z.nullable(syncJobSchema),
        'Its latest scheduled run (waiting, running or finished); null when there has been none.',
      ),
      scopes: described(z.array(syncScopeStatusSchema), 'Its scopes by id; empty when it has never synced.'),
    }),
    'One source’s configuration, last scheduled run and scopes.',
  ),
);

export const syncStatusResponseSchema = named(
  'SyncStatus',
  described(
    z.object({
      sources: described(
        z.array(syncSourceStatusSchema),
        'Every source (hubspot, github, jira, ai, in that order), configured or not.',
      ),
    }),
    'The connectors’ syncs on this host (GET /api/staff/sync-status, provider staff only).',
  ),
);

export type SyncSourceId = (typeof SYNC_SOURCE_IDS)[number];
export type SyncCounts = z.infer<typeof syncCountsSchema>;
export type SyncScopeStatus = z.infer<typeof syncScopeStatusSchema>;
export type SyncJobSummary = z.infer<typeof syncJobSummarySchema>;
export type SyncJob = z.infer<typeof syncJobSchema>;
export type SyncSourceStatus = z.infer<typeof syncSourceStatusSchema>;
export type SyncStatus = z.infer<typeof syncStatusResponseSchema>;
