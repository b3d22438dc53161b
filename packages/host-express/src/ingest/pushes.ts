import {
  type IngestError,
  type IngestResult,
  type PushEvent,
  pushEventSchema,
} from '@client-portal/api-client/ingest';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import {
  DEFAULT_SOURCE,
  emptyResult,
  type IngestOptions,
  IngestRejected,
  inBatch,
  parseEvents,
  recordDelivery,
  repositoriesNamed,
  unknownRepositories,
} from './batch.js';
import { changesAffectedByDeployments, relinkChanges } from './rules.js';

/** A branch as pushes name it: "main" and "refs/heads/main" are one branch. */
export const branchOf = (ref: string): string => ref.replace(/^refs\/heads\//, '');

interface BranchState {
  repositoryId: string;
  branch: string;
  /** Known positions of the commits the batch names (stored ones, then the batch's own). */
  positions: Map<string, number>;
  last: number;
}

/**
 * Records the order of commits on branches: each push's commits follow its `before` commit (or,
 * when that is unknown, the branch's last known commit), oldest first; a commit already known on
 * the branch keeps its place. Then re-checks only the changes the new order can link: those whose
 * merge commit was just placed, and those a deployment of a just-placed commit now contains.
 * Pushes belong to the company (a repository may serve several projects). A push that placed a
 * new commit counts as created, one that placed none as unchanged. One transaction.
 */
export async function ingestPushes(
  db: Kysely<Database>,
  scope: { companyId: string },
  events: readonly PushEvent[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const parsed = parseEvents(pushEventSchema, events);
  const result = emptyResult(parsed.length);
  if (parsed.length === 0) return result;
  const source = options.source ?? DEFAULT_SOURCE;
  return inBatch(db, scope.companyId, async (trx) => {
    const repositories = await repositoriesNamed(
      trx,
      scope.companyId,
      parsed.map((e) => e.repository),
    );
    const errors: IngestError[] = [];
    unknownRepositories(parsed, (e) => e.repository, repositories, 'repository', errors);
    if (errors.length > 0) throw new IngestRejected(errors);

    const repositoryOf = (e: PushEvent) =>
      repositories.get(e.repository.toLowerCase()) ?? { id: '', projectId: null };
    const branches = new Map<string, BranchState>();
    for (const event of parsed) {
      const repositoryId = repositoryOf(event).id;
      const branch = branchOf(event.ref);
      const key = `${repositoryId}\n${branch}`;
      if (!branches.has(key)) branches.set(key, { repositoryId, branch, positions: new Map(), last: 0 });
    }
    for (const state of branches.values()) {
      const shas = new Set<string>();
      for (const event of parsed) {
        if (repositoryOf(event).id !== state.repositoryId || branchOf(event.ref) !== state.branch) continue;
        for (const commit of event.commits) shas.add(commit.toLowerCase());
        if (event.before) shas.add(event.before.toLowerCase());
      }
      // The batch's commits drive the lookups (`offset 0`: see rules.ts).
      const { rows } = await sql<{ sha: string; position: number }>`
        select u.sha, k.position from unnest(${[...shas]}::text[]) as u(sha)
        cross join lateral (
          select k.position from repository_commits k
          where k.company_id = ${scope.companyId} and k.repository_id = ${state.repositoryId}
            and k.sha = u.sha and k.branch = ${state.branch}
          offset 0
        ) k`.execute(trx);
      for (const row of rows) state.positions.set(row.sha, Number(row.position));
      const { rows: last } = await sql<{ position: number }>`
        select position from repository_commits
        where company_id = ${scope.companyId}
          and repository_id || ' ' || branch = ${`${state.repositoryId} ${state.branch}`}
        order by position desc limit 1`.execute(trx);
      state.last = Number(last[0]?.position ?? 0);
    }

    const placed: {
      company_id: string;
      repository_id: string;
      branch: string;
      sha: string;
      position: number;
    }[] = [];
    const projects = new Set<string>();
    for (const event of parsed) {
      const repository = repositoryOf(event);
      const state = branches.get(`${repository.id}\n${branchOf(event.ref)}`) as BranchState;
      const before = event.before?.toLowerCase();
      let cursor = (before !== undefined ? state.positions.get(before) : undefined) ?? state.last;
      let added = 0;
      for (const commit of event.commits.map((c) => c.toLowerCase())) {
        const known = state.positions.get(commit);
        if (known !== undefined) {
          cursor = known;
          continue;
        }
        cursor++;
        state.positions.set(commit, cursor);
        state.last = Math.max(state.last, cursor);
        placed.push({
          company_id: scope.companyId,
          repository_id: repository.id,
          branch: state.branch,
          sha: commit,
          position: cursor,
        });
        added++;
      }
      if (added > 0) {
        result.created++;
        if (repository.projectId) projects.add(repository.projectId);
      } else {
        result.unchanged++;
      }
    }
    if (placed.length === 0) return result;

    for (let i = 0; i < placed.length; i += 5000) {
      await trx
        .insertInto('repository_commits')
        .values(placed.slice(i, i + 5000))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const json = JSON.stringify(placed.map((p) => [p.repository_id, p.sha]));
    // The placed commits drive the lookups (`offset 0`: see changesAffectedByDeployments).
    const { rows: merged } = await sql<{ id: number }>`
      select distinct c.id from jsonb_array_elements(${json}::jsonb) p
      cross join lateral (
        select c.id from code_changes c
        where c.company_id = ${scope.companyId} and c.repository_id = p ->> 0 and c.merge_commit_sha = p ->> 1
        offset 0
      ) c`.execute(trx);
    const { rows: deployed } = await sql<{ id: number }>`
      select distinct d.id from jsonb_array_elements(${json}::jsonb) p
      cross join lateral (
        select d.id from deployments d
        where d.company_id = ${scope.companyId} and d.repository_id = p ->> 0 and d.commit_sha = p ->> 1
          and d.environment = 'production' and d.status = 'success'
        offset 0
      ) d`.execute(trx);
    const affected = new Set(merged.map((r) => Number(r.id)));
    for (const id of await changesAffectedByDeployments(
      trx,
      scope.companyId,
      deployed.map((r) => Number(r.id)),
    )) {
      affected.add(id);
    }
    await relinkChanges(trx, scope.companyId, [...affected]);
    await recordDelivery(trx, scope.companyId, projects, 'pushes', source, options.now);
    return result;
  });
}
