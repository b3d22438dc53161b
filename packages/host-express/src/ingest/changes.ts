import {
  type ChangeEvent,
  changeEventSchema,
  type IngestError,
  type IngestResult,
} from '@client-portal/api-client/ingest';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import {
  DEFAULT_SOURCE,
  duplicateKeys,
  emptyResult,
  type IngestOptions,
  IngestRejected,
  type IngestScope,
  inBatch,
  instant,
  parseEvents,
  projectOf,
  recordDelivery,
  repositoriesNamed,
  same,
  sha,
  unknownRepositories,
} from './batch.js';
import { firstDeployment } from './rules.js';

/** The stored columns an event sets. */
const FIELDS = [
  'title',
  'author',
  'first_commit_at',
  'opened_at',
  'merged_at',
  'merge_commit_sha',
  'base_ref',
  'reverts_external_id',
] as const;

type Fields = { [K in (typeof FIELDS)[number]]: string | Date | null };

/**
 * Stores a batch of pull requests of one project, by repository and external id (a re-sent one
 * updates the stored one; an identical one writes nothing). Each merged one finds its first
 * production deployment as it is written (the linking rule, ./rules.ts), and a revert finds the
 * change it reverts (or is found by it when that one arrives later). One transaction;
 * IngestRejected (nothing stored) if any event is bad, names an unknown repository, or is a pull
 * request another project of the company already sent.
 */
export async function ingestChanges(
  db: Kysely<Database>,
  scope: IngestScope,
  events: readonly ChangeEvent[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const parsed = parseEvents(changeEventSchema, events);
  const result = emptyResult(parsed.length);
  if (parsed.length === 0) return result;
  const source = options.source ?? DEFAULT_SOURCE;
  return inBatch(db, scope.companyId, async (trx) => {
    await projectOf(trx, scope);
    const repositories = await repositoriesNamed(
      trx,
      scope.companyId,
      parsed.map((e) => e.repository),
    );
    const repositoryOf = (e: ChangeEvent) => repositories.get(e.repository.toLowerCase())?.id ?? '';
    const errors: IngestError[] = [];
    unknownRepositories(parsed, (e) => e.repository, repositories, 'repository', errors, scope.projectId);
    duplicateKeys(parsed, (e) => `${repositoryOf(e)}\n${e.externalId}`, 'externalId', errors);
    parsed.forEach((e, index) => {
      if (e.revertsExternalId === e.externalId) {
        errors.push({ index, path: 'revertsExternalId', message: 'must name another pull request' });
      }
    });
    if (errors.length > 0) throw new IngestRejected(errors);

    // The batch's keys drive the lookups (`offset 0`: see rules.ts, changesAffectedByDeployments).
    const { rows: stored } = await sql<
      Fields & { repository_id: string; external_id: string; project_id: string }
    >`
      select c.repository_id, c.external_id, c.project_id, ${sql.join(FIELDS.map((f) => sql.ref(`c.${f}`)))}
      from unnest(${parsed.map(repositoryOf)}::text[], ${parsed.map((e) => e.externalId)}::text[])
        as k(repository_id, external_id)
      cross join lateral (
        select * from code_changes c
        where c.company_id = ${scope.companyId} and c.repository_id = k.repository_id and c.kind = 'pr'
          and c.external_id = k.external_id
        offset 0
      ) c`.execute(trx);
    const existing = new Map(stored.map((row) => [`${row.repository_id}\n${row.external_id}`, row]));

    const writes: (Fields & { repository_id: string; external_id: string })[] = [];
    parsed.forEach((event, index) => {
      const row: Fields = {
        title: event.title ?? null,
        author: event.author ?? null,
        first_commit_at: instant(event.firstCommitAt),
        opened_at: instant(event.openedAt),
        merged_at: instant(event.mergedAt),
        merge_commit_sha: sha(event.mergeCommitSha),
        base_ref: event.baseRef ?? null,
        reverts_external_id: event.revertsExternalId ?? null,
      };
      const key = `${repositoryOf(event)}\n${event.externalId}`;
      const before = existing.get(key);
      if (before && before.project_id !== scope.projectId) {
        errors.push({ index, path: 'externalId', message: 'is a pull request another project sent' });
        return;
      }
      if (before && FIELDS.every((field) => same(before[field], row[field]))) {
        result.unchanged++;
        return;
      }
      if (before) result.updated++;
      else result.created++;
      writes.push({ ...row, repository_id: repositoryOf(event), external_id: event.externalId });
    });
    if (errors.length > 0) throw new IngestRejected(errors);
    if (writes.length === 0) return result;

    const rows = JSON.stringify(
      writes.map((w) => ({
        ...w,
        company_id: scope.companyId,
        project_id: scope.projectId,
        created_at: options.now?.toISOString() ?? null,
      })),
    );
    const { rows: written } = await sql<{ id: number }>`
      insert into code_changes (company_id, project_id, repository_id, kind, external_id, title, author,
        first_commit_at, opened_at, merged_at, merge_commit_sha, base_ref, reverts_external_id,
        deployment_id, deployed_at, reverts_change_id, created_at)
      select e.company_id, e.project_id, e.repository_id, 'pr', e.external_id, e.title, e.author,
        e.first_commit_at, e.opened_at, e.merged_at, e.merge_commit_sha, e.base_ref, e.reverts_external_id,
        fd.id, fd.finished_at, reverted.id, coalesce(e.created_at, now())
      from jsonb_array_elements(${rows}::jsonb) with ordinality as j(v, n)
      cross join lateral jsonb_populate_record(null::code_changes, j.v) as e
      left join lateral (${firstDeployment('e')}) fd on true
      left join lateral (
        select r.id from code_changes r
        where r.company_id = e.company_id and r.repository_id = e.repository_id and r.kind = 'pr'
          and r.external_id = e.reverts_external_id
        limit 1
      ) reverted on true
      order by j.n
      on conflict (company_id, repository_id, kind, external_id) do update set
        title = excluded.title, author = excluded.author, first_commit_at = excluded.first_commit_at,
        opened_at = excluded.opened_at, merged_at = excluded.merged_at,
        merge_commit_sha = excluded.merge_commit_sha, base_ref = excluded.base_ref,
        reverts_external_id = excluded.reverts_external_id, deployment_id = excluded.deployment_id,
        deployed_at = excluded.deployed_at, reverts_change_id = excluded.reverts_change_id
      returning id`.execute(trx);
    // Reverts sent before the change they revert. The written rows drive the lookup (`offset 0`
    // keeps the planner from turning it around: without statistics it scanned every change once
    // per written one). The row to update is found by the written one's company and id: a constant
    // company there gave the planner the company's changes to start from instead (quadratic).
    await sql`
      update code_changes r set reverts_change_id = x.reverted
      from (
        select c.id as reverted, c.company_id, w.id
        from unnest(${written.map((w) => w.id)}::bigint[]) as u(id)
        cross join lateral (
          select * from code_changes c where c.company_id = ${scope.companyId} and c.id = u.id offset 0
        ) c
        cross join lateral (
          select r2.id from code_changes r2
          where r2.company_id = c.company_id and r2.repository_id = c.repository_id
            and r2.reverts_external_id = c.external_id and r2.kind = 'pr'
            and r2.reverts_change_id is distinct from c.id
          offset 0
        ) w
      ) x
      where r.company_id = x.company_id and r.id = x.id`.execute(trx);
    await recordDelivery(trx, scope.companyId, [scope.projectId], 'changes', source, options.now);
    return result;
  });
}
