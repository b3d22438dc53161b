import {
  type ChangeEvent,
  changeEventSchema,
  type DeploymentEvent,
  deploymentEventSchema,
  type IngestResult,
} from '@client-portal/api-client/ingest';
import { type Kysely, sql } from 'kysely';
import * as zm from 'zod/mini';
import { recordDelivery } from '../../ingest/batch.js';
import { mapGithubDelivery } from '../../ingest/github-mapping.js';
import { IngestRejected, ingestChanges, ingestDeployments } from '../../ingest/index.js';
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
import { createGithubClient, type GithubClient, type GithubPage, PAGE_SIZE } from './client.js';
import {
  deploymentStatusesSchema,
  deploymentsSchema,
  type GithubDeployment,
  type GithubDeploymentStatus,
  type GithubPull,
  type GithubRepository,
  pullCommitsSchema,
  pullsSchema,
  repositoriesSchema,
} from './schemas.js';
import type { GithubSettings } from './settings.js';

// GitHub → repositories, deployments and pull requests (source 'github'), through the ingest
// layer, so what the sync stores is what the webhooks would have stored (same external ids: the
// deployment id and the pull request number; same mapping: ../../ingest/github-mapping.ts).
//
// Scopes: each organisation of the store (scope = its id) lists its repositories into
// github_repositories; then each of its repositories with a project that has analytics (scope =
// the repository id) reads, newest first:
// - deployments (GET /repos/{o}/{r}/deployments) down to the cursor's `since`, each with its
//   statuses (one request: the latest finished one is its outcome). One still running is kept in
//   the cursor (`pending`) and asked about again next run; one already stored is not asked again.
// - pull requests (GET /repos/{o}/{r}/pulls?state=closed&sort=updated&direction=desc) down to the
//   cursor's `since`, the merged ones with their first commit (GET .../pulls/{n}/commits?per_page=1,
//   oldest first) unless the stored one has it already.
// The first page of each list is asked with If-None-Match: a 304 (free of rate limit) means nothing
// was added or updated. The cursor is written after every stored page; `since` and the ETags move
// only when a list was read to its end, so an interrupted run reads the same pages again, and what
// it stored is then found in the store (no status or commit requests, nothing written).

/** Organisation scope: per page of the repository listing (by its path), the ETag and next page. */
export interface GithubOrganisationCursor {
  pages: Record<string, { etag: string | null; next: string | null }>;
}

/** A deployment whose statuses said it had not finished: asked about again next run. */
export interface PendingDeployment {
  id: number;
  sha: string | null;
  ref: string | null;
  environment: string | null;
  production_environment: boolean | null;
  created_at: string;
}

/** Repository scope. Instants are ISO 8601; `since` is the newest one read to the end of a list. */
export interface GithubRepositoryCursor {
  deployments?: { since: string | null; etag: string | null; pending: PendingDeployment[] };
  pulls?: { since: string | null; etag: string | null };
}

/** A deployment without a finished status after this long is given up on (it never reports). */
const PENDING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const PENDING_MAX = 500;
/** A page count no real repository reaches: a listing that pages forever stops here. */
const MAX_PAGES = 10_000;

const FINISHED_STATES = new Set(['success', 'failure', 'error']);

interface Organisation {
  id: string;
  company_id: string;
  project_id: string | null;
  login: string;
}

interface Repository {
  id: string;
  company_id: string;
  project_id: string;
  full_name: string;
}

class Stopped extends Error {
  override readonly name = 'Stopped';
}

function messageOf(error: unknown): string {
  if (error instanceof ConnectorError) return error.message;
  if (error instanceof IngestRejected)
    return `GitHub: an event was refused by the ingest rules (${error.message})`;
  return `GitHub: ${error instanceof Error ? error.message : String(error)}`;
}

const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;

/** The instant `value` as ISO 8601 (UTC), or null when unreadable. */
function iso(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const later = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a >= b ? a : b;

/**
 * The status that says how a deployment ended, from its statuses newest first: the latest when it
 * is success, failure or error; when the latest is "inactive" (a later deployment to the
 * environment replaced it), the success before it. 'pending' while it has not finished.
 */
export function outcomeStatus(
  statuses: readonly GithubDeploymentStatus[],
): GithubDeploymentStatus | 'pending' | null {
  const latest = statuses[0];
  if (!latest) return 'pending';
  if (FINISHED_STATES.has(latest.state)) return latest;
  if (latest.state === 'inactive') return statuses.find((s) => s.state === 'success') ?? null;
  return 'pending';
}

/** A deployment and the status it ended with, as the webhook of that status would have stored it. */
export function deploymentEventOf(
  repository: string,
  deployment: PendingDeployment | GithubDeployment,
  status: GithubDeploymentStatus,
): DeploymentEvent | null {
  const mapped = mapGithubDelivery('deployment_status', {
    deployment: { ...deployment },
    deployment_status: { ...status },
    repository: { full_name: repository },
  });
  return mapped.kind === 'deployment' ? { ...mapped.event, repository } : null;
}

/** A merged pull request as the webhook of its closing would have stored it, with its first commit. */
export function changeEventOf(
  repository: string,
  pull: GithubPull,
  firstCommitAt: string | null,
): ChangeEvent | null {
  const mapped = mapGithubDelivery('pull_request', {
    action: 'closed',
    number: pull.number,
    pull_request: { ...pull, merged: pull.merged_at != null },
    repository: { full_name: repository },
  });
  if (mapped.kind !== 'change') return null;
  return { ...mapped.event, repository, ...(firstCommitAt ? { firstCommitAt } : {}) };
}

/** Events the ingest rules accept; the others are left out (a bad date must not stop a repository). */
function acceptable<T>(schema: zm.core.$ZodType<T>, events: readonly T[]): T[] {
  return events.filter((event) => zm.safeParse(schema, event).success);
}

function addCounts(counts: SyncCounts, result: IngestResult): void {
  counts.received += result.received;
  counts.created += result.created;
  counts.updated += result.updated;
  counts.unchanged += result.unchanged;
}

export const syncGithub: SourceSync<GithubSettings> = async (db, settings, options = {}) => {
  const now = options.now ?? (() => new Date());
  const client = createGithubClient(settings, options.http);
  const organisations = (await db
    .selectFrom('github_organisations')
    .select(['id', 'company_id', 'project_id', 'login'])
    .orderBy('company_id')
    .orderBy('login')
    .execute()) as Organisation[];
  const scopes: ScopeResult[] = [];
  // Rate limits belong to a credential: the token's (all organisations) or an App installation's.
  const limited = new Map<string, ConnectorError>();
  const limitKey = (org: Organisation) =>
    settings.auth.kind === 'app' && settings.auth.installationId === null ? org.login.toLowerCase() : '';

  async function runScope(
    at: SyncScope,
    label: string,
    key: string,
    work: (counts: SyncCounts) => Promise<void>,
  ): Promise<boolean> {
    const counts = emptyCounts();
    const before = client.requests;
    await markStarted(db, at, now());
    let error: string | null = null;
    const held = limited.get(key);
    // Asking again before GitHub said to gets an integration banned; after, the scope is read.
    if (held && (held.retryAt === null || held.retryAt.getTime() > Date.now())) {
      error = `GitHub: not read: ${held.retryAt ? `rate limited until ${held.retryAt.toISOString()}` : 'rate limited'}; the next run resumes`;
    } else if (options.signal?.aborted) {
      error = 'GitHub: not read: the run was stopped; the next run resumes';
    } else {
      try {
        await work(counts);
      } catch (failure) {
        if (failure instanceof ConnectorError && failure.kind === 'rate-limited') limited.set(key, failure);
        error = failure instanceof Stopped ? `GitHub: ${failure.message}` : messageOf(failure);
      }
    }
    counts.requests = client.requests - before;
    await markFinished(db, at, { now: now(), counts, error });
    scopes.push({ scope: at.scope, label, companyId: at.companyId, counts, error });
    return error === null;
  }

  for (const org of organisations) {
    const key = limitKey(org);
    await runScope({ source: 'github', scope: org.id, companyId: org.company_id }, org.login, key, (counts) =>
      syncRepositories(db, client, org, counts, options),
    );
    const repositories = (await db
      .selectFrom('github_repositories as r')
      .innerJoin('projects as p', (join) =>
        join.onRef('p.id', '=', 'r.project_id').onRef('p.company_id', '=', 'r.company_id'),
      )
      .select(['r.id', 'r.company_id', 'r.project_id', 'r.full_name'])
      .where('r.company_id', '=', org.company_id)
      .where('r.organisation_id', '=', org.id)
      .where('p.analytics_enabled', '=', true)
      .orderBy('r.full_name')
      .execute()) as Repository[];
    for (const repository of repositories) {
      const at: SyncScope = { source: 'github', scope: repository.id, companyId: repository.company_id };
      const ok = await runScope(at, repository.full_name, key, (counts) =>
        syncRepository(db, client, org, repository, at, counts, options, now),
      );
      if (ok) {
        // The repository's deployments and changes are as of now, whether or not anything changed.
        for (const events of ['deployments', 'changes'] as const) {
          await recordDelivery(db, repository.company_id, [repository.project_id], events, 'github', now());
        }
      }
    }
  }
  return { scopes, requests: client.requests };
};

function stopIfAsked(options: SourceSyncOptions): void {
  if (options.signal?.aborted) throw new Stopped('the run was stopped between pages; the next run resumes');
}

// ── Repositories of an organisation ──────────────────────────────────────────────────────────

async function syncRepositories(
  db: Kysely<Database>,
  client: GithubClient,
  org: Organisation,
  counts: SyncCounts,
  options: SourceSyncOptions,
): Promise<void> {
  if (!GITHUB_LOGIN.test(org.login)) throw new Error(`"${org.login}" is not a GitHub organisation login`);
  const at: SyncScope = { source: 'github', scope: org.id, companyId: org.company_id };
  const stored = options.since ? null : await readCursor<GithubOrganisationCursor>(db, at);
  const pages: GithubOrganisationCursor['pages'] = {};
  let path: string | null = `orgs/${org.login}/repos?per_page=${PAGE_SIZE}`;
  for (let page = 1; path !== null && page <= MAX_PAGES; page++) {
    stopIfAsked(options);
    const known: { etag: string | null; next: string | null } | undefined = stored?.pages[path];
    const answer: GithubPage<GithubRepository[]> = await client.get(
      org.login,
      path,
      repositoriesSchema,
      known?.etag,
    );
    counts.pages++;
    const next: string | null = answer.notModified ? (answer.next ?? known?.next ?? null) : answer.next;
    if (!answer.notModified) await storeRepositories(db, org, answer.data ?? [], counts);
    pages[path] = { etag: answer.etag, next };
    await saveCursor(db, at, { pages: { ...stored?.pages, ...pages } } satisfies GithubOrganisationCursor);
    options.onProgress?.({
      label: org.login,
      what: `repositories of ${org.login}`,
      page,
      counts: { ...counts, requests: client.requests },
    });
    path = next;
  }
  // Only the pages the listing has now: a shorter listing forgets the pages past its end.
  await saveCursor(db, at, { pages } satisfies GithubOrganisationCursor);
}

const REPOSITORY_FIELDS = [
  'name',
  'full_name',
  'description',
  'url',
  'default_branch',
  'language',
  'visibility',
  'archived',
  'stars',
  'pushed_at',
] as const;

/**
 * Upserts a page of an organisation's repositories by full name (case-insensitive, as the ingest
 * layer and the webhooks find them): a known repository keeps its id and project and gets GitHub's
 * current details; a new one joins the organisation's project.
 */
async function storeRepositories(
  db: Kysely<Database>,
  org: Organisation,
  listed: readonly GithubRepository[],
  counts: SyncCounts,
): Promise<void> {
  const rows = listed
    .filter((r) => REPOSITORY.test(r.full_name))
    .map((r) => ({
      githubId: r.id,
      values: {
        name: r.name,
        full_name: r.full_name,
        description: r.description ?? null,
        url: r.html_url,
        default_branch: r.default_branch || 'main',
        language: r.language ?? null,
        visibility: (r.visibility === 'public' || r.visibility === 'private' || r.visibility === 'internal'
          ? r.visibility
          : r.private === false
            ? 'public'
            : 'private') as 'public' | 'private' | 'internal',
        archived: r.archived ?? false,
        stars: r.stargazers_count ?? 0,
        pushed_at: iso(r.pushed_at) ? new Date(iso(r.pushed_at) as string) : null,
      },
    }));
  counts.received += rows.length;
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('github_repositories')
      .select(['id', ...REPOSITORY_FIELDS])
      .where('company_id', '=', org.company_id)
      .where(sql<boolean>`lower(full_name) = any(${rows.map((r) => r.values.full_name.toLowerCase())})`)
      .orderBy('id')
      .execute();
    const byName = new Map<string, (typeof existing)[number]>();
    for (const row of existing)
      if (!byName.has(row.full_name.toLowerCase())) byName.set(row.full_name.toLowerCase(), row);
    for (const { githubId, values } of rows) {
      const before = byName.get(values.full_name.toLowerCase());
      if (!before) {
        await trx
          .insertInto('github_repositories')
          .values({
            id: `gh-${org.company_id}-${githubId}`,
            company_id: org.company_id,
            organisation_id: org.id,
            project_id: org.project_id,
            ...values,
          })
          .onConflict((oc) => oc.columns(['company_id', 'id']).doNothing())
          .execute();
        counts.created++;
        continue;
      }
      const same = REPOSITORY_FIELDS.every((field) => {
        const a = before[field];
        const b = values[field];
        return a instanceof Date || b instanceof Date
          ? a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
          : a === b;
      });
      if (same) {
        counts.unchanged++;
        continue;
      }
      await trx
        .updateTable('github_repositories')
        .set(values)
        .where('company_id', '=', org.company_id)
        .where('id', '=', before.id)
        .execute();
      counts.updated++;
    }
  });
}

// ── Deployments and pull requests of a repository ────────────────────────────────────────────

async function syncRepository(
  db: Kysely<Database>,
  client: GithubClient,
  org: Organisation,
  repository: Repository,
  at: SyncScope,
  counts: SyncCounts,
  options: SourceSyncOptions,
  now: () => Date,
): Promise<void> {
  if (!REPOSITORY.test(repository.full_name))
    throw new Error(`"${repository.full_name}" is not a GitHub repository "owner/name"`);
  const cursor: GithubRepositoryCursor = (await readCursor<GithubRepositoryCursor>(db, at)) ?? {};
  const save = () => saveCursor(db, at, cursor);
  const scope = { companyId: repository.company_id, projectId: repository.project_id };
  const progress = (what: string, page: number) =>
    options.onProgress?.({
      label: repository.full_name,
      what: `${what} of ${repository.full_name}`,
      page,
      counts: { ...counts, requests: client.requests },
    });
  const base = `repos/${repository.full_name}`;

  // Deployments, newest first, down to `since`.
  {
    const state = cursor.deployments ?? { since: null, etag: null, pending: [] };
    cursor.deployments = state;
    const since = options.since?.toISOString() ?? state.since;
    const pending = new Map(state.pending.map((p) => [p.id, p]));
    const seen = new Set<number>();
    let newest: string | null = null;
    let firstEtag: string | null = null;
    let path: string | null = `${base}/deployments?per_page=${PAGE_SIZE}`;
    for (let page = 1; path !== null && page <= MAX_PAGES; page++) {
      stopIfAsked(options);
      const answer: GithubPage<GithubDeployment[]> = await client.get(
        org.login,
        path,
        deploymentsSchema,
        page === 1 && !options.since ? state.etag : null,
      );
      counts.pages++;
      if (page === 1) firstEtag = answer.etag;
      if (answer.notModified) break;
      const listed = answer.data ?? [];
      const fresh = listed.filter((d) => since === null || (iso(d.created_at) ?? '') >= since);
      for (const d of fresh) newest = later(newest, iso(d.created_at));
      // A deployment stored already has finished; only a re-sync (--since) asks about it again.
      const stored = new Set(
        options.since || fresh.length === 0
          ? []
          : (
              await db
                .selectFrom('deployments')
                .select('external_id')
                .where('company_id', '=', repository.company_id)
                .where('project_id', '=', repository.project_id)
                .where('source', '=', 'github')
                .where(sql<boolean>`external_id = any(${fresh.map((d) => String(d.id))})`)
                .execute()
            ).map((r) => r.external_id),
      );
      const events: DeploymentEvent[] = [];
      for (const d of fresh) {
        seen.add(d.id);
        if (stored.has(String(d.id))) {
          pending.delete(d.id);
          continue;
        }
        const event = await deploymentOutcome(client, org, repository, d, pending);
        if (event) events.push(event);
      }
      await storeDeployments(db, scope, events, counts, now);
      state.pending = keepPending(pending, now());
      await save();
      progress('deployments', page);
      // Newest first: a page reaching below `since` is the last one needed.
      path = fresh.length < listed.length ? null : answer.next;
    }
    // Deployments that were running at the last run and not listed again (older than `since`).
    const events: DeploymentEvent[] = [];
    for (const p of [...pending.values()]) {
      if (seen.has(p.id)) continue;
      stopIfAsked(options);
      const event = await deploymentOutcome(client, org, repository, p, pending);
      if (event) events.push(event);
    }
    await storeDeployments(db, scope, events, counts, now);
    state.pending = keepPending(pending, now());
    state.since = later(state.since, newest);
    if (!options.since && firstEtag !== null) state.etag = firstEtag;
    await save();
  }

  // Pull requests, most recently updated first, down to `since`.
  {
    const state = cursor.pulls ?? { since: null, etag: null };
    cursor.pulls = state;
    const since = options.since?.toISOString() ?? state.since;
    let newest: string | null = null;
    let firstEtag: string | null = null;
    let path: string | null = `${base}/pulls?state=closed&sort=updated&direction=desc&per_page=${PAGE_SIZE}`;
    for (let page = 1; path !== null && page <= MAX_PAGES; page++) {
      stopIfAsked(options);
      const answer: GithubPage<GithubPull[]> = await client.get(
        org.login,
        path,
        pullsSchema,
        page === 1 && !options.since ? state.etag : null,
      );
      counts.pages++;
      if (page === 1) firstEtag = answer.etag;
      if (answer.notModified) break;
      const listed = answer.data ?? [];
      const fresh = listed.filter((p) => since === null || (iso(p.updated_at) ?? '') >= since);
      for (const p of fresh) newest = later(newest, iso(p.updated_at));
      const merged = fresh.filter((p) => p.merged_at != null);
      // A stored pull request with its first commit: its commits do not change once it is merged.
      const known = new Map(
        merged.length === 0
          ? []
          : (
              await db
                .selectFrom('code_changes')
                .select(['external_id', 'first_commit_at', 'merge_commit_sha'])
                .where('company_id', '=', repository.company_id)
                .where('repository_id', '=', repository.id)
                .where('kind', '=', 'pr')
                .where(sql<boolean>`external_id = any(${merged.map((p) => String(p.number))})`)
                .execute()
            ).map((r) => [r.external_id, r]),
      );
      const events: ChangeEvent[] = [];
      for (const pull of merged) {
        const before = known.get(String(pull.number));
        let firstCommitAt: string | null = null;
        if (
          before?.first_commit_at &&
          before.merge_commit_sha === (pull.merge_commit_sha?.toLowerCase() ?? null)
        ) {
          firstCommitAt = before.first_commit_at.toISOString();
        } else {
          firstCommitAt = await firstCommitOf(client, org, repository, pull.number);
        }
        const event = changeEventOf(repository.full_name, pull, firstCommitAt);
        if (event) events.push(event);
      }
      const accepted = acceptable(changeEventSchema, events);
      if (accepted.length > 0) {
        addCounts(counts, await ingestChanges(db, scope, accepted, { source: 'github', now: now() }));
      }
      await save();
      progress('pull requests', page);
      path = fresh.length < listed.length ? null : answer.next;
    }
    state.since = later(state.since, newest);
    if (!options.since && firstEtag !== null) state.etag = firstEtag;
    await save();
  }
}

/**
 * The deployment's event when its statuses say it finished; else it is kept in `pending` (or, ended
 * without an outcome the store knows, e.g. inactive without a success, left out).
 */
async function deploymentOutcome(
  client: GithubClient,
  org: Organisation,
  repository: Repository,
  deployment: GithubDeployment | PendingDeployment,
  pending: Map<number, PendingDeployment>,
): Promise<DeploymentEvent | null> {
  const answer = await client.get(
    org.login,
    `repos/${repository.full_name}/deployments/${deployment.id}/statuses?per_page=${PAGE_SIZE}`,
    deploymentStatusesSchema,
  );
  const outcome = outcomeStatus(answer.data ?? []);
  if (outcome === 'pending') {
    pending.set(deployment.id, {
      id: deployment.id,
      sha: deployment.sha ?? null,
      ref: deployment.ref ?? null,
      environment: deployment.environment ?? null,
      production_environment: deployment.production_environment ?? null,
      created_at: deployment.created_at,
    });
    return null;
  }
  pending.delete(deployment.id);
  return outcome ? deploymentEventOf(repository.full_name, deployment, outcome) : null;
}

/** Pending deployments worth asking about again: the newest, and none older than a week. */
function keepPending(pending: Map<number, PendingDeployment>, now: Date): PendingDeployment[] {
  return [...pending.values()]
    .filter((p) => now.getTime() - Date.parse(p.created_at) <= PENDING_MAX_AGE_MS)
    .sort((a, b) => b.id - a.id)
    .slice(0, PENDING_MAX);
}

async function storeDeployments(
  db: Kysely<Database>,
  scope: { companyId: string; projectId: string },
  events: DeploymentEvent[],
  counts: SyncCounts,
  now: () => Date,
): Promise<void> {
  const accepted = acceptable(deploymentEventSchema, events);
  if (accepted.length === 0) return;
  addCounts(counts, await ingestDeployments(db, scope, accepted, { source: 'github', now: now() }));
}

/** When the pull request's first commit was authored (the oldest commit comes first), or null. */
async function firstCommitOf(
  client: GithubClient,
  org: Organisation,
  repository: Repository,
  number: number,
): Promise<string | null> {
  const answer = await client.get(
    org.login,
    `repos/${repository.full_name}/pulls/${number}/commits?per_page=1`,
    pullCommitsSchema,
  );
  const first = answer.data?.[0]?.commit;
  return iso(first?.author?.date ?? first?.committer?.date ?? null);
}
