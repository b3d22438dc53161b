import type { DateRange, DeliveryDay } from '@client-portal/api-client';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { type AiToolScope, byToolOrder } from './ai-usage.js';
import { toolsWithDataJson } from './ai-usage-queries.js';
import { dayTuple, parseDays } from './delivery-days.js';
import type { AnalyticsProjectRow } from './project-queries.js';

// The project card's data read from delivery_days, the per-UTC-day facts the database keeps from
// the event tables: one round trip finds the company's analytics project by its Jira key and
// returns its days in the range as one JSON text (see delivery-days.ts), with the card's sums and
// the project-wide counts. The figures are the api-client roll-up's (dora-rollup.ts).

/** The project card's activity over the range, and the project-wide counts. */
export interface ProjectActivity {
  pullRequestsMerged: number;
  incidentsOpened: number;
  openIncidents: number;
  contributors: number;
  repositories: number;
  lastDeploymentAt: string | null;
  githubSyncedAt: Date | null;
  jiraSyncedAt: Date | null;
}

export interface ProjectDelivery {
  project: AnalyticsProjectRow;
  days: DeliveryDay[];
  activity: ProjectActivity;
  aiTools: AiToolScope[];
}

interface CardRow {
  id: string;
  name: string;
  /** JSON array of day tuples (delivery-days.ts), oldest first. */
  days: string;
  pull_requests_merged: number;
  incidents_opened: number;
  last_deployment_at: Date | null;
  contributors: number;
  open_incidents: number;
  repositories: number;
  github_synced_at: Date | null;
  jira_synced_at: Date | null;
  /** JSON array of AiToolScope. */
  ai_tools: string;
}

interface DeliveryArgs {
  companyId: string;
  jiraKey: string;
  from: string;
  to: string;
}

/** The days of the range: the stored JSON of each, joined (no value is formatted per request). */
const inRange = (args: DeliveryArgs) =>
  sql`d.company_id = p.company_id and d.project_id = p.id
    and d.day >= ${args.from}::date and d.day <= ${args.to}::date`;

const theProject = (args: DeliveryArgs) =>
  sql`p.company_id = ${args.companyId} and p.jira_key = ${args.jiraKey} and p.analytics_enabled`;

/** A plain template (the DORA route, of the same shape, measured no gain from a precompiled() plan). */
const cardQuery = (args: DeliveryArgs) => sql<CardRow>`
    select p.id, p.name, r.days, r.pull_requests_merged, r.incidents_opened, r.last_deployment_at,
      (select count(distinct a)::int from delivery_days d cross join unnest(d.contributors) a
        where ${inRange(args)}) as contributors,
      coalesce(dp.open_incidents, 0) as open_incidents,
      dp.github_synced_at,
      dp.jira_synced_at,
      (select count(*)::int from github_repositories gr
        where gr.company_id = p.company_id and gr.project_id = p.id) as repositories,
      ${toolsWithDataJson} as ai_tools
    from projects p
    left join delivery_projects dp on dp.company_id = p.company_id and dp.project_id = p.id
    cross join lateral (
      select coalesce('[' || string_agg(${dayTuple}, ',' order by d.day) || ']', '[]') as days,
        coalesce(sum(d.pull_requests_merged), 0)::int as pull_requests_merged,
        coalesce(sum(d.incidents_opened), 0)::int as incidents_opened,
        max(d.last_deployment_at) as last_deployment_at
      from delivery_days d where ${inRange(args)}
    ) r
    where ${theProject(args)}`;

/**
 * The company's analytics project with this Jira key, its delivery days in the range (days without
 * events left out, oldest first), the card's activity and the project's AI tools with usage data;
 * or null: another company's key, a project without analytics and a blank key all read as "not
 * there" (the route answers 404).
 */
export async function projectCard(
  db: Kysely<Database>,
  companyId: string,
  jiraKey: string,
  range: DateRange,
): Promise<ProjectDelivery | null> {
  if (jiraKey.trim() === '') return null;
  const {
    rows: [row],
  } = await cardQuery({ companyId, jiraKey, from: range.from, to: range.to }).execute(db);
  if (!row) return null;
  return {
    project: { id: row.id, name: row.name, jiraKey },
    days: parseDays(row.days),
    activity: {
      pullRequestsMerged: row.pull_requests_merged,
      incidentsOpened: row.incidents_opened,
      openIncidents: row.open_incidents,
      contributors: row.contributors,
      repositories: row.repositories,
      lastDeploymentAt:
        row.last_deployment_at === null ? null : new Date(row.last_deployment_at).toISOString(),
      githubSyncedAt: row.github_synced_at,
      jiraSyncedAt: row.jira_synced_at,
    },
    aiTools: (JSON.parse(row.ai_tools) as AiToolScope[]).sort(byToolOrder),
  };
}
