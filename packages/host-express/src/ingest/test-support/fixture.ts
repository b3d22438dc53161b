import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { IngestScope } from '../batch.js';

/** Company 'co' with projects A and B; A has repositories co/web and co/api, B has co/other. */
export const A: IngestScope = { companyId: 'co', projectId: 'co-a' };
export const B: IngestScope = { companyId: 'co', projectId: 'co-b' };
/** Another company, with a repository of the same name as A's. */
export const OTHER: IngestScope = { companyId: 'else', projectId: 'else-x' };

export async function seedFixture(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('companies')
    .values([
      { id: 'co', name: 'Co' },
      { id: 'else', name: 'Else' },
    ])
    .execute();
  await db
    .insertInto('projects')
    .values([
      { id: 'co-a', company_id: 'co', name: 'A', jira_key: 'A', analytics_enabled: true },
      { id: 'co-b', company_id: 'co', name: 'B', jira_key: 'B', analytics_enabled: true },
      { id: 'else-x', company_id: 'else', name: 'X', jira_key: 'X', analytics_enabled: true },
    ])
    .execute();
  await db
    .insertInto('github_organisations')
    .values([
      { id: 'org-co', company_id: 'co', login: 'co', url: 'https://github.com/co' },
      { id: 'org-else', company_id: 'else', login: 'co', url: 'https://github.com/co' },
    ])
    .execute();
  const repo = (id: string, company: string, org: string, project: string, name: string) => ({
    id,
    company_id: company,
    organisation_id: org,
    project_id: project,
    name,
    full_name: `co/${name}`,
    url: `https://github.com/co/${name}`,
    default_branch: 'main',
    visibility: 'private' as const,
  });
  await db
    .insertInto('github_repositories')
    .values([
      repo('r-web', 'co', 'org-co', 'co-a', 'web'),
      repo('r-api', 'co', 'org-co', 'co-a', 'api'),
      repo('r-other', 'co', 'org-co', 'co-b', 'other'),
      repo('r-else', 'else', 'org-else', 'else-x', 'web'),
    ])
    .execute();
}

/** Empties the event tables (and the commit order) between tests. */
export async function clearEvents(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('incidents').execute();
  await db.deleteFrom('code_changes').execute();
  await db.deleteFrom('deployments').execute();
  await db.deleteFrom('repository_commits').execute();
  await db.deleteFrom('delivery_sources').execute();
  await db.updateTable('projects').set({ attribution_window_days: 7 }).execute();
}

export interface DayRow {
  project_id: string;
  day: string;
  deployments: number;
  failed_deployments: number;
  rework_deployments: number;
  lead_times: number[];
  recoveries: number[];
  pull_requests_merged: number;
  changes_waiting: number;
  incidents_opened: number;
  incidents_unattributed: number;
  incidents_excluded: number;
  contributors: string[];
  dora: string;
}

/** Every delivery day of the company, in order. */
export async function days(db: Kysely<Database>, companyId = 'co'): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    select project_id, day, deployments, failed_deployments, rework_deployments, lead_times, recoveries,
      pull_requests_merged, changes_waiting, incidents_opened, incidents_unattributed, incidents_excluded,
      contributors, dora::text as dora
    from delivery_days where company_id = ${companyId} order by project_id, day`.execute(db);
  return rows;
}

/** external_id → (deployment external id or null, deployed_at ISO or null) of the company's changes. */
export async function links(db: Kysely<Database>): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ external_id: string; deployment: string | null }>`
    select c.repository_id || '#' || c.external_id as external_id, d.external_id as deployment
    from code_changes c left join deployments d on d.id = c.deployment_id
    order by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.external_id, r.deployment]));
}

/** external_id → [cause's external id, rule] of the incidents. */
export async function causes(db: Kysely<Database>): Promise<Record<string, [string | null, string | null]>> {
  const { rows } = await sql<{ external_id: string; cause: string | null; attribution: string | null }>`
    select i.external_id, d.external_id as cause, i.attribution
    from incidents i left join deployments d on d.id = i.caused_by_deployment_id
    order by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.external_id, [r.cause, r.attribution]]));
}

/** A commit sha from a short label: 'a1' → 'a1a1a1a…' (40 hex digits). */
export const commit = (label: string): string => {
  const hex = Buffer.from(label).toString('hex');
  return hex.repeat(Math.ceil(40 / hex.length)).slice(0, 40);
};
