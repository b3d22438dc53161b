import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DEFAULT_HOME_LIFECYCLE_STAGE } from '../../config/index.js';
import { hashPassword } from '../passwords.js';
import type { Database, TableName } from '../schema.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './crm.js';
import { demoDataSet, type TableRows } from './data-set.js';
import type { DeliveryPlan } from './delivery.js';
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
  const data = demoDataSet({
    now: options.now ?? new Date(),
    homeLifecycleStage: options.homeLifecycleStage ?? DEFAULT_HOME_LIFECYCLE_STAGE,
    passwordHash: options.passwordHash ?? (await hashPassword(DEMO_PASSWORD)),
  });
  const putFile = options.putFile ?? diskWriter(options.filesDir);
  for (const file of data.files) await putFile(file);

  return db.transaction().execute(async (trx) => {
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
    await insertDelivery(trx, data.delivery, counts);
    for (const tableRows of data.after) await insert(tableRows);
    return { seeded: true, counts };
  });
}

/** Deployments first (the database assigns their ids), then the changes and incidents that point at them. */
async function insertDelivery(
  trx: Transaction<Database>,
  plan: DeliveryPlan,
  counts: SeedReport['counts'],
): Promise<void> {
  const ids = new Map<string, number>();
  for (let i = 0; i < plan.deployments.length; i += 500) {
    const inserted = await trx
      .insertInto('deployments')
      .values(plan.deployments.slice(i, i + 500))
      .returning(['id', 'project_id', 'external_id'])
      .execute();
    for (const row of inserted) ids.set(`${row.project_id}:${row.external_id}`, row.id);
  }
  const resolve = (projectId: string, ref: string | null) => {
    if (ref === null) return null;
    const id = ids.get(`${projectId}:${ref}`);
    if (id === undefined) throw new Error(`demo data refers to unknown deployment ${ref}`);
    return id;
  };
  const changes = plan.changes.map(({ row, deploymentRef }) => ({
    ...row,
    deployment_id: resolve(row.project_id, deploymentRef),
  }));
  const incidents = plan.incidents.map(({ row, deploymentRef }) => ({
    ...row,
    caused_by_deployment_id: resolve(row.project_id, deploymentRef),
  }));
  for (let i = 0; i < changes.length; i += 500) {
    await trx
      .insertInto('code_changes')
      .values(changes.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < incidents.length; i += 500) {
    await trx
      .insertInto('incidents')
      .values(incidents.slice(i, i + 500))
      .execute();
  }
  counts.deployments = plan.deployments.length;
  counts.code_changes = changes.length;
  counts.incidents = incidents.length;
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
