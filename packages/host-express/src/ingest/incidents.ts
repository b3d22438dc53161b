import {
  type IncidentEvent,
  type IngestError,
  type IngestResult,
  incidentEventSchema,
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
  same,
} from './batch.js';
import { CAUSE_ID, CAUSE_RULE, causeOf } from './rules.js';

/** The stored columns an event sets. */
const FIELDS = [
  'title',
  'severity',
  'opened_at',
  'resolved_at',
  'deployment_external_id',
  'not_change_failure',
] as const;

/**
 * Stores a batch of incidents of one project, by external id: open, update and resolve one by
 * sending it again (an identical one writes nothing). Each finds its cause as it is written (the
 * attribution rule, ./rules.ts); one naming a deployment not sent yet gets it when it arrives. One
 * transaction; IngestRejected (nothing stored) if any event is bad.
 */
export async function ingestIncidents(
  db: Kysely<Database>,
  scope: IngestScope,
  events: readonly IncidentEvent[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const parsed = parseEvents(incidentEventSchema, events);
  const result = emptyResult(parsed.length);
  if (parsed.length === 0) return result;
  const source = options.source ?? DEFAULT_SOURCE;
  return inBatch(db, scope.companyId, async (trx) => {
    await projectOf(trx, scope);
    const errors: IngestError[] = [];
    duplicateKeys(parsed, (e) => e.externalId, 'externalId', errors);
    if (errors.length > 0) throw new IngestRejected(errors);

    const existing = new Map(
      (
        await trx
          .selectFrom('incidents')
          .select(['external_id', ...FIELDS])
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
        title: event.title ?? null,
        severity: event.severity ?? null,
        opened_at: new Date(event.openedAt),
        resolved_at: instant(event.resolvedAt),
        deployment_external_id: event.deploymentExternalId ?? null,
        not_change_failure: event.notChangeFailure ?? false,
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
        created_at: options.now ?? null,
      });
    }
    if (writes.length === 0) return result;

    await sql`
      insert into incidents (company_id, project_id, source, external_id, title, severity, opened_at,
        resolved_at, deployment_external_id, not_change_failure, caused_by_deployment_id, attribution,
        created_at)
      select e.company_id, e.project_id, e.source, e.external_id, e.title, e.severity, e.opened_at,
        e.resolved_at, e.deployment_external_id, e.not_change_failure, ${CAUSE_ID}, ${CAUSE_RULE},
        coalesce(e.created_at, now())
      from jsonb_array_elements(${JSON.stringify(writes)}::jsonb) with ordinality as j(v, n)
      cross join lateral jsonb_populate_record(null::incidents, j.v) as e
      join projects p on p.id = e.project_id and p.company_id = e.company_id
      ${causeOf('e', 'p.attribution_window_days')}
      order by j.n
      on conflict (company_id, project_id, external_id, source) do update set
        title = excluded.title, severity = excluded.severity, opened_at = excluded.opened_at,
        resolved_at = excluded.resolved_at, deployment_external_id = excluded.deployment_external_id,
        not_change_failure = excluded.not_change_failure,
        caused_by_deployment_id = excluded.caused_by_deployment_id, attribution = excluded.attribution`.execute(
      trx,
    );
    await recordDelivery(trx, scope.companyId, [scope.projectId], 'incidents', source, options.now);
    return result;
  });
}
