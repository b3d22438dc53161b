import type { DateRange } from '@client-portal/api-client';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import type { DeliveryDay } from './dora.js';
import { type ProjectScope, rangeInstants } from './range.js';

// The delivery event tables aggregated per UTC day in SQL (research/delivery-analytics.md §3.2);
// medians and buckets are taken in ./dora.ts. Three grouped scans on the range indexes, whatever
// the grain: a year of daily DORA reads at most 366 rows per query.

/** Successful production deployments per day, and how many of them have an attributed incident. */
async function deploymentDays(db: Kysely<Database>, scope: ProjectScope, range: DateRange) {
  const { start, end } = rangeInstants(range);
  const { rows } = await sql<{ day: string; deployments: number; failed: number }>`
    select (d.finished_at at time zone 'UTC')::date as day,
           count(*) as deployments,
           count(*) filter (where exists (
             select 1 from incidents i
             where i.caused_by_deployment_id = d.id and i.company_id = d.company_id
               and i.attribution is not null
           )) as failed
    from deployments d
    where d.company_id = ${scope.companyId} and d.project_id = ${scope.projectId}
      and d.environment = 'production' and d.status = 'success'
      and d.finished_at >= ${start} and d.finished_at < ${end}
    group by 1`.execute(db);
  return rows;
}

/**
 * Lead time of each change deployed in the range, per deployment day: first commit (else the PR's
 * opening, else its merge) → the first production deployment that shipped it. Non-positive
 * spans are dropped (Four Keys: automated changes).
 */
async function leadTimeDays(db: Kysely<Database>, scope: ProjectScope, range: DateRange) {
  const { start, end } = rangeInstants(range);
  const { rows } = await sql<{ day: string; hours: number[] }>`
    select (c.deployed_at at time zone 'UTC')::date as day,
           array_agg(extract(epoch from c.deployed_at - coalesce(c.first_commit_at, c.opened_at, c.merged_at))::float8 / 3600) as hours
    from code_changes c
    where c.company_id = ${scope.companyId} and c.project_id = ${scope.projectId}
      and c.deployed_at >= ${start} and c.deployed_at < ${end}
      and c.deployed_at > coalesce(c.first_commit_at, c.opened_at, c.merged_at)
    group by 1`.execute(db);
  return rows;
}

/**
 * Recovery time (opened → resolved) of each change-caused incident resolved in the range, per
 * resolution day. Only incidents attributed to a deployment count (DORA 2023: failures a change caused).
 */
async function recoveryDays(db: Kysely<Database>, scope: ProjectScope, range: DateRange) {
  const { start, end } = rangeInstants(range);
  const { rows } = await sql<{ day: string; hours: number[] }>`
    select (i.resolved_at at time zone 'UTC')::date as day,
           array_agg(extract(epoch from i.resolved_at - i.opened_at)::float8 / 3600) as hours
    from incidents i
    where i.company_id = ${scope.companyId} and i.project_id = ${scope.projectId}
      and i.caused_by_deployment_id is not null and i.attribution is not null
      and i.resolved_at >= ${start} and i.resolved_at < ${end}
      and i.resolved_at >= i.opened_at
    group by 1`.execute(db);
  return rows;
}

/** The project's delivery days in the range (days without events left out), oldest first. */
export async function deliveryDays(
  db: Kysely<Database>,
  scope: ProjectScope,
  range: DateRange,
): Promise<DeliveryDay[]> {
  const [deployments, leadTimes, recoveries] = await Promise.all([
    deploymentDays(db, scope, range),
    leadTimeDays(db, scope, range),
    recoveryDays(db, scope, range),
  ]);
  const days = new Map<string, DeliveryDay>();
  const dayOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = { day, deployments: 0, failedDeployments: 0, leadTimes: [], recoveries: [] };
      days.set(day, entry);
    }
    return entry;
  };
  for (const row of deployments) {
    const entry = dayOf(row.day);
    entry.deployments = Number(row.deployments);
    entry.failedDeployments = Number(row.failed);
  }
  for (const row of leadTimes) dayOf(row.day).leadTimes = row.hours.map(Number);
  for (const row of recoveries) dayOf(row.day).recoveries = row.hours.map(Number);
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

export interface ProjectActivityRow {
  pull_requests_merged: number;
  incidents_opened: number;
  open_incidents: number;
  contributors: number;
  repositories: number;
  last_deployment_at: Date | null;
  github_synced_at: Date | null;
  jira_synced_at: Date | null;
}

/**
 * The project card's activity counts for the range, in one round trip. There is no connector
 * sync log in the store, so "last synced" is when the connector last stored a row of the source.
 */
export async function projectActivity(
  db: Kysely<Database>,
  scope: ProjectScope,
  range: DateRange,
): Promise<ProjectActivityRow> {
  const { start, end } = rangeInstants(range);
  const c = scope.companyId;
  const p = scope.projectId;
  const { rows } = await sql<ProjectActivityRow>`
    select
      (select count(*) from code_changes
        where company_id = ${c} and project_id = ${p} and kind = 'pr'
          and merged_at >= ${start} and merged_at < ${end}) as pull_requests_merged,
      (select count(*) from incidents
        where company_id = ${c} and project_id = ${p}
          and opened_at >= ${start} and opened_at < ${end}) as incidents_opened,
      (select count(*) from incidents
        where company_id = ${c} and project_id = ${p} and resolved_at is null) as open_incidents,
      (select count(distinct author) from code_changes
        where company_id = ${c} and project_id = ${p} and author is not null
          and coalesce(merged_at, first_commit_at) >= ${start}
          and coalesce(merged_at, first_commit_at) < ${end}) as contributors,
      (select count(*) from github_repositories
        where company_id = ${c} and project_id = ${p}) as repositories,
      (select max(finished_at) from deployments
        where company_id = ${c} and project_id = ${p} and environment = 'production'
          and status = 'success' and finished_at >= ${start} and finished_at < ${end}) as last_deployment_at,
      greatest(
        (select max(created_at) from deployments where company_id = ${c} and project_id = ${p}),
        (select max(created_at) from code_changes where company_id = ${c} and project_id = ${p})
      ) as github_synced_at,
      (select max(created_at) from incidents
        where company_id = ${c} and project_id = ${p} and source = 'jira') as jira_synced_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('projectActivity: the query returned no row');
  return row;
}
