import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MAX_INGEST_BATCH } from '@client-portal/api-client/ingest';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DEFAULT_HOME_LIFECYCLE_STAGE } from '../../config/index.js';
import { ingestChanges, ingestDeployments, ingestIncidents, ingestPushes } from '../../ingest/index.js';
import { hashPassword } from '../passwords.js';
import type { Database, TableName } from '../schema.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './crm.js';
import { demoDataSet, type TableRows } from './data-set.js';
import { type DeliveryPlan, DEMO_SOURCES } from './delivery.js';
import type { DemoFile } from './documents.js';

export { ACME, DEMO_FIXTURES, DEMO_PASSWORD, DEMO_SIGN_INS, GLOBEX } from './crm.js';
export type { DemoSignIn } from './crm.js';
export { demoDataSet } from './data-set.js';
export type { DemoDataSet, DemoDataSetInput, TableRows } from './data-set.js';
export type { DemoFile } from './documents.js';
export { buildPdf } from './pdf.js';

export interface SeedDemoOptions {
  /** Every timestamp is relative to this; a fixed value gives the same store every time. Default: now. */
  now?: Date;
  /** Acme's contacts get this stage so they pass the Home gate (default 249503789). */
  homeLifecycleStage?: string;
  /** Where the demo PDFs go when `putFile` is not given. */
  filesDir?: string;
  /** Stores one demo file (S3 and other storages); default: write it under `filesDir`. */
  putFile?: (file: DemoFile) => Promise<void>;
  /** A hash of DEMO_PASSWORD to use instead of computing one (saves ~0.3 s in tests). */
  passwordHash?: string;
}

export interface SeedReport {
  /** False when the store already held data: the seed never touches a non-empty store. */
  seeded: boolean;
  /** Rows inserted per table. */
  counts: Partial<Record<TableName, number>>;
}

/** Empty means no company and no user: a store someone has started to use is never seeded. */
export async function isStoreEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('companies').select('id')).as('companies'),
      eb.exists(eb.selectFrom('users').select('id')).as('users'),
    ])
    .executeTakeFirstOrThrow();
  return !row.companies && !row.users;
}

/**
 * Seeds the deterministic demo data set into an empty store: Acme and Globex with their users,
 * CRM data, talent, GitHub, a year of delivery events, AI usage, documents (real PDFs) and the
 * knowledge base. Does nothing when the store is not empty; one transaction, so it never leaves
 * half a data set behind. Concurrent seeds (several hosts starting at once) serialise on a lock.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedDemoOptions = {}): Promise<SeedReport> {
  if (!(await isStoreEmpty(db))) return { seeded: false, counts: {} };
  const now = options.now ?? new Date();
  const data = demoDataSet({
    now,
    homeLifecycleStage: options.homeLifecycleStage ?? DEFAULT_HOME_LIFECYCLE_STAGE,
    passwordHash: options.passwordHash ?? (await hashPassword(DEMO_PASSWORD)),
  });
  const putFile = options.putFile ?? diskWriter(options.filesDir);
  for (const file of data.files) await putFile(file);
  await vacuumLeftovers(db, [
    ...[...data.tables, ...data.after].map((rows) => rows.table),
    ...DELIVERY_TABLES,
  ]);

  return db.transaction().execute(async (trx) => {
    // Seeding is start-up work, not a request: on PostgreSQL neither the wait for another host's
    // seed nor a large insert may be cut by the statement timeout (the embedded store's is lifted by
    // `untimed` around the whole start).
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext('client-portal:demo-seed'))`.execute(trx);
    if (!(await isStoreEmpty(trx))) return { seeded: false, counts: {} };
    const counts: SeedReport['counts'] = {};
    const insert = async ({ table, rows }: TableRows) => {
      counts[table] = rows.length;
      for (let i = 0; i < rows.length; i += 500) {
        // Kysely cannot relate a generic table name to its row type; the rows are NewRow<table>.
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 500) as never)
          .execute();
      }
    };
    for (const tableRows of data.tables) await insert(tableRows);
    await ingestDelivery(trx, data.delivery, now, counts);
    for (const tableRows of data.after) await insert(tableRows);
    return { seeded: true, counts };
  });
}

/**
 * The delivery events through the ingest functions, as a provider's CI, GitHub and incident tool
 * would send them (pushes, deployments, pull requests, incidents, in batches of at most 1,000):
 * the store links the pull requests and attributes the incidents itself.
 */
async function ingestDelivery(
  trx: Transaction<Database>,
  plan: DeliveryPlan,
  now: Date,
  counts: SeedReport['counts'],
): Promise<void> {
  const batches = async <T>(events: T[], ingest: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < events.length; i += MAX_INGEST_BATCH)
      await ingest(events.slice(i, i + MAX_INGEST_BATCH));
  };
  for (const project of plan) {
    const scope = { companyId: project.companyId, projectId: project.projectId };
    await batches(project.pushes, (batch) =>
      ingestPushes(trx, scope, batch, { source: DEMO_SOURCES.pushes, now }),
    );
    await batches(project.deployments, (batch) =>
      ingestDeployments(trx, scope, batch, { source: DEMO_SOURCES.deployments, now }),
    );
    await batches(project.changes, (batch) =>
      ingestChanges(trx, scope, batch, { source: DEMO_SOURCES.changes, now }),
    );
    await batches(project.incidents, (batch) =>
      ingestIncidents(trx, scope, batch, { source: DEMO_SOURCES.incidents, now }),
    );
  }
  const sum = (events: (p: DeliveryPlan[number]) => unknown[]) =>
    plan.reduce((n, p) => n + events(p).length, 0);
  counts.deployments = sum((p) => p.deployments);
  counts.code_changes = sum((p) => p.changes);
  counts.incidents = sum((p) => p.incidents);
}

/** What the delivery events' ingest writes besides the seed's own tables. */
const DELIVERY_TABLES = ['repository_commits', 'deployments', 'code_changes', 'incidents'];

/**
 * A seed cut short (its process killed inside the transaction) leaves its rows behind as dead
 * tuples. Seeding again over them, the planner saw the tables' size and chose plans for the ingest's
 * lookups that took 480 s instead of 10 s on 2 idle cores. So the seed's tables are vacuumed first
 * when the empty store's tables still hold pages (a fresh store's hold none: nothing to do).
 */
export async function vacuumLeftovers(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  const names = [...new Set(tables)];
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(pg_relation_size(c.oid)), 0)::text as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname = any(${names}::text[])`.execute(db);
  if (Number(rows[0]?.bytes ?? 0) === 0) return;
  await sql`vacuum ${sql.join(names.map((name) => sql.table(name)))}`.execute(db);
}

function diskWriter(filesDir: string | undefined): (file: DemoFile) => Promise<void> {
  return async (file) => {
    if (!filesDir) throw new Error('seedDemo needs filesDir or putFile to store the demo documents');
    const path = join(filesDir, file.storageKey);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.bytes);
  };
}

/** Whether the demo accounts exist (the start-up banner prints them only then). */
export async function hasDemoAccounts(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'email',
      'in',
      DEMO_SIGN_INS.map((account) => account.email),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n) > 0;
}
