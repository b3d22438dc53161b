import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../store/schema.js';

// The two rules that relate events, each written once and used both when one event arrives (for
// the rows it can change) and to re-derive a whole company.
//
// Linking: a merged pull request is shipped by the EARLIEST (finished_at, then external id) successful
// production deployment of its repository that finished at or after the merge and whose commit is
// the merge commit, or comes after it on a branch both are on (repository_commits, from pushes:
// position ≥ the merge commit's). Without a known order, only the merge commit itself links.
//
// Attribution: an incident names its cause (deploymentExternalId: a deployment of its project,
// 'explicit'; none until that deployment arrives); else its cause is the latest successful
// production deployment of its project that finished within [opened − window, opened] ('window');
// an incident marked not a change failure has none.

/** Successful production deployments: the ones DORA counts. */
export const counted = (d: string) => sql.raw(`${d}.environment = 'production' and ${d}.status = 'success'`);

/**
 * (id, finished_at) of the first deployment shipping the change `c`: any relation with company_id,
 * repository_id, merged_at and merge_commit_sha. No row: not shipped (yet).
 *
 * The repository's counted deployments are walked in finish order from the merge, and the first
 * that contains the merge commit is taken: usually the first or second one. The walk is a
 * subquery of its own (`offset 0`) so the planner cannot fold the containment test into the scan
 * and sort every deployment of the repository instead (10 s for a batch of 1,000 changes against
 * 2,000 deployments of one repository on PostgreSQL before statistics existed).
 */
export function firstDeployment(c: string): RawBuilder<unknown> {
  return sql.raw(`select w.id, w.finished_at from (
      select d.id, d.finished_at, d.commit_sha from deployments d
      where ${c}.merged_at is not null and ${c}.merge_commit_sha is not null
        and d.company_id = ${c}.company_id and d.repository_id = ${c}.repository_id
        and d.environment = 'production' and d.status = 'success'
        and d.finished_at >= ${c}.merged_at
      order by d.finished_at, d.external_id, d.id
      offset 0
    ) w
    where w.commit_sha = ${c}.merge_commit_sha or exists (
      select 1 from (
        select m.branch, m.position from repository_commits m
        where m.company_id = ${c}.company_id and m.repository_id = ${c}.repository_id
          and m.sha = ${c}.merge_commit_sha
        offset 0
      ) m
      join repository_commits dc on dc.company_id = ${c}.company_id and dc.repository_id = ${c}.repository_id
        and dc.branch = m.branch and dc.sha = w.commit_sha and dc.position >= m.position)
    limit 1`);
}

/**
 * The cause of incident `i` (company_id, project_id, opened_at, deployment_external_id,
 * not_change_failure), the window being `windowDays` (an SQL expression): a lateral pair
 * `explicit_cause` / `window_cause` to left-join, of which at most one has a row.
 */
export function causeOf(i: string, windowDays: string): RawBuilder<unknown> {
  return sql.raw(`left join lateral (
      select d.id from deployments d
      where not ${i}.not_change_failure and ${i}.deployment_external_id is not null
        and d.company_id = ${i}.company_id and d.project_id = ${i}.project_id
        and d.external_id = ${i}.deployment_external_id
      order by d.source, d.id limit 1
    ) explicit_cause on true
    left join lateral (
      select d.id from deployments d
      where not ${i}.not_change_failure and ${i}.deployment_external_id is null
        and d.company_id = ${i}.company_id and d.project_id = ${i}.project_id
        and d.environment = 'production' and d.status = 'success'
        and d.finished_at <= ${i}.opened_at
        and d.finished_at >= ${i}.opened_at - make_interval(days => ${windowDays})
      order by d.finished_at desc, d.external_id desc, d.id desc limit 1
    ) window_cause on true`);
}

/** The cause's id and rule, over `causeOf`'s two laterals. */
export const CAUSE_ID = sql.raw('coalesce(explicit_cause.id, window_cause.id)');
export const CAUSE_RULE = sql.raw(
  `case when explicit_cause.id is not null then 'explicit' when window_cause.id is not null then 'window' end`,
);

/**
 * Re-derives the link of these changes of the company; writes only those that differ. Returns how
 * many changed.
 */
export async function relinkChanges(
  trx: Kysely<Database>,
  companyId: string,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    update code_changes c set deployment_id = f.id, deployed_at = f.finished_at
    from (
      select c2.company_id, c2.id as change_id, fd.id, fd.finished_at
      from unnest(${[...ids]}::bigint[]) as u(id)
      cross join lateral (
        select * from code_changes c2 where c2.company_id = ${companyId} and c2.id = u.id offset 0
      ) c2
      left join lateral (${firstDeployment('c2')}) fd on true
    ) f
    where c.company_id = f.company_id and c.id = f.change_id
      and (c.deployment_id is distinct from f.id or c.deployed_at is distinct from f.finished_at)`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Re-derives the cause of these incidents of the company; writes only those that differ. Returns
 * how many changed.
 */
export async function reattributeIncidents(
  trx: Kysely<Database>,
  companyId: string,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    update incidents i set caused_by_deployment_id = x.cause, attribution = x.rule
    from (
      select i2.company_id, i2.id, ${CAUSE_ID} as cause, ${CAUSE_RULE} as rule
      from unnest(${[...ids]}::bigint[]) as u(id)
      cross join lateral (
        select * from incidents i2 where i2.company_id = ${companyId} and i2.id = u.id offset 0
      ) i2
      join projects p on p.company_id = i2.company_id and p.id = i2.project_id
      ${causeOf('i2', 'p.attribution_window_days')}
    ) x
    where i.company_id = x.company_id and i.id = x.id
      and (i.caused_by_deployment_id is distinct from x.cause or i.attribution is distinct from x.rule)`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Changes whose link these deployments (as stored now) may change: those linked to them, and, in
 * their repositories, the changes merged before the last of them finished that are waiting or
 * linked to a deployment finished no earlier than the first of them, and that one of them may
 * contain (its merge commit is a deployed commit, or at or before the furthest deployed position
 * of a branch). A superset: relinkChanges decides. Linear in those changes, whatever the batch
 * size (pairing each deployment with each change was quadratic for a historical batch). The
 * `offset 0` subqueries keep the small sets driving the index lookups even without statistics
 * (the embedded store never analyses by itself).
 */
export async function changesAffectedByDeployments(
  trx: Kysely<Database>,
  companyId: string,
  deploymentIds: readonly number[],
): Promise<number[]> {
  if (deploymentIds.length === 0) return [];
  const { rows } = await changesAffectedQuery(companyId, deploymentIds).execute(trx);
  return rows.map((r) => Number(r.id));
}

/** The query of changesAffectedByDeployments (deployments of one company). */
export function changesAffectedQuery(
  companyId: string,
  deploymentIds: readonly number[],
): RawBuilder<{ id: number }> {
  const ids = [...deploymentIds];
  return sql<{ id: number }>`
    with batch as materialized (
      select d.company_id, d.repository_id, d.commit_sha, d.finished_at
      from unnest(${ids}::bigint[]) as u(id)
      cross join lateral (
        select * from deployments d where d.company_id = ${companyId} and d.id = u.id offset 0
      ) d
      where ${counted('d')} and d.repository_id is not null and d.commit_sha is not null
    ),
    repos as materialized (
      select company_id, repository_id, min(finished_at) as first_at, max(finished_at) as last_at
      from batch group by 1, 2
    ),
    reach as materialized (
      select b.repository_id, rc.branch, max(rc.position) as position
      from batch b
      cross join lateral (
        select k.branch, k.position from repository_commits k
        where k.company_id = b.company_id and k.repository_id = b.repository_id and k.sha = b.commit_sha
        offset 0
      ) rc
      group by 1, 2
    ),
    candidates as materialized (
      select c.id, c.company_id, c.repository_id, c.merge_commit_sha
      from repos r
      cross join lateral (
        select c.id, c.company_id, c.repository_id, c.merge_commit_sha from code_changes c
        where c.company_id = r.company_id and c.repository_id = r.repository_id
          and c.deployment_id is null and c.merged_at is not null and c.merge_commit_sha is not null
          and c.merged_at <= r.last_at
        offset 0
      ) c
      union
      select c.id, c.company_id, c.repository_id, c.merge_commit_sha
      from repos r
      cross join lateral (
        select d.id from deployments d
        where d.company_id = r.company_id and d.repository_id = r.repository_id and ${counted('d')}
          and d.finished_at >= r.first_at
        offset 0
      ) later
      cross join lateral (
        select c.id, c.company_id, c.repository_id, c.merge_commit_sha from code_changes c
        where c.company_id = r.company_id and c.deployment_id = later.id and c.merged_at <= r.last_at
        offset 0
      ) c
    )
    select x.id from candidates x
    where exists (
        select 1 from batch b
        where b.company_id = x.company_id and b.repository_id = x.repository_id
          and b.commit_sha = x.merge_commit_sha)
      or exists (
        -- Looked up per candidate (offset 0): as a hashed subplan it read every commit.
        select 1 from (
          select m.repository_id, m.branch, m.position from repository_commits m
          where m.company_id = x.company_id and m.repository_id = x.repository_id
            and m.sha = x.merge_commit_sha
          offset 0
        ) m
        join reach on reach.repository_id = m.repository_id and reach.branch = m.branch
          and reach.position >= m.position)
    union
    select c.id from unnest(${ids}::bigint[]) as u(id)
    cross join lateral (
      select c.id from code_changes c where c.company_id = ${companyId} and c.deployment_id = u.id offset 0
    ) c`;
}

/**
 * Incidents whose cause these deployments (as stored now) may change: those attributed to them,
 * those naming them, and the window-rule incidents of their projects opened within a window after
 * their finish.
 */
export async function incidentsAffectedByDeployments(
  trx: Kysely<Database>,
  companyId: string,
  deploymentIds: readonly number[],
): Promise<number[]> {
  if (deploymentIds.length === 0) return [];
  const ids = [...deploymentIds];
  const { rows } = await sql<{ id: number }>`
    with batch as materialized (
      select d.company_id, d.project_id, d.external_id, d.finished_at, ${counted('d')} as counted,
        p.attribution_window_days as window_days
      from unnest(${ids}::bigint[]) as u(id)
      cross join lateral (
        select * from deployments d where d.company_id = ${companyId} and d.id = u.id offset 0
      ) d
      join projects p on p.company_id = d.company_id and p.id = d.project_id
    )
    select i.id from unnest(${ids}::bigint[]) as u(id)
    cross join lateral (
      select i.id from incidents i
      where i.company_id = ${companyId} and i.caused_by_deployment_id = u.id
      offset 0
    ) i
    union
    select i.id from batch b
    cross join lateral (
      select i.id from incidents i
      where i.company_id = b.company_id and i.project_id = b.project_id
        and i.deployment_external_id = b.external_id
      offset 0
    ) i
    union
    select i.id from batch b
    cross join lateral (
      select i.id from incidents i
      where i.company_id = b.company_id and i.project_id = b.project_id
        and i.opened_at >= b.finished_at
        and i.opened_at <= b.finished_at + make_interval(days => b.window_days)
        and i.deployment_external_id is null and not i.not_change_failure
      offset 0
    ) i
    where b.counted`.execute(trx);
  return rows.map((r) => Number(r.id));
}

/**
 * Every link and cause of the company derived again from scratch (after the attribution window of
 * a project changed, say, or to check the incremental derivation): how many rows changed.
 */
export async function rederiveCompany(
  db: Kysely<Database>,
  companyId: string,
): Promise<{ changes: number; incidents: number }> {
  const run = async (trx: Kysely<Database>) => {
    await sql`select pg_advisory_xact_lock(hashtext('ingest'), hashtext(${companyId}))`.execute(trx);
    const changeIds = await trx
      .selectFrom('code_changes')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    const changes = await relinkChanges(
      trx,
      companyId,
      changeIds.map((r) => r.id),
    );
    const incidentIds = await trx
      .selectFrom('incidents')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    const incidents = await reattributeIncidents(
      trx,
      companyId,
      incidentIds.map((r) => r.id),
    );
    return { changes, incidents };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
