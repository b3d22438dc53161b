import { type IngestError, type IngestResult, MAX_INGEST_BATCH } from '@client-portal/api-client/ingest';
import { type Kysely, sql } from 'kysely';
import * as z from 'zod/mini';
import type { Database } from '../store/schema.js';

// What every ingest function shares: validation into IngestRejected, one transaction per batch,
// the repositories a batch names, and the sources' last deliveries.

/** The company and project a batch belongs to (an ingest token decides both). */
export interface IngestScope {
  companyId: string;
  projectId: string;
}

export interface IngestOptions {
  /** The events' source column: 'ingest' (the API, the default), 'github' (webhooks), … */
  source?: string;
  /** When the batch arrived: created_at of new rows and the source's last delivery. Default: now. */
  now?: Date;
}

/**
 * A batch refused: every bad event with its index, field and reason (by index). Nothing of it was
 * stored.
 */
export class IngestRejected extends Error {
  override readonly name = 'IngestRejected';
  readonly errors: IngestError[];
  constructor(errors: IngestError[]) {
    const sorted = [...errors].sort((a, b) => a.index - b.index);
    super(
      `ingest batch refused: ${sorted
        .slice(0, 3)
        .map((e) => `events[${e.index}]${e.path ? `.${e.path}` : ''} ${e.message}`)
        .join('; ')}${sorted.length > 3 ? `; and ${sorted.length - 3} more` : ''}`,
    );
    this.errors = sorted;
  }
}

export const DEFAULT_SOURCE = 'ingest';

/** Counts of a batch, filled in as its events are classified. */
export function emptyResult(received: number): IngestResult {
  return { received, created: 0, updated: 0, unchanged: 0 };
}

/**
 * Every event parsed with the contract's schema; IngestRejected listing every issue of every event
 * when any fails (an unknown field is reported under its own name). Also refuses a batch larger
 * than the contract allows.
 */
export function parseEvents<T>(schema: z.core.$ZodType<T>, events: readonly unknown[]): T[] {
  if (events.length > MAX_INGEST_BATCH) {
    throw new IngestRejected([
      { index: MAX_INGEST_BATCH, path: '', message: `a batch holds at most ${MAX_INGEST_BATCH} events` },
    ]);
  }
  const errors: IngestError[] = [];
  const parsed: T[] = [];
  events.forEach((event, index) => {
    const result = z.safeParse(schema, event);
    if (result.success) {
      parsed.push(result.data);
      return;
    }
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          errors.push({
            index,
            path: path ? `${path}.${key}` : key,
            message: 'is not a field of this event',
          });
        }
      } else {
        errors.push({ index, path, message: issue.message });
      }
    }
  });
  if (errors.length > 0) throw new IngestRejected(errors);
  return parsed;
}

/** An error for each event whose key an earlier event of the batch already used. */
export function duplicateKeys<T>(
  events: readonly T[],
  key: (event: T) => string,
  path: string,
  errors: IngestError[],
): void {
  const first = new Map<string, number>();
  events.forEach((event, index) => {
    const k = key(event);
    const earlier = first.get(k);
    if (earlier === undefined) first.set(k, index);
    else errors.push({ index, path, message: `repeats event ${earlier} of this batch; send each once` });
  });
}

/**
 * Runs `work` in one transaction (the caller's, when it passes one) holding the company's ingest
 * lock: linking and attribution read what earlier batches of the company wrote, so two batches of
 * one company never interleave.
 */
export async function inBatch<T>(
  db: Kysely<Database>,
  companyId: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const run = async (trx: Kysely<Database>) => {
    await sql`select pg_advisory_xact_lock(hashtext('ingest'), hashtext(${companyId}))`.execute(trx);
    // The host keeps its statements prepared (open-store.ts), and PostgreSQL plans a prepared
    // statement generically after five runs: for these, whose inputs are arrays of a batch's ids,
    // the generic plan read whole tables (1.5 s for one deployment against 80,000 changes, 0.1 ms
    // planned for its ids). And no JIT: the plans' costs count every index probe of a batch, which
    // crossed the JIT threshold and spent ~1 s compiling a query that runs in 3 ms.
    await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
    await sql`set local jit = off`.execute(trx);
    const result = await work(trx);
    await analyseGrownTables(trx, companyId, db);
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The tables the ingest and derivation queries read by index (delivery_days: the day refresh's). */
const EVENT_TABLES = [
  'deployments',
  'code_changes',
  'incidents',
  'repository_commits',
  'delivery_days',
] as const;

/** Below this many rows of one company, a misread estimate costs little; above, plans go wrong. */
const COMPANY_ROWS_FLOOR = 1000;
/** When a table was last analysed for a company (rule 2 below), per store, by `table\ncompany`. */
const analysedForCompany = new WeakMap<object, Map<string, number>>();
const COMPANY_ANALYSE_EVERY_MS = 60_000;

/**
 * ANALYSE the event tables whose statistics would mislead the next batch's plans. The embedded
 * store never analyses by itself, and PostgreSQL's autovacuum lags a bulk load by a minute or more.
 * 1. A table that has doubled in size (pages) since it was last analysed: without statistics the
 *    planner guesses every equality as selective (a batch of 50 ms took over 10 s once a table held
 *    some 10,000 rows). Doubling keeps it to a few times over a table's life.
 * 2. A table this batch wrote to, where the batch's company now holds 1,000 rows or more but the
 *    statistics put it under 1,000 (the planner's own estimate for `company_id = $1`): a new
 *    customer's first backfill into a table full of other companies. The planner then takes the
 *    company for a handful of rows and, every index starting with company_id looking alike, picks
 *    one that matches only that column and reads all of the company's rows per lookup: loading
 *    tier L (bench/scale.mjs), a day refresh took 1–7 s instead of ~50 ms and push lookups 3.5 s.
 *    At most once a minute per table and company in a process and store (a company too small for the
 *    statistics' common values stays under the estimate).
 * Each samples at most 30,000 rows.
 */
async function analyseGrownTables(trx: Kysely<Database>, companyId: string, store: object): Promise<void> {
  const { rows } = await sql<{ name: string; grown: boolean; wrote: boolean; estimated: number | null }>`
    with t as (
      select c.oid, c.relname, c.relpages, greatest(c.reltuples, 0) as reltuples from pg_class c
      where c.oid = any(array[${sql.join(EVENT_TABLES.map((t) => sql`${t}::regclass`))}])
    )
    select t.relname as name,
      pg_relation_size(t.oid) / current_setting('block_size')::int > greatest(2 * t.relpages, 8) as grown,
      pg_stat_get_xact_tuples_inserted(t.oid) > 0 as wrote,
      (select t.reltuples * case
          when array_position(s.most_common_vals::text::text[], ${companyId}) is not null
            then s.most_common_freqs[array_position(s.most_common_vals::text::text[], ${companyId})]
          else (1 - s.null_frac - coalesce((select sum(f) from unnest(s.most_common_freqs) f), 0))
            / greatest(case when s.n_distinct < 0 then -s.n_distinct * t.reltuples else s.n_distinct end
                - coalesce(cardinality(s.most_common_freqs), 0), 1)
        end
        from pg_stats s
        where s.schemaname = current_schema() and s.tablename = t.relname and s.attname = 'company_id')::float8
        as estimated
    from t order by 1`.execute(trx);
  const now = Date.now();
  let analysed = analysedForCompany.get(store);
  if (!analysed) {
    analysed = new Map();
    analysedForCompany.set(store, analysed);
  }
  for (const { name, grown, wrote, estimated } of rows) {
    let analyse = grown;
    const key = `${name}\n${companyId}`;
    if (!analyse && wrote && estimated !== null && estimated < COMPANY_ROWS_FLOOR) {
      const last = analysed.get(key);
      if (last === undefined || now - last >= COMPANY_ANALYSE_EVERY_MS) {
        const { rows: counted } = await sql<{ n: number }>`
          select count(*)::int as n from (
            select 1 from ${sql.table(name)} where company_id = ${companyId} limit ${COMPANY_ROWS_FLOOR}
          ) x`.execute(trx);
        analyse = (counted[0]?.n ?? 0) >= COMPANY_ROWS_FLOOR;
        if (analyse) {
          if (analysed.size >= 10_000) analysed.clear();
          analysed.set(key, now);
        }
      }
    }
    if (analyse) await sql`analyze ${sql.table(name)}`.execute(trx);
  }
}

/** The project's attribution window; an Error (not a refusal) when the scope names no project. */
export async function projectOf(trx: Kysely<Database>, scope: IngestScope): Promise<{ windowDays: number }> {
  const row = await trx
    .selectFrom('projects')
    .select('attribution_window_days')
    .where('id', '=', scope.projectId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  if (!row)
    throw new Error(`ingest: project ${scope.projectId} of company ${scope.companyId} does not exist`);
  return { windowDays: row.attribution_window_days };
}

const UNKNOWN_REPOSITORY = 'is not a repository of this company';

export interface RepositoryRow {
  id: string;
  projectId: string | null;
}

/** The company's repositories among `names` ("owner/name", matched case-insensitively), by lower-case name. */
export async function repositoriesNamed(
  trx: Kysely<Database>,
  companyId: string,
  names: readonly (string | undefined)[],
): Promise<Map<string, RepositoryRow>> {
  const wanted = [...new Set(names.filter((n): n is string => n !== undefined).map((n) => n.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await trx
    .selectFrom('github_repositories')
    .select(['id', 'full_name', 'project_id'])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(full_name) = any(${wanted})`)
    .orderBy('id')
    .execute();
  const out = new Map<string, RepositoryRow>();
  for (const row of rows) {
    const key = row.full_name.toLowerCase();
    if (!out.has(key)) out.set(key, { id: row.id, projectId: row.project_id });
  }
  return out;
}

/**
 * An error for each event naming a repository the company does not have or, given a project, a
 * repository of another project (or of none): a project's events never touch another's history.
 */
export function unknownRepositories<T>(
  events: readonly T[],
  name: (event: T) => string | undefined,
  repositories: Map<string, RepositoryRow>,
  path: string,
  errors: IngestError[],
  projectId?: string,
): void {
  events.forEach((event, index) => {
    const n = name(event);
    if (n === undefined) return;
    const repository = repositories.get(n.toLowerCase());
    if (!repository) errors.push({ index, path, message: UNKNOWN_REPOSITORY });
    else if (projectId !== undefined && repository.projectId !== projectId) {
      errors.push({ index, path, message: 'is not a repository of this project' });
    }
  });
}

/** Records that `source` delivered new `events` for these projects (only batches that stored something). */
export async function recordDelivery(
  trx: Kysely<Database>,
  companyId: string,
  projectIds: Iterable<string>,
  events: 'deployments' | 'changes' | 'incidents' | 'pushes',
  source: string,
  now: Date | undefined,
): Promise<void> {
  const projects = [...new Set(projectIds)].sort();
  if (projects.length === 0) return;
  const at = now ?? new Date();
  await trx
    .insertInto('delivery_sources')
    .values(
      projects.map((projectId) => ({
        company_id: companyId,
        project_id: projectId,
        events,
        source,
        last_received_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'project_id', 'events', 'source']).doUpdateSet({
        last_received_at: sql`greatest(delivery_sources.last_received_at, excluded.last_received_at)`,
      }),
    )
    .execute();
}

/** Lower-case hex, or null. */
export const sha = (value: string | undefined): string | null =>
  value === undefined ? null : value.toLowerCase();

/** An instant from the wire, or null. */
export const instant = (value: string | null | undefined): Date | null =>
  value === undefined || value === null ? null : new Date(value);

/** Whether two stored values are the same (instants by time). */
export function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return a === b;
}
