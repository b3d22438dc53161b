// The SQL that keeps delivery_days and delivery_projects, the per-UTC-day facts the DORA and
// project-card routes read (./delivery-queries.ts), derived from deployments, code_changes and
// incidents by statement-level triggers in the writer's transaction: a reader never sees events and
// days that disagree, a failed batch rolls both back, and no reader ever sees a day missing while a
// derivation runs (a day is rewritten in place, inside the writer's transaction).
//
// Incremental: a trigger recomputes only the (company, project, UTC day) set its statement touched,
// read from the transition tables (old and new rows):
// - a deployment: its finished day (successful production deployments only; others count nowhere);
// - a change: its deployed day (lead time), its merged day (merges, waiting changes, authors), its
//   first-commit day when unmerged (authors), and, for a revert, its deployment's day (rework);
// - an incident: its opened day, its resolved day (recovery) and its cause's finished day (failure).
// An update counts only when a column the days read changed. Before migration 0007 each statement
// recomputed every day of the touched projects: 388 ms and 2.2 MB of WAL for one webhook-sized write
// into a project of 20k deployments.
//
// Every function plans its statements for the arguments at hand (plan_cache_mode =
// force_custom_plan): PL/pgSQL keeps each statement's plan, and after five runs a generic one,
// which for a set of days or rows read every event of the project. And without JIT: costs that
// count each day's index probes crossed its threshold, and compiling took longer than running.
//
// Migration 0007 loads this module (`DELIVERY_DAYS_FUNCTIONS`, `DELIVERY_DAYS_TRIGGERS`). The
// functions are `create or replace`: a later change here ships with a migration that runs them again
// (and that migration, not 0007, recomputes the days), and may only use columns that exist once
// 0007 has run (0007 runs this text on a store upgraded past it).

/** `ts` (a timestamptz expression) as its UTC calendar day. */
export const utcDay = (ts: string) => `(${ts} at time zone 'UTC')::date`;

// The rules of the day facts as SQL over a table alias, so the drill-down lists exactly the rows a
// figure counts (ANSWERS imports them).

/** A counted deployment: successful, to production (DORA, DevLake, GitLab). */
export const countedDeployment = (d: string) =>
  `(${d}.environment = 'production' and ${d}.status = 'success')`;

/** A (counted) deployment with at least one attributed incident. */
export const failedDeployment = (d: string) => `exists (select 1 from incidents fi
  where fi.company_id = ${d}.company_id and fi.caused_by_deployment_id = ${d}.id and fi.attribution is not null)`;

/** A (counted) deployment that is rework: a hotfix, or shipping a revert (a change that reverts another). */
export const reworkDeployment = (d: string) => `(${d}.is_hotfix or exists (select 1 from code_changes rc
  where rc.company_id = ${d}.company_id and rc.deployment_id = ${d}.id
    and (rc.reverts_external_id is not null or rc.reverts_change_id is not null)))`;

/**
 * A change's lead time in hours, to 0.01 h: first commit (else opening, else merge) to the
 * deployment that shipped it. Rounded in the store: the figures are lower medians rounded to 0.01
 * h, and a lower median commutes with rounding, so nothing shown changes and the days' JSON is ~3x
 * smaller.
 */
export const leadTimeHours = (c: string) =>
  `round((extract(epoch from ${c}.deployed_at - coalesce(${c}.first_commit_at, ${c}.opened_at, ${c}.merged_at)) / 3600)::numeric, 2)::float8`;

/** A change with a lead time: shipped, and a positive one (Four Keys drops the others). */
export const hasLeadTime = (c: string) => `(${c}.deployment_id is not null and ${leadTimeHours(c)} > 0)`;

/** A pull request merged and not shipped by any production deployment yet. */
export const waitingChange = (c: string) =>
  `(${c}.kind = 'pr' and ${c}.merged_at is not null and ${c}.deployment_id is null)`;

/** An incident attributed to a deployment (by either rule). */
export const attributedIncident = (i: string) =>
  `(${i}.caused_by_deployment_id is not null and ${i}.attribution is not null)`;

/** An incident without a cause that is a change failure (not marked otherwise). */
export const unattributedIncident = (i: string) =>
  `(not ${i}.not_change_failure and (${i}.caused_by_deployment_id is null or ${i}.attribution is null))`;

/** An incident marked not a change failure: counted apart. */
export const excludedIncident = (i: string) => `${i}.not_change_failure`;

/** An attributed incident's recovery in hours, to 0.01 h: opened to resolved. */
export const recoveryHours = (i: string) =>
  `round((extract(epoch from ${i}.resolved_at - ${i}.opened_at) / 3600)::numeric, 2)::float8`;

/** An attributed incident with a recovery: resolved, not before it opened. */
export const hasRecovery = (i: string) => `(${attributedIncident(i)} and ${i}.resolved_at >= ${i}.opened_at)`;

const COUNTED = countedDeployment;

/** The columns of a day that its facts fill (not the key, not the JSON derived from them). */
const DAY_FACTS = [
  'deployments',
  'failed_deployments',
  'rework_deployments',
  'last_deployment_at',
  'lead_times',
  'recoveries',
  'pull_requests_merged',
  'changes_waiting',
  'incidents_opened',
  'incidents_unattributed',
  'incidents_excluded',
  'contributors',
] as const;

/**
 * Recomputes the given days of one project. Every fact of a day is recomputed from the events of
 * that day alone, so recomputing a day twice, or a day nothing changed, gives the same row; a row
 * is written only when a fact changed, and removed when the day has no events left (fewer writes:
 * less WAL, and the response cache keeps the answers of the days that did not change). Each
 * branch reads one kind of event of the days through an index (`offset 0`: the days drive it even
 * without statistics).
 */
const REFRESH_DAYS = `create or replace function delivery_days_refresh(p_company text, p_project text, p_days date[])
  returns void language plpgsql
  set plan_cache_mode = force_custom_plan set jit = off as $$
begin
  if coalesce(cardinality(p_days), 0) = 0 then
    return;
  end if;
  -- One recomputation of a project at a time: a concurrent writer's would not see this one's rows
  -- (READ COMMITTED) and collide with them. The second waits for the first to commit; its later
  -- statements then read what the first wrote.
  perform pg_advisory_xact_lock(hashtext('delivery_days'), hashtext(p_company || '/' || p_project));
  -- A project deleted in this statement (its events cascade) keeps no days.
  if not exists (select 1 from projects where id = p_project and company_id = p_company) then
    delete from delivery_days where company_id = p_company and project_id = p_project and day = any(p_days);
    return;
  end if;
  -- One statement: the days' facts computed (g), the days without events left removed, the others
  -- written where a fact changed. The removal and the upsert touch different days.
  with t as (
    select distinct u.day, u.day::timestamp at time zone 'UTC' as lo,
      (u.day + 1)::timestamp at time zone 'UTC' as hi
    from unnest(p_days) as u(day) where u.day is not null
  ),
  g as (
    select e.day, sum(e.deployments)::int as deployments, sum(e.failed)::int as failed,
      sum(e.rework)::int as rework, max(e.last_at) as last_at,
      coalesce(array_agg(e.lead_time order by e.lead_time) filter (where e.lead_time is not null), '{}')
        as lead_times,
      coalesce(array_agg(e.recovery order by e.recovery) filter (where e.recovery is not null), '{}')
        as recoveries,
      sum(e.merged)::int as merged, sum(e.waiting)::int as waiting, sum(e.opened)::int as opened,
      sum(e.unattributed)::int as unattributed, sum(e.excluded)::int as excluded,
      coalesce(array_agg(distinct e.author) filter (where e.author is not null), '{}') as contributors
    from (
      -- Counted deployments finished this day; failed; rework.
      select t.day, 1 as deployments, x.failed, x.rework, x.finished_at as last_at,
        null::float8 as lead_time, null::float8 as recovery, 0 as merged, 0 as waiting, 0 as opened,
        0 as unattributed, 0 as excluded, null::text as author
      from t cross join lateral (
        select d.finished_at, (${failedDeployment('d')})::int as failed, ${reworkDeployment('d')}::int as rework
        from deployments d
        where d.company_id = p_company and d.project_id = p_project and ${COUNTED('d')}
          and d.finished_at >= t.lo and d.finished_at < t.hi
        offset 0) x
      union all
      -- The lead time of each change deployed this day.
      select t.day, 0, 0, 0, null, x.lead_time, null, 0, 0, 0, 0, 0, null
      from t cross join lateral (
        select ${leadTimeHours('c')} as lead_time from code_changes c
        where c.company_id = p_company and c.project_id = p_project
          and c.deployed_at >= t.lo and c.deployed_at < t.hi and ${hasLeadTime('c')}
        offset 0) x
      union all
      -- The recovery of each attributed incident resolved this day.
      select t.day, 0, 0, 0, null, null, x.recovery, 0, 0, 0, 0, 0, null
      from t cross join lateral (
        select ${recoveryHours('i')} as recovery from incidents i
        where i.company_id = p_company and i.project_id = p_project
          and i.resolved_at >= t.lo and i.resolved_at < t.hi and ${hasRecovery('i')}
        offset 0) x
      union all
      -- Pull requests merged this day, those still waiting for a production deployment, and the
      -- authors of every change merged this day.
      select t.day, 0, 0, 0, null, null, null, x.merged, x.waiting, 0, 0, 0, x.author
      from t cross join lateral (
        select (c.kind = 'pr')::int as merged, ${waitingChange('c')}::int as waiting, c.author
        from code_changes c
        where c.company_id = p_company and c.project_id = p_project
          and c.merged_at >= t.lo and c.merged_at < t.hi
        offset 0) x
      union all
      -- Authors of unmerged changes, on their first commit's day.
      select t.day, 0, 0, 0, null, null, null, 0, 0, 0, 0, 0, x.author
      from t cross join lateral (
        select c.author from code_changes c
        where c.company_id = p_company and c.project_id = p_project and c.merged_at is null
          and c.first_commit_at >= t.lo and c.first_commit_at < t.hi and c.author is not null
        offset 0) x
      union all
      -- Incidents opened this day: without a cause (not-change-failures apart), and those.
      select t.day, 0, 0, 0, null, null, null, 0, 0, 1, x.unattributed, x.excluded, null
      from t cross join lateral (
        select ${unattributedIncident('i')}::int as unattributed, ${excludedIncident('i')}::int as excluded
        from incidents i
        where i.company_id = p_company and i.project_id = p_project
          and i.opened_at >= t.lo and i.opened_at < t.hi
        offset 0) x
    ) e
    group by e.day
  ),
  removed as (
    delete from delivery_days dd
    where dd.company_id = p_company and dd.project_id = p_project and dd.day = any(p_days)
      and not exists (select 1 from g where g.day = dd.day)
  )
  insert into delivery_days as dd (company_id, project_id, day, ${DAY_FACTS.join(', ')}, dora)
  select p_company, p_project, g.day, g.deployments, g.failed, g.rework, g.last_at, g.lead_times,
    g.recoveries, g.merged, g.waiting, g.opened, g.unattributed, g.excluded, g.contributors,
    json_build_array(g.day, g.deployments, g.failed, g.lead_times, g.recoveries, g.rework, g.unattributed,
      g.excluded, g.waiting)
  from g
  on conflict (company_id, project_id, day) do update set
    ${DAY_FACTS.map((f) => `${f} = excluded.${f}`).join(', ')}, dora = excluded.dora
  where (${DAY_FACTS.map((f) => `dd.${f}`).join(', ')}) is distinct from
    (${DAY_FACTS.map((f) => `excluded.${f}`).join(', ')});
end
$$`;

/**
 * The project's row: open incidents recounted, last syncs raised to the given instants (a deletion
 * does not un-sync), or, with `p_replace`, recomputed from the events.
 */
const REFRESH_PROJECT = `create or replace function delivery_project_refresh(p_company text, p_project text,
  p_github_at timestamptz, p_jira_at timestamptz, p_replace boolean)
  returns void language plpgsql
  set plan_cache_mode = force_custom_plan set jit = off as $$
begin
  if not exists (select 1 from projects where id = p_project and company_id = p_company) then
    return;
  end if;
  if p_replace then
    p_github_at := greatest(
      (select max(created_at) from deployments where company_id = p_company and project_id = p_project),
      (select max(created_at) from code_changes where company_id = p_company and project_id = p_project));
    p_jira_at := (select max(created_at) from incidents
      where company_id = p_company and project_id = p_project and source = 'jira');
  end if;
  insert into delivery_projects as dp (company_id, project_id, open_incidents, github_synced_at, jira_synced_at)
  values (p_company, p_project,
    (select count(*) from incidents
      where company_id = p_company and project_id = p_project and resolved_at is null),
    p_github_at, p_jira_at)
  on conflict (company_id, project_id) do update set
    open_incidents = excluded.open_incidents,
    github_synced_at = case when p_replace then excluded.github_synced_at
      else greatest(dp.github_synced_at, excluded.github_synced_at) end,
    jira_synced_at = case when p_replace then excluded.jira_synced_at
      else greatest(dp.jira_synced_at, excluded.jira_synced_at) end
  where (dp.open_incidents, dp.github_synced_at, dp.jira_synced_at) is distinct from
    (excluded.open_incidents,
     case when p_replace then excluded.github_synced_at
       else greatest(dp.github_synced_at, excluded.github_synced_at) end,
     case when p_replace then excluded.jira_synced_at
       else greatest(dp.jira_synced_at, excluded.jira_synced_at) end);
end
$$`;

/** Every day of a project from scratch: the days it has, and every day one of its events names. */
const REFRESH_PROJECT_DAYS = `create or replace function refresh_delivery_days(p_company text, p_project text)
  returns void language plpgsql
  set plan_cache_mode = force_custom_plan set jit = off as $$
begin
  perform delivery_days_refresh(p_company, p_project, array(
    select day from delivery_days where company_id = p_company and project_id = p_project
    union select ${utcDay('finished_at')} from deployments
      where company_id = p_company and project_id = p_project and ${COUNTED('deployments')}
    union select ${utcDay('deployed_at')} from code_changes
      where company_id = p_company and project_id = p_project and deployed_at is not null
    union select ${utcDay('merged_at')} from code_changes
      where company_id = p_company and project_id = p_project and merged_at is not null
    union select ${utcDay('first_commit_at')} from code_changes
      where company_id = p_company and project_id = p_project and merged_at is null
        and first_commit_at is not null
    union select ${utcDay('opened_at')} from incidents where company_id = p_company and project_id = p_project
    union select ${utcDay('resolved_at')} from incidents
      where company_id = p_company and project_id = p_project and resolved_at is not null));
  perform delivery_project_refresh(p_company, p_project, null, null, true);
end
$$`;

interface Touched {
  /** The trigger function's name. */
  name: string;
  /** Columns whose change moves a fact of a day: an update touching none of them touches no day. */
  columns: readonly string[];
  /** (company_id, project_id, day, github_at, jira_at) of the rows of relation `r`; day may be null. */
  touched: string;
}

/**
 * A trigger function recomputing the days the statement touched, project by project in one order
 * (so two writers take the projects' locks alike). A transition table exists only for the events
 * that define it (a query naming a missing one fails), hence the branches.
 */
function touchedFunction({ name, columns, touched }: Touched): string {
  const differs = `(${columns.map((c) => `o.${c}`).join(', ')}) is distinct from (${columns
    .map((c) => `n.${c}`)
    .join(', ')})`;
  const refresh = (rows: string) => `
    for target in
      with r as materialized (${rows})
      select x.company_id, x.project_id,
        coalesce(array_agg(distinct x.day) filter (where x.day is not null), '{}') as days,
        max(x.github_at) as github_at, max(x.jira_at) as jira_at
      from (${touched}) x
      group by 1, 2 order by 1, 2
    loop
      perform delivery_days_refresh(target.company_id, target.project_id, target.days);
      perform delivery_project_refresh(target.company_id, target.project_id, target.github_at,
        target.jira_at, false);
    end loop;`;
  return `create or replace function ${name}() returns trigger language plpgsql
  set plan_cache_mode = force_custom_plan set jit = off as $$
declare
  target record;
begin
  if tg_op = 'INSERT' then${refresh('select * from new_rows')}
  elsif tg_op = 'UPDATE' then${refresh(`select o.* from old_rows o join new_rows n on n.id = o.id where ${differs}
        union all
        select n.* from old_rows o join new_rows n on n.id = o.id where ${differs}`)}
  else${refresh('select * from old_rows')}
  end if;
  return null;
end
$$`;
}

const DEPLOYMENTS: Touched = {
  name: 'delivery_deployments_touched',
  columns: ['company_id', 'project_id', 'environment', 'status', 'finished_at', 'is_hotfix'],
  touched: `select r.company_id, r.project_id,
      case when ${COUNTED('r')} then ${utcDay('r.finished_at')} end as day,
      r.created_at as github_at, null::timestamptz as jira_at
    from r`,
};

const CHANGES: Touched = {
  name: 'delivery_changes_touched',
  columns: [
    'company_id',
    'project_id',
    'kind',
    'author',
    'first_commit_at',
    'opened_at',
    'merged_at',
    'deployment_id',
    'deployed_at',
    'reverts_change_id',
    'reverts_external_id',
  ],
  touched: `select r.company_id, r.project_id, ${utcDay('r.deployed_at')} as day, r.created_at as github_at,
      null::timestamptz as jira_at
    from r
    union all
    select r.company_id, r.project_id, ${utcDay('r.merged_at')}, null, null from r where r.merged_at is not null
    union all
    select r.company_id, r.project_id, ${utcDay('r.first_commit_at')}, null, null from r
    where r.merged_at is null and r.first_commit_at is not null and r.author is not null
    union all
    -- A revert makes its deployment rework, in the deployment's project.
    select d.company_id, d.project_id, ${utcDay('d.finished_at')}, null, null
    from r cross join lateral (
      select * from deployments d where d.company_id = r.company_id and d.id = r.deployment_id offset 0) d
    where (r.reverts_external_id is not null or r.reverts_change_id is not null) and ${COUNTED('d')}`,
};

const INCIDENTS: Touched = {
  name: 'delivery_incidents_touched',
  columns: [
    'company_id',
    'project_id',
    'opened_at',
    'resolved_at',
    'caused_by_deployment_id',
    'attribution',
    'not_change_failure',
  ],
  touched: `select r.company_id, r.project_id, ${utcDay('r.opened_at')} as day, null::timestamptz as github_at,
      case when r.source = 'jira' then r.created_at end as jira_at
    from r
    union all
    select r.company_id, r.project_id, ${utcDay('r.resolved_at')}, null, null from r where r.resolved_at is not null
    union all
    -- An attributed incident fails its cause's day, which may be another project's.
    select d.company_id, d.project_id, ${utcDay('d.finished_at')}, null, null
    from r cross join lateral (
      select * from deployments d where d.company_id = r.company_id and d.id = r.caused_by_deployment_id offset 0) d
    where ${COUNTED('d')}`,
};

const TOUCHED = { deployments: DEPLOYMENTS, code_changes: CHANGES, incidents: INCIDENTS } as const;

/** The functions, in the order they are created. */
export const DELIVERY_DAYS_FUNCTIONS: readonly string[] = [
  REFRESH_DAYS,
  REFRESH_PROJECT,
  REFRESH_PROJECT_DAYS,
  ...Object.values(TOUCHED).map(touchedFunction),
];

/** Names (with argument types) of the functions above, for `drop function`. */
export const DELIVERY_DAYS_FUNCTION_NAMES: readonly string[] = [
  ...Object.values(TOUCHED).map((t) => `${t.name}()`),
  'refresh_delivery_days(text, text)',
  'delivery_project_refresh(text, text, timestamptz, timestamptz, boolean)',
  'delivery_days_refresh(text, text, date[])',
];

const EVENTS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

/** The insert, update and delete triggers of the event tables (TRUNCATE keeps migration 0004's). */
export const DELIVERY_DAYS_TRIGGERS: readonly { table: string; name: string; create: string }[] =
  Object.entries(TOUCHED).flatMap(([table, { name: fn }]) =>
    EVENTS.map(([event, transition]) => {
      const name = `${table}_delivery_days_touched_${event}`;
      return {
        table,
        name,
        create: `create trigger ${name} after ${event} on ${table}
          referencing ${transition} for each statement execute function ${fn}()`,
      };
    }),
  );
