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
    await analyseGrownTables(trx);
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The tables the ingest and derivation queries read by index. */
const EVENT_TABLES = ['deployments', 'code_changes', 'incidents', 'repository_commits'] as const;

/**
 * ANALYSE each event table that has doubled in size (pages) since it was last analysed. Without
 * statistics the planner guesses every equality as selective and picks among indexes that share a
 * prefix by chance: a batch that takes 50 ms took over 10 s once a table held some 10,000 rows. The
 * embedded store never analyses by itself, and PostgreSQL's autovacuum lags a bulk load by a minute
 * or more. Doubling keeps it to a few times over a table's life (each samples at most 30,000 rows).
 */
async function analyseGrownTables(trx: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.oid = any(array[${sql.join(EVENT_TABLES.map((t) => sql`${t}::regclass`))}])
      and pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(2 * c.relpages, 8)
    order by 1`.execute(trx);
  for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(trx);
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
