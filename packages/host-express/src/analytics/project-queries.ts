import {
  type GithubOrganisation,
  type GithubRepository,
  linkUrl,
  localImageUrl,
  type ProjectSummary,
  visibleAnalyticsProjects,
} from '@client-portal/api-client';
import { type Kysely, sql } from 'kysely';
import { precompiled } from '../store/precompiled.js';
import type { Database } from '../store/schema.js';
import type { ProjectScope } from './range.js';
import { MAX_LIST_ROWS } from '../http/limits.js';

/** An analytics project the per-project routes answer for. */
export interface AnalyticsProjectRow {
  id: string;
  name: string;
  jiraKey: string;
}

/** Rows of the projects table that are CRM projects, analytics projects or both. */
const companyProjectRows = precompiled(['companyId'], (db, { companyId }: { companyId: string }) =>
  db
    .selectFrom('projects')
    .select(['id', 'name', 'jira_key', 'in_crm', 'analytics_enabled'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('in_crm', '=', true), eb('analytics_enabled', '=', true)]))
    .limit(MAX_LIST_ROWS),
);

function companyProjects(db: Kysely<Database>, companyId: string) {
  return companyProjectRows(db, { companyId });
}

/** GET /api/analytics/projects: every analytics project of the company, keyless ones included. */
export async function analyticsProjects(db: Kysely<Database>, companyId: string) {
  const rows = await companyProjects(db, companyId);
  return rows
    .filter((row) => row.analytics_enabled)
    .map((row) => ({ jiraProjectKey: row.jira_key, name: row.name }))
    .sort((a, b) => compareKeys(a.jiraProjectKey, b.jiraProjectKey) || compareKeys(a.name, b.name));
}

/** GET /api/projects: the analytics projects that are also CRM projects, sorted by key. */
export async function visibleProjects(db: Kysely<Database>, companyId: string): Promise<ProjectSummary[]> {
  const rows = await companyProjects(db, companyId);
  const analytics = rows
    .filter((row) => row.analytics_enabled)
    .map((row) => ({ id: row.id, name: row.name, jiraProjectKey: row.jira_key }));
  const crm = rows.filter((row) => row.in_crm).map((row) => ({ jiraKey: row.jira_key }));
  return visibleAnalyticsProjects(analytics, crm).map(({ id, name, jiraProjectKey }) => ({
    id,
    name,
    jiraProjectKey,
  }));
}

/** Code-unit order, nulls last: the same in every locale. */
function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

const companyProjectById = precompiled(
  ['companyId', 'projectId'],
  (db, { companyId, projectId }: { companyId: string; projectId: string }) =>
    db.selectFrom('projects').select('id').where('company_id', '=', companyId).where('id', '=', projectId),
);

/** Whether the project id is one of the company's projects (the GitHub routes' 404). */
export async function isCompanyProject(
  db: Kysely<Database>,
  companyId: string,
  projectId: string,
): Promise<boolean> {
  const rows = await companyProjectById(db, { companyId, projectId });
  return rows.length > 0;
}

/** A stored URL the contract would refuse (a connector bug) must not break the whole list. */
const orNull = (value: string | null, schema: typeof linkUrl) =>
  value !== null && schema.safeParse(value).success ? value : null;

/**
 * The GitHub organisations of a project: those connected for it and those owning one of its
 * repositories, each with the number of the project's repositories it owns; sorted by login.
 */
const organisationRows = precompiled(
  ['companyId', 'projectId'],
  (_db, scope: ProjectScope) =>
    sql<{
      id: string;
      login: string;
      name: string | null;
      avatar_url: string | null;
      url: string;
      repository_count: number;
    }>`
    select o.id, o.login, o.name, o.avatar_url, o.url, count(r.id) as repository_count
    from github_organisations o
    left join github_repositories r
      on r.organisation_id = o.id and r.company_id = o.company_id and r.project_id = ${scope.projectId}
    where o.company_id = ${scope.companyId} and (o.project_id = ${scope.projectId} or r.id is not null)
      and exists (select 1 from projects p where p.id = ${scope.projectId} and p.company_id = ${scope.companyId})
    group by o.id, o.login, o.name, o.avatar_url, o.url
    order by o.login, o.id
    limit ${MAX_LIST_ROWS}`,
);

export async function projectOrganisations(
  db: Kysely<Database>,
  scope: ProjectScope,
): Promise<GithubOrganisation[]> {
  const rows = await organisationRows(db, scope);
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    name: row.name,
    // Only an image the host serves itself (a same-origin path or a data: URL): GitHub's avatar
    // address (https://avatars.githubusercontent.com/…, as GitHub gives it) is not sent, or every
    // customer's browser would tell GitHub who looks at which organisation. The portal draws the
    // organisation's initials instead.
    avatarUrl: orNull(row.avatar_url, localImageUrl),
    url: orNull(row.url, linkUrl) ?? `https://github.com/${encodeURIComponent(row.login)}`,
    repositoryCount: Number(row.repository_count),
  }));
}

/** The project's repositories (archived ones too, flagged), sorted by full name. */
const repositoryRows = precompiled(['companyId', 'projectId'], (db, scope: ProjectScope) =>
  db
    .selectFrom('github_repositories as r')
    .innerJoin('github_organisations as o', 'o.id', 'r.organisation_id')
    .select([
      'r.id',
      'r.name',
      'r.full_name',
      'o.login',
      'r.description',
      'r.url',
      'r.default_branch',
      'r.language',
      'r.visibility',
      'r.archived',
      'r.pushed_at',
      'r.open_pull_requests',
    ])
    .where('r.company_id', '=', scope.companyId)
    .where('o.company_id', '=', scope.companyId)
    .where('r.project_id', '=', scope.projectId)
    // Only the company's own project (links are not company-checked by the schema's foreign key).
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('projects as p')
          .select('p.id')
          .where('p.id', '=', scope.projectId)
          .where('p.company_id', '=', scope.companyId),
      ),
    )
    .orderBy('r.full_name')
    .orderBy('r.id')
    .limit(MAX_LIST_ROWS),
);

export async function projectRepositories(
  db: Kysely<Database>,
  scope: ProjectScope,
): Promise<GithubRepository[]> {
  const rows = await repositoryRows(db, scope);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fullName: row.full_name,
    organisation: row.login,
    description: row.description,
    url:
      orNull(row.url, linkUrl) ??
      `https://github.com/${row.full_name.split('/').map(encodeURIComponent).join('/')}`,
    defaultBranch: row.default_branch,
    language: row.language,
    visibility: row.visibility,
    archived: row.archived,
    pushedAt: row.pushed_at ? new Date(row.pushed_at).toISOString() : null,
    openPullRequests: Math.max(0, Number(row.open_pull_requests)),
  }));
}
