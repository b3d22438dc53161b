import {
  type DateRange,
  type DoraBenchmark,
  type DoraGrain,
  type DoraMetrics,
  type DoraSource,
  doraMetrics,
  previousRange,
} from '@client-portal/api-client';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { dayTuple, parseDays } from './delivery-days.js';

// GET /api/analytics/dora: the company's analytics project by its Jira key, its delivery days of
// the range and of the previous range (for the period-over-period change) and when each source last
// delivered, in one round trip; the answer is the api-client roll-up's (dora-rollup.ts), the one
// home of the metric rules the mocks use too.

interface DoraRow {
  /** JSON array of day tuples (see delivery-days.ts), oldest first. */
  days: string;
  /** JSON array of delivery_sources rows. */
  sources: string;
}

interface DoraArgs {
  companyId: string;
  jiraKey: string;
  from: string;
  to: string;
}

/** Per kind of events and source, when it last delivered (delivery_sources, kept by the ingest path). */
const lastDeliveries = sql`coalesce((select json_agg(s order by s.last_received_at desc, s.events, s.source)
  from delivery_sources s where s.company_id = p.company_id and s.project_id = p.id), '[]')::text`;

// Each day's JSON is stored ready (delivery_days.dora) and only joined here as text: formatting the
// lead-time arrays per request cost PostgreSQL ~250 µs more per DORA request of the demo's PORTAL
// (bench/host.mjs --route dora, cache off: 415–543 µs of database CPU against 640–810). Built as a
// plain template, not a precompiled() plan: this route measured no difference with one (host CPU
// 1,222–1,477 µs without, 1,426–1,902 µs with, within the run's noise).
const doraQuery = (args: DoraArgs) => sql<DoraRow>`
    select
      coalesce((select '[' || string_agg(${dayTuple}, ',' order by d.day) || ']'
        from delivery_days d
        where d.company_id = p.company_id and d.project_id = p.id
          and d.day >= ${args.from}::date and d.day <= ${args.to}::date), '[]') as days,
      ${lastDeliveries} as sources
    from projects p
    where p.company_id = ${args.companyId} and p.jira_key = ${args.jiraKey} and p.analytics_enabled`;

/**
 * The DORA answer of the company's analytics project with this Jira key, or null: another
 * company's key, a project without analytics and a blank key all read as "not there" (404).
 */
export async function projectDora(
  db: Kysely<Database>,
  companyId: string,
  query: { projectKey: string; range: DateRange; grain: DoraGrain; benchmark?: DoraBenchmark },
): Promise<DoraMetrics | null> {
  const { projectKey, range } = query;
  if (projectKey.trim() === '') return null;
  const from = previousRange(range)?.from ?? range.from;
  const {
    rows: [row],
  } = await doraQuery({ companyId, jiraKey: projectKey, from, to: range.to }).execute(db);
  if (!row) return null;
  const sources = (
    JSON.parse(row.sources) as { events: DoraSource['kind']; source: string; last_received_at: string }[]
  ).map(
    (s): DoraSource => ({
      kind: s.events,
      source: s.source,
      lastDeliveredAt: new Date(s.last_received_at).toISOString(),
    }),
  );
  return doraMetrics({
    projectKey,
    days: parseDays(row.days),
    range,
    grain: query.grain,
    ...(query.benchmark ? { benchmark: query.benchmark } : {}),
    sources,
  });
}
