import { type Kysely, sql } from 'kysely';
import {
  DELIVERY_DAYS_FUNCTION_NAMES,
  DELIVERY_DAYS_FUNCTIONS,
  DELIVERY_DAYS_TRIGGERS,
} from '../../analytics/delivery-days-sql.js';
import * as deliveryDays from './0004-delivery-days.js';

// Delivery data in: the ingest API and GitHub webhooks (src/ingest/), and an incremental
// derivation of the delivery days.
//
// - ingest_tokens, github_webhooks, webhook_deliveries: who may send events (a project's token, a
//   GitHub installation's secret) and which webhook deliveries were already stored.
// - repository_commits: the order of commits on each branch, from push events; it links a merged
//   pull request to the first production deployment whose commit is its merge commit or a later one
//   of the same branch (src/ingest/rules.ts).
// - Event columns the ingest format carries (deployments.ref, code_changes.base_ref and
//   reverts_external_id, incidents.deployment_external_id and not_change_failure), the per-project
//   attribution window (days), and per-source last deliveries (delivery_sources).
// - An event's id is unique within its project (not its company): two projects' CI may number
//   their runs alike.
// - Indexes in the order the queries filter: company, then project (or repository), then time.
// - delivery_days gains rework, waiting changes and incidents without a cause or excluded, and its
//   triggers recompute only the days a statement touched (analytics/delivery-days-sql.ts).
//
// Incidents of earlier versions mean "not a change failure" by a null attribution; they become
// not_change_failure, and 'time_window' / 'revert_pr' become 'window' / 'explicit'.

const TABLES = [
  `create table ingest_tokens (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    name text not null,
    secret_hash text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  'create index ingest_tokens_project_idx on ingest_tokens (company_id, project_id)',
  `create table github_webhooks (
    target_type text not null check (target_type in ('repository', 'organization', 'integration')),
    target_id text not null,
    company_id text not null references companies (id) on delete cascade,
    secret text not null,
    created_at timestamptz not null default now(),
    primary key (target_type, target_id)
  )`,
  'create index github_webhooks_company_idx on github_webhooks (company_id)',
  `create table webhook_deliveries (
    delivery_id text primary key,
    received_at timestamptz not null default now()
  )`,
  'create index webhook_deliveries_received_idx on webhook_deliveries (received_at)',
  // Looked up by commit (is it on a branch, where?) and by branch (its last position).
  `create table repository_commits (
    company_id text not null references companies (id) on delete cascade,
    repository_id text not null references github_repositories (id) on delete cascade,
    branch text not null,
    sha text not null,
    position bigint not null,
    primary key (repository_id, sha, branch)
  )`,
  // A branch's last position. On an expression, so that a lookup by repository, branch and commit
  // never takes it for the primary key (it did before statistics existed: a scan of the whole
  // branch per commit).
  `create index repository_commits_branch_idx on repository_commits ((repository_id || ' ' || branch), position)`,
  `create table delivery_sources (
    company_id text not null,
    project_id text not null references projects (id) on delete cascade,
    events text not null check (events in ('deployments', 'changes', 'incidents', 'pushes')),
    source text not null,
    last_received_at timestamptz not null,
    primary key (company_id, project_id, events, source)
  )`,
];

const COLUMNS = [
  `alter table projects add column attribution_window_days integer not null default 7
    check (attribution_window_days between 0 and 365)`,
  'alter table deployments add column ref text',
  'alter table code_changes add column base_ref text',
  'alter table code_changes add column reverts_external_id text',
  'alter table incidents add column deployment_external_id text',
  'alter table incidents add column not_change_failure boolean not null default false',
  `update incidents set not_change_failure = true, caused_by_deployment_id = null where attribution is null`,
  `update incidents set attribution = case attribution when 'time_window' then 'window' else 'explicit' end
    where attribution is not null and attribution <> 'explicit'`,
  `alter table incidents add constraint incidents_attribution_check
    check (attribution in ('explicit', 'window'))`,
  `alter table delivery_days
    add column rework_deployments integer not null default 0,
    add column changes_waiting integer not null default 0,
    add column incidents_unattributed integer not null default 0,
    add column incidents_excluded integer not null default 0`,
];

const INDEXES = [
  // Ids unique within the project; (…, external_id, source) also finds a deployment by id alone.
  'alter table deployments drop constraint deployments_company_id_source_external_id_key',
  `create unique index deployments_external_id_uq on deployments (company_id, project_id, external_id, source)`,
  'alter table incidents drop constraint incidents_company_id_source_external_id_key',
  `create unique index incidents_external_id_uq on incidents (company_id, project_id, external_id, source)`,
  'drop index deployments_range_idx',
  // Counted deployments by time: the days, the attribution window, the drill-down.
  `create index deployments_production_idx on deployments (company_id, project_id, finished_at)
    where environment = 'production' and status = 'success'`,
  // A change's first deployment: its repository's counted deployments from its merge on.
  `create index deployments_repository_idx on deployments (company_id, repository_id, finished_at)
    where environment = 'production' and status = 'success'`,
  'create index deployments_commit_idx on deployments (company_id, repository_id, commit_sha)',
  'drop index code_changes_deployed_idx',
  'drop index code_changes_merged_idx',
  'create index code_changes_deployed_idx on code_changes (company_id, project_id, deployed_at)',
  'create index code_changes_merged_idx on code_changes (company_id, project_id, merged_at)',
  `create index code_changes_authored_idx on code_changes (company_id, project_id, first_commit_at)
    where merged_at is null`,
  'create index code_changes_merge_commit_idx on code_changes (company_id, repository_id, merge_commit_sha)',
  // The changes a deployment may link: merged, with a merge commit, not linked yet.
  `create index code_changes_waiting_idx on code_changes (company_id, repository_id, merged_at)
    where deployment_id is null and merged_at is not null and merge_commit_sha is not null`,
  // Deleting a change sets its reverts to null: without this, a scan of every change per row.
  'create index code_changes_reverts_idx on code_changes (reverts_change_id) where reverts_change_id is not null',
  `create index code_changes_reverts_external_idx on code_changes (company_id, repository_id, reverts_external_id)
    where reverts_external_id is not null`,
  'drop index incidents_opened_idx',
  'drop index incidents_resolved_idx',
  'create index incidents_opened_idx on incidents (company_id, project_id, opened_at)',
  'create index incidents_resolved_idx on incidents (company_id, project_id, resolved_at)',
  'create index incidents_open_idx on incidents (company_id, project_id) where resolved_at is null',
  `create index incidents_deployment_ref_idx on incidents (company_id, project_id, deployment_external_id)
    where deployment_external_id is not null`,
];

/** 0004's insert, update and delete triggers (its TRUNCATE triggers stay: they recompute everything). */
const DELIVERY_0004_TRIGGERS = ['deployments', 'code_changes', 'incidents'].flatMap((table) =>
  ['insert', 'update', 'delete'].map((event) => `drop trigger ${table}_delivery_days_${event} on ${table}`),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of DELIVERY_0004_TRIGGERS) await sql.raw(statement).execute(db);
  for (const statement of [...TABLES, ...COLUMNS, ...INDEXES, ...DELIVERY_DAYS_FUNCTIONS]) {
    await sql.raw(statement).execute(db);
  }
  for (const trigger of DELIVERY_DAYS_TRIGGERS) await sql.raw(trigger.create).execute(db);
  // 0004's functions this one replaced.
  await sql.raw('drop function delivery_events_changed()').execute(db);
  await sql.raw('drop function delivery_incidents_changed()').execute(db);
  // The new columns of the days already stored.
  await sql
    .raw(
      'select refresh_delivery_days(p.company_id, p.id) from (select company_id, id from projects order by 1, 2) p',
    )
    .execute(db);
}

/** Back to 0004's derivation (every day of a touched project) and 0006's columns and constraints. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of DELIVERY_DAYS_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${trigger.name} on ${trigger.table}`).execute(db);
  }
  for (const table of ['deployments', 'code_changes', 'incidents']) {
    await sql.raw(`drop trigger if exists ${table}_delivery_days_truncate on ${table}`).execute(db);
  }
  await sql.raw('drop function if exists delivery_events_truncated()').execute(db);
  for (const fn of DELIVERY_DAYS_FUNCTION_NAMES) await sql.raw(`drop function if exists ${fn}`).execute(db);
  const statements = [
    'drop index incidents_deployment_ref_idx',
    'drop index incidents_open_idx',
    'drop index incidents_resolved_idx',
    'drop index incidents_opened_idx',
    'create index incidents_opened_idx on incidents (project_id, opened_at)',
    'create index incidents_resolved_idx on incidents (project_id, resolved_at)',
    'drop index code_changes_reverts_external_idx',
    'drop index code_changes_reverts_idx',
    'drop index code_changes_waiting_idx',
    'drop index code_changes_merge_commit_idx',
    'drop index code_changes_authored_idx',
    'drop index code_changes_merged_idx',
    'drop index code_changes_deployed_idx',
    'create index code_changes_deployed_idx on code_changes (project_id, deployed_at)',
    'create index code_changes_merged_idx on code_changes (project_id, merged_at)',
    'drop index deployments_commit_idx',
    'drop index deployments_repository_idx',
    'drop index deployments_production_idx',
    'create index deployments_range_idx on deployments (project_id, environment, status, finished_at)',
    'drop index incidents_external_id_uq',
    'alter table incidents add constraint incidents_company_id_source_external_id_key unique (company_id, source, external_id)',
    'drop index deployments_external_id_uq',
    'alter table deployments add constraint deployments_company_id_source_external_id_key unique (company_id, source, external_id)',
    `alter table delivery_days drop column rework_deployments, drop column changes_waiting,
      drop column incidents_unattributed, drop column incidents_excluded`,
    'alter table incidents drop constraint incidents_attribution_check',
    `update incidents set attribution = 'time_window' where attribution = 'window'`,
    'update incidents set attribution = null, caused_by_deployment_id = null where not_change_failure',
    'alter table incidents drop column not_change_failure',
    'alter table incidents drop column deployment_external_id',
    'alter table code_changes drop column reverts_external_id',
    'alter table code_changes drop column base_ref',
    'alter table deployments drop column ref',
    'alter table projects drop column attribution_window_days',
    'drop table delivery_sources',
    'drop table repository_commits',
    'drop table webhook_deliveries',
    'drop table github_webhooks',
    'drop table ingest_tokens',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  // 0004's functions and triggers, as released, and its days recomputed by them.
  for (const statement of deliveryDays.DERIVATION) await sql.raw(statement).execute(db);
}
