import {
  type DateRange,
  type DoraDeploymentRow,
  type DoraEventList,
  type DoraEvents,
  type DoraIncidentRow,
  type DoraMetric,
  type DoraPullRequestRow,
  DORA_LIST_KIND,
  roundHours,
} from '@client-portal/api-client';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { utcEndAfter, utcStart } from './delivery-days.js';
import {
  countedDeployment,
  failedDeployment,
  hasLeadTime,
  hasRecovery,
  leadTimeHours,
  reworkDeployment,
  waitingChange,
} from './delivery-days-sql.js';

// GET /api/analytics/projects/{projectKey}/dora/{metric}/events: the rows behind a DORA figure, a
// page at a time, oldest first (ties by id: a stable order). Each list selects its events with the
// rule fragments the day derivation uses (analytics/delivery-days-sql.ts: one home per rule), so a
// list's total is the figure's count; routes/analytics-dora-events.test.ts holds the two together.

interface PageArgs {
  companyId: string;
  jiraKey: string;
  from: string;
  to: string;
  limit: number;
  offset: number;
}

interface PageRow {
  found: boolean;
  total: number;
  /** JSON array of the page's rows. */
  rows: string;
}

/** The company's analytics project (p) by its Jira key. */
const theProject = (args: PageArgs) => sql`(select id, company_id from projects
  where company_id = ${args.companyId} and jira_key = ${args.jiraKey} and analytics_enabled)`;

/**
 * A page query: `matching` selects the list's events of project p (a FROM … WHERE), `row` a page row.
 * A plain template (no precompiled() plan: the DORA route measured no gain from one).
 */
function pageQuery(spec: {
  matching: (args: PageArgs) => RawBuilder<unknown>;
  order: string;
  row: RawBuilder<unknown>;
}) {
  return async (db: Kysely<Database>, args: PageArgs) =>
    (
      await sql<PageRow>`
    with p as ${theProject(args)}
    select exists (select 1 from p) as found,
      (select count(*)::int from p cross join lateral (select 1 ${spec.matching(args)}) m) as total,
      coalesce((select json_agg(r order by ${sql.raw(spec.order)}) from (
        select ${spec.row} from p cross join lateral (
          select e.* ${spec.matching(args)}
          order by ${sql.raw(spec.order)} limit ${args.limit} offset ${args.offset}
        ) e
      ) r), '[]')::text as rows`.execute(db)
    ).rows;
}

const inRange = (column: string, args: PageArgs) =>
  sql`${sql.ref(column)} >= ${utcStart(args.from)} and ${sql.ref(column)} < ${utcEndAfter(args.to)}`;

/** A rule of the day derivation over the alias `e`. */
const rule = (fragment: (alias: string) => string) => sql.raw(fragment('e'));

/** Counted deployments finished in the range: the deployments every figure counts. */
const countedDeployments = (args: PageArgs) => sql`from deployments e
  where e.company_id = p.company_id and e.project_id = p.id
    and ${rule(countedDeployment)} and ${inRange('e.finished_at', args)}`;

const deploymentRow = sql`e.id, e.external_id, e.source, e.commit_sha, e.finished_at, e.is_hotfix,
  (select r.full_name from github_repositories r where r.id = e.repository_id and r.company_id = e.company_id)
    as repository,
  ${rule(reworkDeployment)} as rework, ${rule(failedDeployment)} as failed,
  (select count(*)::int from incidents i
    where i.company_id = e.company_id and i.caused_by_deployment_id = e.id and i.attribution is not null)
    as incidents`;

const referenceOf = (deployment: string) => sql`(select json_build_object('id', x.id::text,
  'externalId', x.external_id, 'finishedAt', x.finished_at) from deployments x
  where x.id = ${sql.ref(deployment)} and x.company_id = e.company_id)`;

/** Start of a change's lead time: first commit, else opened, else merged (as the day derivation). */
const leadStart = sql`coalesce(e.first_commit_at, e.opened_at, e.merged_at)`;

const pullRequestRow = sql`e.id, e.external_id, e.title, e.author, e.merged_at, e.deployed_at,
  ${leadStart} as first_commit_at,
  ${rule(leadTimeHours)} as lead_time_hours,
  (select r.full_name from github_repositories r where r.id = e.repository_id and r.company_id = e.company_id)
    as repository,
  ${referenceOf('e.deployment_id')} as deployment`;

const incidentRow = sql`e.id, e.external_id, e.source, e.title, e.severity, e.opened_at,
  e.resolved_at, e.attribution, e.not_change_failure,
  ${referenceOf('e.caused_by_deployment_id')} as deployment`;

const QUERIES: Record<
  'deployments' | 'pullRequests' | 'waitingPullRequests' | 'openedIncidents' | 'recoveries',
  ReturnType<typeof pageQuery>
> = {
  deployments: pageQuery({
    matching: countedDeployments,
    order: 'finished_at, id',
    row: deploymentRow,
  }),
  // The lead time's sample: deployed in the range, positive lead times only.
  pullRequests: pageQuery({
    matching: (args) => sql`from code_changes e
      where e.company_id = p.company_id and e.project_id = p.id and ${inRange('e.deployed_at', args)}
        and ${rule(hasLeadTime)}`,
    order: 'deployed_at, id',
    row: pullRequestRow,
  }),
  // Merged in the range, not deployed yet.
  waitingPullRequests: pageQuery({
    matching: (args) => sql`from code_changes e
      where e.company_id = p.company_id and e.project_id = p.id
        and ${inRange('e.merged_at', args)} and ${rule(waitingChange)}`,
    order: 'merged_at, id',
    row: pullRequestRow,
  }),
  // Every incident opened in the range, whatever its attribution.
  openedIncidents: pageQuery({
    matching: (args) => sql`from incidents e
      where e.company_id = p.company_id and e.project_id = p.id and ${inRange('e.opened_at', args)}`,
    order: 'opened_at, id',
    row: incidentRow,
  }),
  // The recovery time's sample: attributed incidents resolved in the range.
  recoveries: pageQuery({
    matching: (args) => sql`from incidents e
      where e.company_id = p.company_id and e.project_id = p.id and ${inRange('e.resolved_at', args)}
        and ${rule(hasRecovery)}`,
    order: 'resolved_at, id',
    row: incidentRow,
  }),
};

const isoOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const hoursOrNull = (value: number | null) => (value === null ? null : roundHours(value));

interface Reference {
  id: string;
  externalId: string;
  finishedAt: string;
}
const reference = (value: Reference | null) =>
  value && {
    id: value.id,
    externalId: value.externalId,
    finishedAt: new Date(value.finishedAt).toISOString(),
  };

/* The rows as PostgreSQL's json_agg writes them (timestamps with an offset). */
interface DeploymentJson {
  /** bigint identity, as a JSON number (ids stay below 2^53). */
  id: number;
  external_id: string;
  source: string;
  repository: string | null;
  commit_sha: string | null;
  finished_at: string;
  is_hotfix: boolean;
  rework: boolean;
  failed: boolean;
  incidents: number;
}
interface PullRequestJson {
  /** bigint identity, as a JSON number (ids stay below 2^53). */
  id: number;
  external_id: string;
  repository: string | null;
  title: string | null;
  author: string | null;
  first_commit_at: string | null;
  merged_at: string | null;
  deployed_at: string | null;
  lead_time_hours: number | null;
  deployment: Reference | null;
}
interface IncidentJson {
  /** bigint identity, as a JSON number (ids stay below 2^53). */
  id: number;
  external_id: string;
  source: string;
  title: string | null;
  severity: string | null;
  opened_at: string;
  resolved_at: string | null;
  attribution: string | null;
  not_change_failure: boolean;
  deployment: Reference | null;
}

const deployment = (r: DeploymentJson): DoraDeploymentRow => ({
  id: String(r.id),
  externalId: r.external_id,
  source: r.source,
  repository: r.repository,
  commitSha: r.commit_sha,
  finishedAt: new Date(r.finished_at).toISOString(),
  hotfix: r.is_hotfix,
  rework: r.rework,
  failed: r.failed,
  incidents: r.incidents,
});

const pullRequest = (r: PullRequestJson): DoraPullRequestRow => ({
  id: String(r.id),
  externalId: r.external_id,
  repository: r.repository,
  title: r.title,
  author: r.author,
  firstCommitAt: isoOrNull(r.first_commit_at),
  mergedAt: isoOrNull(r.merged_at),
  deployment: reference(r.deployment),
  leadTimeHours: r.deployed_at === null ? null : hoursOrNull(r.lead_time_hours),
});

const incident = (r: IncidentJson): DoraIncidentRow => {
  const attributed = r.attribution !== null && !r.not_change_failure && r.deployment !== null;
  return {
    id: String(r.id),
    externalId: r.external_id,
    source: r.source,
    title: r.title,
    severity: r.severity,
    openedAt: new Date(r.opened_at).toISOString(),
    resolvedAt: isoOrNull(r.resolved_at),
    recoveryHours:
      r.resolved_at === null
        ? null
        : roundHours((Date.parse(r.resolved_at) - Date.parse(r.opened_at)) / 3_600_000),
    attribution: attributed ? (r.attribution === 'explicit' ? 'explicit' : 'window') : null,
    excluded: r.not_change_failure,
    deployment: attributed ? reference(r.deployment) : null,
  };
};

/**
 * A page of the list behind a metric, or null when the company has no analytics project with the
 * key (another company's key, a project without analytics: the route answers 404).
 */
export async function doraEvents(
  db: Kysely<Database>,
  companyId: string,
  query: {
    projectKey: string;
    metric: DoraMetric;
    list: DoraEventList;
    range: DateRange;
    page: number;
    pageSize: number;
  },
): Promise<DoraEvents | null> {
  const { projectKey, metric, list, range, page, pageSize } = query;
  if (projectKey.trim() === '') return null;
  const which =
    list === 'incidents'
      ? metric === 'failedDeploymentRecoveryTime'
        ? 'recoveries'
        : 'openedIncidents'
      : list;
  const [row] = await QUERIES[which](db, {
    companyId,
    jiraKey: projectKey,
    from: range.from,
    to: range.to,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  if (!row?.found) return null;
  const kind = DORA_LIST_KIND[list];
  const json = JSON.parse(row.rows) as unknown[];
  const rows =
    kind === 'deployments'
      ? (json as DeploymentJson[]).map(deployment)
      : kind === 'pullRequests'
        ? (json as PullRequestJson[]).map(pullRequest)
        : (json as IncidentJson[]).map(incident);
  return {
    projectKey,
    metric,
    list,
    range,
    page,
    pageSize,
    total: row.total,
    nextPage: page * pageSize < row.total ? page + 1 : null,
    kind,
    rows,
  } as DoraEvents;
}
