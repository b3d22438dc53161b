import {
  type DeploymentEvent,
  deploymentEventSchema,
  type IngestError,
  type IngestResult,
} from '@client-portal/api-client/ingest';
import type { Kysely } from 'kysely';
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
import {
  changesAffectedByDeployments,
  incidentsAffectedByDeployments,
  reattributeIncidents,
  relinkChanges,
} from './rules.js';

/** The stored columns an event sets (the rest are the key, the id and created_at). */
const FIELDS = [
  'environment',
  'status',
  'started_at',
  'finished_at',
  'repository_id',
  'commit_sha',
  'ref',
  'is_hotfix',
] as const;

/**
 * Stores a batch of deployments of one project, by external id (a re-sent one updates the stored
 * one; an identical one writes nothing), then re-derives only what they can change: the links of
 * the changes they ship or shipped, and the causes of the incidents that name them or fall in
 * their attribution window. One transaction; IngestRejected (nothing stored) if any event is bad.
 */
export async function ingestDeployments(
  db: Kysely<Database>,
  scope: IngestScope,
  events: readonly DeploymentEvent[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const parsed = parseEvents(deploymentEventSchema, events);
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
    const errors: IngestError[] = [];
    duplicateKeys(parsed, (e) => e.externalId, 'externalId', errors);
    unknownRepositories(parsed, (e) => e.repository, repositories, 'repository', errors, scope.projectId);
    if (errors.length > 0) throw new IngestRejected(errors);

    const existing = new Map(
      (
        await trx
          .selectFrom('deployments')
          .select(['id', 'external_id', ...FIELDS])
          .where('company_id', '=', scope.companyId)
          .where('project_id', '=', scope.projectId)
          .where('source', '=', source)
          .where(
            'external_id',
            'in',
            parsed.map((e) => e.externalId),
          )
          .execute()
      ).map((row) => [row.external_id, row]),
    );
    const writes = [];
    for (const event of parsed) {
      const row = {
        environment: event.environment,
        status: event.status,
        started_at: instant(event.startedAt),
        finished_at: new Date(event.finishedAt),
        repository_id: event.repository
          ? (repositories.get(event.repository.toLowerCase())?.id ?? null)
          : null,
        commit_sha: sha(event.commitSha),
        ref: event.ref ?? null,
        is_hotfix: event.isHotfix ?? false,
      };
      const stored = existing.get(event.externalId);
      if (stored && FIELDS.every((field) => same(stored[field], row[field]))) {
        result.unchanged++;
        continue;
      }
      if (stored) result.updated++;
      else result.created++;
      writes.push({
        ...row,
        company_id: scope.companyId,
        project_id: scope.projectId,
        source,
        external_id: event.externalId,
        ...(options.now ? { created_at: options.now } : {}),
      });
    }
    if (writes.length === 0) return result;

    const written = await trx
      .insertInto('deployments')
      .values(writes)
      .onConflict((oc) =>
        oc.columns(['company_id', 'project_id', 'external_id', 'source']).doUpdateSet((eb) => ({
          environment: eb.ref('excluded.environment'),
          status: eb.ref('excluded.status'),
          started_at: eb.ref('excluded.started_at'),
          finished_at: eb.ref('excluded.finished_at'),
          repository_id: eb.ref('excluded.repository_id'),
          commit_sha: eb.ref('excluded.commit_sha'),
          ref: eb.ref('excluded.ref'),
          is_hotfix: eb.ref('excluded.is_hotfix'),
        })),
      )
      .returning('id')
      .execute();
    const ids = written.map((row) => row.id);
    const companyId = scope.companyId;
    await relinkChanges(trx, companyId, await changesAffectedByDeployments(trx, companyId, ids));
    await reattributeIncidents(trx, companyId, await incidentsAffectedByDeployments(trx, companyId, ids));
    await recordDelivery(trx, scope.companyId, [scope.projectId], 'deployments', source, options.now);
    return result;
  });
}
