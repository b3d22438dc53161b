import type { IncidentEvent } from '@client-portal/api-client/ingest';
import type { Kysely } from 'kysely';
import type { JiraSettings } from '../../config/index.js';
import { IngestRejected, ingestIncidents } from '../../ingest/index.js';
import { recordDelivery } from '../../ingest/batch.js';
import type { Database, SyncCounts } from '../../store/schema.js';
import { ConnectorError, type VendorHttpOptions } from '../http.js';
import {
  emptyCounts,
  markFinished,
  markStarted,
  readCursor,
  type SyncScope,
  saveCursor,
} from '../sync-state.js';
import { createJiraClient, type JiraClient, type JiraIssue } from './client.js';

// Jira → incidents (source 'jira'), per portal project with a Jira key and analytics. For each
// project: its incident JQL (JIRA_PROJECT_JQL, else JIRA_INCIDENT_JQL with its key), narrowed to
// issues updated since the project's cursor, ordered by `updated`; every page is stored through
// ingestIncidents (one transaction, by external id, attributed as it is written) and then the
// cursor moves to the page's last `updated`. An interrupted run resumes from there; what it reads
// again is unchanged and writes nothing.
//
// JQL compares dates in the Jira account's own time zone and to the minute, so the search starts a
// day before the cursor: nothing updated across a time-zone offset is missed, and the overlap costs
// one re-read of a day's incidents.

/** The resume point kept in sync_state.cursor. */
export interface JiraCursor {
  /** The latest `updated` instant (ISO 8601) stored. */
  updated: string;
}

export interface JiraProjectResult {
  companyId: string;
  projectId: string;
  projectKey: string;
  counts: SyncCounts;
  /** Null when the project synced; else why not (the others went on). */
  error: string | null;
}

export interface JiraSyncResult {
  projects: JiraProjectResult[];
  /** Requests sent to Jira, retries included. */
  requests: number;
}

export interface JiraProgress {
  projectKey: string;
  page: number;
  counts: SyncCounts;
}

export interface JiraSyncOptions {
  /** Only these portal project keys (default: every project with a Jira key and analytics). */
  projectKeys?: readonly string[];
  /** Read from this instant instead of the stored cursors (a re-sync). */
  since?: Date;
  now?: () => Date;
  onProgress?: (progress: JiraProgress) => void;
  /** For tests: retry timings, fetch. */
  http?: Partial<VendorHttpOptions>;
  /** Ends the run between pages (the host shutting down); what was stored stays, with its cursor. */
  signal?: AbortSignal;
}

const OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Project keys the portal accepts (the contract's rule); only such a key goes into JQL. */
const PROJECT_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
/** A page count no real project reaches: a search that pages forever stops here. */
const MAX_PAGES = 10_000;

/** "2024-03-05T10:15:30.000+0000" → "2024-03-05T10:15:30.000Z"; null when unreadable. */
export function jiraInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = value.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** JQL's date literal, "yyyy-MM-dd HH:mm" (UTC fields; see the overlap above). */
function jqlDate(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** One line, no control characters, at most `max` characters: what the ingest rules accept. */
function oneLine(text: string, max: number): string {
  const clean = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= max) return clean;
  // Cut on a character boundary: half of a surrogate pair is refused by the ingest rules.
  const cut = clean.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut}…`;
}

/** A Jira issue as an incident event; null when its dates are unreadable (reported, not stored). */
export function incidentOf(issue: JiraIssue): IncidentEvent | null {
  const openedAt = jiraInstant(issue.fields.created);
  if (!openedAt) return null;
  const summary = issue.fields.summary ? oneLine(issue.fields.summary, 480) : '';
  const severity = issue.fields.priority?.name ? oneLine(issue.fields.priority.name, 32) : '';
  return {
    externalId: issue.id,
    title: oneLine(`${issue.key} ${summary}`, 500),
    ...(severity ? { severity } : {}),
    openedAt,
    resolvedAt: jiraInstant(issue.fields.resolutiondate),
  };
}

export function incidentJql(
  settings: Pick<JiraSettings, 'incidentJql' | 'projectJql'>,
  projectKey: string,
): string {
  return settings.projectJql[projectKey] ?? settings.incidentJql.replaceAll('{projectKey}', projectKey);
}

interface PortalProject {
  id: string;
  company_id: string;
  jira_key: string;
}

async function projectsToSync(db: Kysely<Database>, keys?: readonly string[]): Promise<PortalProject[]> {
  let query = db
    .selectFrom('projects')
    .select(['id', 'company_id', 'jira_key'])
    .where('analytics_enabled', '=', true)
    .where('jira_key', 'is not', null)
    .where('jira_key', '<>', '')
    .orderBy('company_id')
    .orderBy('jira_key');
  if (keys?.length) query = query.where('jira_key', 'in', [...keys]);
  return (await query.execute()) as PortalProject[];
}

function messageOf(error: unknown): string {
  if (error instanceof ConnectorError) return error.message;
  if (error instanceof IngestRejected)
    return `Jira: an incident was refused by the ingest rules (${error.message})`;
  return `Jira: ${error instanceof Error ? error.message : String(error)}`;
}

export async function syncJira(
  db: Kysely<Database>,
  settings: JiraSettings,
  options: JiraSyncOptions = {},
): Promise<JiraSyncResult> {
  const now = options.now ?? (() => new Date());
  const client = createJiraClient(settings, options.http);
  const projects = await projectsToSync(db, options.projectKeys);
  const results: JiraProjectResult[] = [];
  // Jira's project list, read once a run (when the first project needs it); its failure fails each project alike.
  let known: Promise<Set<string>> | null = null;
  for (const project of projects) {
    const at: SyncScope = { source: 'jira', scope: project.id, companyId: project.company_id };
    const counts = emptyCounts();
    const before = client.requests;
    await markStarted(db, at, now());
    let error: string | null = null;
    try {
      if (!PROJECT_KEY.test(project.jira_key))
        throw new Error(`"${project.jira_key}" is not a Jira project key`);
      known ??= client.projectKeys();
      if (!(await known).has(project.jira_key)) {
        throw new Error(
          `Jira has no project ${project.jira_key}, or the configured account cannot see it (Browse projects)`,
        );
      }
      await syncProject(db, client, settings, project, at, counts, options, now);
    } catch (failure) {
      error = messageOf(failure);
    }
    counts.requests = client.requests - before;
    await markFinished(db, at, { now: now(), counts, error });
    results.push({
      companyId: project.company_id,
      projectId: project.id,
      projectKey: project.jira_key,
      counts,
      error,
    });
  }
  return { projects: results, requests: client.requests };
}

async function syncProject(
  db: Kysely<Database>,
  client: JiraClient,
  settings: JiraSettings,
  project: PortalProject,
  at: SyncScope,
  counts: SyncCounts,
  options: JiraSyncOptions,
  now: () => Date,
): Promise<void> {
  const cursor = options.since
    ? { updated: options.since.toISOString() }
    : await readCursor<JiraCursor>(db, at);
  const from = cursor ? new Date(Date.parse(cursor.updated) - OVERLAP_MS) : null;
  const base = incidentJql(settings, project.jira_key);
  const jql = `(${base})${from ? ` AND updated >= "${jqlDate(from)}"` : ''} ORDER BY updated ASC, key ASC`;
  const scope = { companyId: project.company_id, projectId: project.id };
  let token: string | undefined;
  let latest = cursor?.updated ?? null;
  for (let page = 1; page <= MAX_PAGES; page++) {
    if (options.signal?.aborted)
      throw new Error('stopped before the next page (the host is shutting down); the next run resumes');
    const answer = await client.search(jql, token);
    counts.pages++;
    const events: IncidentEvent[] = [];
    for (const issue of answer.issues) {
      const event = incidentOf(issue);
      if (!event)
        throw new Error(`issue ${issue.key} has an unreadable "created" date (${issue.fields.created})`);
      events.push(event);
      const updated = jiraInstant(issue.fields.updated);
      if (updated && (latest === null || updated > latest)) latest = updated;
    }
    if (events.length > 0) {
      const stored = await ingestIncidents(db, scope, events, { source: 'jira', now: now() });
      counts.received += stored.received;
      counts.created += stored.created;
      counts.updated += stored.updated;
      counts.unchanged += stored.unchanged;
    }
    if (latest) await saveCursor(db, at, { updated: latest } satisfies JiraCursor);
    options.onProgress?.({
      projectKey: project.jira_key,
      page,
      counts: { ...counts, requests: client.requests },
    });
    token = answer.nextPageToken ?? undefined;
    if (answer.isLast === true || !token || answer.issues.length === 0) break;
  }
  // The project's incidents are as of now, whether or not anything changed ("data as of …").
  await recordDelivery(db, project.company_id, [project.id], 'incidents', 'jira', now());
}
