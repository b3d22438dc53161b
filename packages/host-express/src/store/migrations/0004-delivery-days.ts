import { type Kysely, sql } from 'kysely';

// Delivery analytics per UTC day, kept by the database itself.
//
// The DORA and project-card routes aggregated the event tables at every request: three to six
// grouped scans with a correlated EXISTS, ~1–2.5 ms of database CPU and as much again in the host
// parsing float arrays, for a project of ~2,000 events (bench/host.mjs). Every figure they show is a
// sum, a maximum or a median over whole UTC days of the range, so the facts of each day are stored
// once: counts and maxima as columns, and the values medians are taken of (lead times, recovery
// times) and the distinct authors as sorted arrays. A range then reads one row per day with events.
//
// The tables are derived data: statement-level triggers on deployments, code_changes and incidents
// recompute the days of every project a statement touched (an incident also touches the project of
// the deployment it is attributed to), in the writer's transaction, so a reader never sees events
// and days that disagree, and a failed import rolls both back. Writers (the demo seed, connectors)
// write in batches; each statement recomputes the projects it touched once.
/** A trigger function recomputing the projects that `projectsOf(transition table)` names. */
function changedFunction(name: string, projectsOf: (rows: string) => string): string {
  const refresh = (query: string) => `
      -- In one order everywhere, so two writers take the projects' locks in the same order.
      for target in select distinct p.company_id, p.project_id from (${query}) p order by 1, 2 loop
        perform refresh_delivery_days(target.company_id, target.project_id);
      end loop;`;
  return `create function ${name}() returns trigger
    language plpgsql as $$
  declare
    target record;
  begin
    if tg_op = 'INSERT' then${refresh(projectsOf('new_rows'))}
    elsif tg_op = 'UPDATE' then${refresh(`${projectsOf('new_rows')} union ${projectsOf('old_rows')}`)}
    else${refresh(projectsOf('old_rows'))}
    end if;
    return null;
  end
  $$`;
}

const TABLES = [
  `create table delivery_days (
    company_id text not null,
    project_id text not null references projects (id) on delete cascade,
    day date not null,
    -- successful production deployments that finished this day, those of them with an
    -- attributed incident, and the last one's finish
    deployments integer not null default 0,
    failed_deployments integer not null default 0,
    last_deployment_at timestamptz,
    -- hours from first commit (else opening, else merge) to deployment of each change deployed
    -- this day (positive spans only), ascending
    lead_times float8[] not null default '{}',
    -- hours from opened to resolved of each attributed incident resolved this day, ascending
    recoveries float8[] not null default '{}',
    pull_requests_merged integer not null default 0,
    incidents_opened integer not null default 0,
    -- distinct authors of the changes merged (else first committed) this day, sorted
    contributors text[] not null default '{}',
    -- [day, deployments, failed_deployments, lead_times, recoveries] as JSON text: what the DORA
    -- computations read, kept ready so a request concatenates text instead of formatting floats
    dora json not null,
    primary key (company_id, project_id, day)
  )`,
  `create table delivery_projects (
    company_id text not null,
    project_id text not null references projects (id) on delete cascade,
    open_incidents integer not null default 0,
    github_synced_at timestamptz,
    jira_synced_at timestamptz,
    primary key (company_id, project_id)
  )`,
];

/**
 * The functions and triggers that keep the tables, and their first recomputation. Migration 0007
 * replaces them; its `down` runs these again.
 */
export const DERIVATION = [
  `create function refresh_delivery_days(p_company text, p_project text) returns void
    language plpgsql as $$
  begin
    -- One recomputation of a project at a time: a concurrent writer's recomputation would not see
    -- this one's rows (READ COMMITTED) and collide with them. The second waits for the first to
    -- commit; its later statements then read what the first wrote.
    perform pg_advisory_xact_lock(hashtext('delivery_days'), hashtext(p_company || '/' || p_project));
    delete from delivery_days where company_id = p_company and project_id = p_project;
    delete from delivery_projects where company_id = p_company and project_id = p_project;
    -- A project deleted in this statement (its events cascade) keeps no days.
    if not exists (select 1 from projects where id = p_project and company_id = p_company) then
      return;
    end if;
    insert into delivery_days (company_id, project_id, day, deployments, failed_deployments,
      last_deployment_at, lead_times, recoveries, pull_requests_merged, incidents_opened, contributors, dora)
    select g.*, json_build_array(g.day, g.deployments, g.failed, g.lead_times, g.recoveries)
    from (select p_company, p_project, e.day,
      sum(e.deployments) as deployments, sum(e.failed) as failed, max(e.last_at),
      coalesce(array_agg(e.lead_time order by e.lead_time) filter (where e.lead_time is not null), '{}')
        as lead_times,
      coalesce(array_agg(e.recovery order by e.recovery) filter (where e.recovery is not null), '{}')
        as recoveries,
      sum(e.merged), sum(e.opened),
      coalesce(array_agg(distinct e.author) filter (where e.author is not null), '{}')
    from (
      select (d.finished_at at time zone 'UTC')::date as day, 1 as deployments,
        case when exists (
          select 1 from incidents i
          where i.caused_by_deployment_id = d.id and i.company_id = d.company_id
            and i.attribution is not null
        ) then 1 else 0 end as failed,
        d.finished_at as last_at, null::float8 as lead_time, null::float8 as recovery,
        0 as merged, 0 as opened, null::text as author
      from deployments d
      where d.company_id = p_company and d.project_id = p_project
        and d.environment = 'production' and d.status = 'success'
      union all
      select (c.deployed_at at time zone 'UTC')::date, 0, 0, null,
        extract(epoch from c.deployed_at - coalesce(c.first_commit_at, c.opened_at, c.merged_at))::float8 / 3600,
        null, 0, 0, null
      from code_changes c
      where c.company_id = p_company and c.project_id = p_project
        and c.deployed_at > coalesce(c.first_commit_at, c.opened_at, c.merged_at)
      union all
      select (i.resolved_at at time zone 'UTC')::date, 0, 0, null, null,
        extract(epoch from i.resolved_at - i.opened_at)::float8 / 3600, 0, 0, null
      from incidents i
      where i.company_id = p_company and i.project_id = p_project
        and i.caused_by_deployment_id is not null and i.attribution is not null
        and i.resolved_at >= i.opened_at
      union all
      select (c.merged_at at time zone 'UTC')::date, 0, 0, null, null, null, 1, 0, null
      from code_changes c
      where c.company_id = p_company and c.project_id = p_project and c.kind = 'pr'
        and c.merged_at is not null
      union all
      select (i.opened_at at time zone 'UTC')::date, 0, 0, null, null, null, 0, 1, null
      from incidents i
      where i.company_id = p_company and i.project_id = p_project
      union all
      select (coalesce(c.merged_at, c.first_commit_at) at time zone 'UTC')::date, 0, 0, null, null, null, 0, 0,
        c.author
      from code_changes c
      where c.company_id = p_company and c.project_id = p_project and c.author is not null
        and coalesce(c.merged_at, c.first_commit_at) is not null
    ) e
    group by e.day) g;
    insert into delivery_projects (company_id, project_id, open_incidents, github_synced_at, jira_synced_at)
    select p_company, p_project,
      (select count(*) from incidents
        where company_id = p_company and project_id = p_project and resolved_at is null),
      greatest(
        (select max(created_at) from deployments where company_id = p_company and project_id = p_project),
        (select max(created_at) from code_changes where company_id = p_company and project_id = p_project)),
      (select max(created_at) from incidents
        where company_id = p_company and project_id = p_project and source = 'jira');
  end
  $$`,
  // One trigger function for deployments and code changes, one for incidents, each for insert,
  // update and delete. A transition table exists only for the events that define it (a query that
  // names a missing one fails), hence the branches.
  changedFunction('delivery_events_changed', (rows) => `select company_id, project_id from ${rows}`),
  // An incident also changes the failure count of the day of the deployment it is attributed to,
  // which may be another project's.
  changedFunction(
    'delivery_incidents_changed',
    (rows) => `select company_id, project_id from ${rows}
      union select d.company_id, d.project_id from deployments d
        where d.id in (select caused_by_deployment_id from ${rows})`,
  ),
  // TRUNCATE has no transition tables: every project is recomputed.
  `create function delivery_events_truncated() returns trigger
    language plpgsql as $$
  declare
    target record;
  begin
    for target in select company_id, id from projects order by 1, 2 loop
      perform refresh_delivery_days(target.company_id, target.id);
    end loop;
    return null;
  end
  $$`,
  ...['deployments', 'code_changes', 'incidents'].flatMap((table) => {
    const fn = table === 'incidents' ? 'delivery_incidents_changed' : 'delivery_events_changed';
    return [
      `create trigger ${table}_delivery_days_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function ${fn}()`,
      `create trigger ${table}_delivery_days_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
      `create trigger ${table}_delivery_days_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function ${fn}()`,
      `create trigger ${table}_delivery_days_truncate after truncate on ${table}
        for each statement execute function delivery_events_truncated()`,
    ];
  }),
  // The events already stored.
  'select refresh_delivery_days(company_id, id) from projects',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...TABLES, ...DERIVATION]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deployments', 'code_changes', 'incidents']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists ${table}_delivery_days_${event} on ${table}`).execute(db);
    }
  }
  for (const fn of [
    'delivery_events_truncated()',
    'delivery_incidents_changed()',
    'delivery_events_changed()',
    'refresh_delivery_days(text, text)',
  ]) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql.raw('drop table if exists delivery_projects').execute(db);
  await sql.raw('drop table if exists delivery_days').execute(db);
}
