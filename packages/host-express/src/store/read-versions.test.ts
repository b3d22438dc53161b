import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../test-support/host.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { seedDemo } from './demo/index.js';
import { COMPANY_TABLES, SHARED_TABLES, TEAM_TABLES } from './migrations/0006-read-versions.js';
import type { Database } from './schema.js';

// read_versions is kept by triggers (migration 0006): every statement that changes a company's rows
// in a table the cached routes read must change that company's version and no other company's;
// shared data and truncations change everyone's. The response cache is only as right as this.

class Rollback extends Error {}

/** Runs `body` in a transaction that is always rolled back, so every test sees the seeded data. */
async function inRolledBack(db: Kysely<Database>, body: (trx: Kysely<Database>) => Promise<void>) {
  await expect(
    db.transaction().execute(async (trx) => {
      await body(trx);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

/** What the response cache compares: the company's version plus the shared one. */
async function versionOf(db: Kysely<Database>, companyId: string): Promise<bigint> {
  const { rows } = await sql<{ v: string }>`select coalesce(sum(version), 0)::text as v
    from read_versions where scope = any(array[${companyId}::text, '*'])`.execute(db);
  return BigInt(rows[0]?.v ?? '0');
}

describe.each(testStores)('read versions kept by the database on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedDemo(store.db, { now: TEST_NOW, putFile: async () => {} });
  }, 60_000);
  afterAll(() => store?.close());

  const both = async (db: Kysely<Database>) => ({
    acme: await versionOf(db, 'acme'),
    globex: await versionOf(db, 'globex'),
  });

  it('seeding gave every company a version', async () => {
    const versions = await both(store.db);
    expect(versions.acme).toBeGreaterThan(0n);
    expect(versions.globex).toBeGreaterThan(0n);
  });

  /** Rows of `company` in `table`: by company_id, or for team members by their team's. */
  const rowsOf = (table: string, company: string) =>
    table === 'team_members'
      ? sql`team_id in (select id from teams where company_id = ${company})`
      : sql`company_id = ${company}`;

  it.each([...COMPANY_TABLES, ...TEAM_TABLES])(
    'an insert, update or delete of one company’s rows in %s bumps that company only',
    async (table) => {
      await inRolledBack(store.db, async (trx) => {
        const t = sql.table(table);
        // Some of Acme's rows, kept to insert them again after deleting them (generated columns
        // are left out: the database computes them).
        await sql`create temporary table kept on commit drop as
          select * from ${t} where ${rowsOf(table, 'acme')} limit 3`.execute(trx);
        const { rows } = await sql<{ n: number; columns: string[] }>`select
            (select count(*)::int from kept) as n,
            (select array_agg(column_name::text order by ordinal_position) from information_schema.columns
              where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER') as columns`.execute(
          trx,
        );
        expect(rows[0]?.n, `the demo data has rows of Acme in ${table}`).toBeGreaterThan(0);
        const columns = sql.join((rows[0]?.columns ?? []).map((c) => sql.ref(c)));
        const firstColumn = sql.ref(rows[0]?.columns[0] ?? 'id');

        let before = await both(trx);
        await sql`update ${t} set ${firstColumn} = ${firstColumn} where ${rowsOf(table, 'acme')}`.execute(
          trx,
        );
        let after = await both(trx);
        expect(after.acme, 'update').toBeGreaterThan(before.acme);
        expect(after.globex, 'update').toBe(before.globex);

        before = after;
        await sql`delete from ${t} where ${rowsOf(table, 'acme')}`.execute(trx);
        after = await both(trx);
        expect(after.acme, 'delete').toBeGreaterThan(before.acme);
        expect(after.globex, 'delete').toBe(before.globex);

        before = after;
        await sql`insert into ${t} (${columns}) select ${columns} from kept`.execute(trx);
        after = await both(trx);
        expect(after.acme, 'insert').toBeGreaterThan(before.acme);
        expect(after.globex, 'insert').toBe(before.globex);

        // A statement that changes no row changes no version.
        before = after;
        await sql`update ${t} set ${firstColumn} = ${firstColumn} where ${rowsOf(table, 'nobody')}`.execute(
          trx,
        );
        expect(await both(trx)).toEqual(before);
      });
    },
  );

  it.each(SHARED_TABLES)('a change to %s (shared by every company) bumps every company', async (table) => {
    await inRolledBack(store.db, async (trx) => {
      const before = await both(trx);
      const column = sql.ref('name');
      await sql`update ${sql.table(table)} set ${column} = ${column}`.execute(trx);
      const after = await both(trx);
      expect(after.acme).toBeGreaterThan(before.acme);
      expect(after.globex).toBeGreaterThan(before.globex);
    });
  });

  it('a public knowledge-base article (no company) bumps every company; a company’s own only its', async () => {
    await inRolledBack(store.db, async (trx) => {
      let before = await both(trx);
      await trx
        .updateTable('kb_articles')
        .set({ title: 'Retitled' })
        .where('company_id', 'is', null)
        .execute();
      let after = await both(trx);
      expect(after.acme).toBeGreaterThan(before.acme);
      expect(after.globex).toBeGreaterThan(before.globex);

      before = after;
      await trx
        .updateTable('kb_articles')
        .set({ title: 'Retitled' })
        .where('company_id', '=', 'acme')
        .execute();
      after = await both(trx);
      expect(after.acme).toBeGreaterThan(before.acme);
      expect(after.globex).toBe(before.globex);
    });
  });

  it('writing delivery events bumps their company through the derived delivery days', async () => {
    await inRolledBack(store.db, async (trx) => {
      const before = await both(trx);
      await trx
        .insertInto('deployments')
        .values({
          company_id: 'acme',
          project_id: 'acme-portal',
          source: 'webhook',
          external_id: 'read-versions-test',
          environment: 'production',
          status: 'success',
          finished_at: TEST_NOW,
        })
        .execute();
      const after = await both(trx);
      expect(after.acme).toBeGreaterThan(before.acme);
      expect(after.globex).toBe(before.globex);
    });
  });

  it('a truncation bumps every company', async () => {
    await inRolledBack(store.db, async (trx) => {
      const before = await both(trx);
      await sql`truncate ai_usage_daily`.execute(trx);
      const after = await both(trx);
      expect(after.acme).toBeGreaterThan(before.acme);
      expect(after.globex).toBeGreaterThan(before.globex);
    });
  });

  it('a rolled-back write leaves the versions as they were', async () => {
    const before = await both(store.db);
    await inRolledBack(store.db, async (trx) => {
      await trx.updateTable('projects').set({ name: 'Renamed' }).where('company_id', '=', 'acme').execute();
    });
    expect(await both(store.db)).toEqual(before);
  });
});
