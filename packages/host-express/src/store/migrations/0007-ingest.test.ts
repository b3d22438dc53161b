import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDeployments, ingestIncidents } from '../../ingest/index.js';
import { A, days, seedFixture } from '../../ingest/test-support/fixture.js';
import { type TestStore, testStores } from '../../test-support/stores.js';
import { migrateToLatest } from '../migrate.js';
import { MIGRATIONS } from './index.js';

// 0007 down gives 0004's derivation back (every day of a touched project, from the triggers of
// 0004), and up again derives the same days.

describe.each(testStores)('migration 0007 on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());

  const functions = async () =>
    (
      await sql<{ name: string }>`select proname as name from pg_proc
        where proname in ('delivery_events_changed', 'delivery_days_refresh') order by 1`.execute(store.db)
    ).rows.map((r) => r.name);

  it('goes down to 0004’s triggers and up again, keeping the days right both ways', async () => {
    await ingestDeployments(store.db, A, [
      { externalId: 'D1', environment: 'production', status: 'success', finishedAt: '2025-06-02T10:00:00Z' },
    ]);
    await ingestIncidents(store.db, A, [
      { externalId: 'I1', openedAt: '2025-06-02T11:00:00Z', resolvedAt: '2025-06-02T12:00:00Z' },
      { externalId: 'I2', openedAt: '2025-06-02T11:00:00Z', notChangeFailure: true },
    ]);
    const facts = async () =>
      (await days(store.db)).map((d) => [d.day, d.deployments, d.failed_deployments, d.recoveries]);
    const before = await facts();
    expect(before).toEqual([['2025-06-02', 1, 1, [1]]]);

    const migrator = new Migrator({
      db: store.db,
      provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    });
    const down = await migrator.migrateTo('0006-read-versions');
    expect(down.error).toBeUndefined();
    expect(await functions()).toEqual(['delivery_events_changed']);
    const { rows } = await sql<{ attribution: string | null }>`
      select attribution from incidents order by external_id`.execute(store.db);
    // A not-a-change-failure is an incident without attribution again.
    expect(rows).toEqual([{ attribution: 'time_window' }, { attribution: null }]);
    expect(
      (
        await sql<{ day: string; deployments: number; failed_deployments: number }>`
          select day, deployments, failed_deployments from delivery_days`.execute(store.db)
      ).rows,
    ).toEqual([{ day: '2025-06-02', deployments: 1, failed_deployments: 1 }]);
    // 0004's triggers keep the days.
    await sql`insert into deployments (company_id, project_id, source, external_id, environment, status, finished_at)
      values ('co', 'co-a', 'ingest', 'D2', 'production', 'success', '2025-06-03T10:00:00Z')`.execute(
      store.db,
    );
    expect(
      (await sql<{ day: string }>`select day from delivery_days order by day`.execute(store.db)).rows.map(
        (r) => r.day,
      ),
    ).toEqual(['2025-06-02', '2025-06-03']);

    await migrateToLatest(store.db);
    expect(await functions()).toEqual(['delivery_days_refresh']);
    expect(await facts()).toEqual([...before, ['2025-06-03', 1, 0, []]]);
  });
});
