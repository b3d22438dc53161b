import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../test-support/host.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { READ_VERSION_TABLES } from '../http/read-versions.js';
import type { Database } from './schema.js';

// The read versions are kept by triggers (http/read-versions.ts, migrations 0006 and 0008): every
// statement that changes a company's rows in a table the cached routes read must change that
// company's version and no other company's; delivery days change only their project's days, new
// events only their project; shared data and truncations change everyone's. The response cache is
// only as right as this.

const { company, team, shared } = READ_VERSION_TABLES;

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
    // The demo data set, seeded (triggers and all) into the template this store is copied from.
    store = await kind.open({ seeded: {} });
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

  it.each([...company, ...team])(
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

  it.each(shared)('a change to %s (shared by every company) bumps every company', async (table) => {
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

  /** The version of one project's days (or of one day), and of the project's own scope. */
  const dayVersion = async (db: Kysely<Database>, project: string, day?: string) => {
    const { rows } = await sql<{ v: string }>`select coalesce(sum(version), 0)::text as v
      from read_day_versions where company_id = 'acme' and project_id = ${project}
        and (${day ?? null}::date is null or day = ${day ?? null}::date)`.execute(db);
    return BigInt(rows[0]?.v ?? '0');
  };
  const projectScope = async (db: Kysely<Database>, project: string) => {
    const { rows } = await sql<{ v: string }>`select coalesce(sum(version), 0)::text as v
      from read_versions where scope = ${`acme/${project}`}`.execute(db);
    return BigInt(rows[0]?.v ?? '0');
  };
  const state = async (db: Kysely<Database>) => ({
    company: await both(db),
    portal: await projectScope(db, 'acme-portal'),
    route: await projectScope(db, 'acme-route'),
    portalDays: await dayVersion(db, 'acme-portal'),
    portalToday: await dayVersion(db, 'acme-portal', TEST_NOW.toISOString().slice(0, 10)),
    routeDays: await dayVersion(db, 'acme-route'),
  });
  const deployment = (externalId: string) => ({
    company_id: 'acme',
    project_id: 'acme-portal',
    source: 'webhook',
    external_id: externalId,
    environment: 'production',
    status: 'success' as const,
    finished_at: TEST_NOW,
  });

  it('a delivery event bumps the day it re-derives, not the company, the project or another project', async () => {
    await inRolledBack(store.db, async (trx) => {
      const before = await state(trx);
      await trx.insertInto('deployments').values(deployment('read-versions-test')).execute();
      const after = await state(trx);
      expect(after.company).toEqual(before.company);
      expect(after.portalToday).toBeGreaterThan(before.portalToday);
      // Only today's day of the project moved.
      expect(after.portalDays - before.portalDays).toBe(after.portalToday - before.portalToday);
      expect(after.route).toBe(before.route);
      expect(after.routeDays).toBe(before.routeDays);
    });
  });

  it('a source delivering (delivery_sources) bumps its project only', async () => {
    await inRolledBack(store.db, async (trx) => {
      const before = await state(trx);
      await trx
        .insertInto('delivery_sources')
        .values({
          company_id: 'acme',
          project_id: 'acme-portal',
          events: 'deployments',
          source: 'read-versions-test',
          last_received_at: TEST_NOW,
        })
        .execute();
      const after = await state(trx);
      expect(after.portal).toBeGreaterThan(before.portal);
      expect(after.route).toBe(before.route);
      expect(after.portalDays).toBe(before.portalDays);
      expect(after.company).toEqual(before.company);
    });
  });

  it('an update of an event bumps only the days it re-derives', async () => {
    await inRolledBack(store.db, async (trx) => {
      await trx.insertInto('deployments').values(deployment('read-versions-update')).execute();
      const before = await state(trx);
      await trx
        .updateTable('deployments')
        .set({ status: 'failure' })
        .where('external_id', '=', 'read-versions-update')
        .execute();
      const after = await state(trx);
      expect(after.portal).toBe(before.portal);
      expect(after.portalToday).toBeGreaterThan(before.portalToday);
      expect(after.company).toEqual(before.company);
    });
  });

  it('a change to the project summary (delivery_projects) bumps that project only', async () => {
    await inRolledBack(store.db, async (trx) => {
      const before = await state(trx);
      await trx
        .updateTable('delivery_projects')
        .set({ open_incidents: 99 })
        .where('project_id', '=', 'acme-portal')
        .execute();
      const after = await state(trx);
      expect(after.portal).toBeGreaterThan(before.portal);
      expect(after.route).toBe(before.route);
      expect(after.company).toEqual(before.company);
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
