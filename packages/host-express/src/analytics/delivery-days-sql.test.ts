import type { ChangeEvent, DeploymentEvent } from '@client-portal/api-client/ingest';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ingestChanges, ingestDeployments, ingestIncidents, ingestPushes } from '../ingest/index.js';
import { A, clearEvents, commit, days, seedFixture } from '../ingest/test-support/fixture.js';
import { type TestStore, testStores } from '../test-support/stores.js';

// The day facts of delivery_days, hand-computed: UTC days whatever the offset or the session's
// time zone, day edges, rework, and that only the touched days are rewritten.

const production = (externalId: string, finishedAt: string, extra: Partial<DeploymentEvent> = {}) =>
  ({
    externalId,
    environment: 'production',
    status: 'success',
    finishedAt,
    ...extra,
  }) satisfies DeploymentEvent;

describe.each(testStores)('delivery days on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());
  beforeEach(() => clearEvents(store.db));

  const perDay = async () => (await days(store.db)).map((d) => [d.day, d.deployments]);

  it('counts each event on its UTC day, whatever its offset, across DST changes and day edges', async () => {
    await ingestDeployments(store.db, A, [
      // 23:30 at UTC−2 is 01:30 UTC the next day; 00:30 at UTC+2 is 22:30 UTC the day before.
      production('tz-1', '2025-06-02T23:30:00-02:00'),
      production('tz-2', '2025-06-03T00:30:00+02:00'),
      // Berlin's spring-forward night: 01:30 CET and 03:30 CEST are 00:30 and 01:30 UTC, one day.
      production('dst-1', '2025-03-30T01:30:00+01:00'),
      production('dst-2', '2025-03-30T03:30:00+02:00'),
      // The autumn night has 02:30 twice (CEST, then CET): 00:30 and 01:30 UTC, one day.
      production('dst-3', '2025-10-26T02:30:00+02:00'),
      production('dst-4', '2025-10-26T02:30:00+01:00'),
      // Day edges: the first and the last instant of a UTC day.
      production('edge-1', '2025-07-01T00:00:00.000Z'),
      production('edge-2', '2025-07-01T23:59:59.999Z'),
      production('edge-3', '2025-07-02T00:00:00.000Z'),
    ]);
    expect(await perDay()).toEqual(
      [
        ['2025-03-30', 2],
        ['2025-06-02', 1],
        ['2025-06-03', 1],
        ['2025-10-26', 2],
        ['2025-07-01', 2],
        ['2025-07-02', 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('does not depend on the writer’s session time zone', async () => {
    await store.db.transaction().execute(async (trx) => {
      await sql`set local time zone 'America/Los_Angeles'`.execute(trx);
      await ingestDeployments(trx, A, [
        production('la-1', '2025-06-02T23:30:00Z'),
        production('la-2', '2025-06-03T06:59:00Z'),
      ]);
    });
    expect(await perDay()).toEqual([
      ['2025-06-02', 1],
      ['2025-06-03', 1],
    ]);
  });

  it('counts hotfixes and deployments shipping a revert as rework; deleting the reverted change keeps the revert', async () => {
    await ingestPushes(store.db, A, [
      { repository: 'co/web', ref: 'main', commits: ['c1', 'c2', 'c3'].map(commit) },
    ]);
    await ingestDeployments(store.db, A, [
      production('D1', '2025-06-02T10:00:00Z', { repository: 'co/web', commitSha: commit('c1') }),
      production('D2', '2025-06-03T10:00:00Z', { repository: 'co/web', commitSha: commit('c3') }),
      production('H1', '2025-06-03T12:00:00Z', { isHotfix: true }),
      production('H2', '2025-06-03T13:00:00Z', { isHotfix: true, status: 'failure' }),
    ]);
    const change = (externalId: string, sha: string, extra: Partial<ChangeEvent> = {}): ChangeEvent => ({
      externalId,
      repository: 'co/web',
      mergedAt: '2025-06-02T09:00:00Z',
      mergeCommitSha: sha,
      ...extra,
    });
    await ingestChanges(store.db, A, [
      change('1', commit('c1')),
      change('2', commit('c2'), { revertsExternalId: '1', mergedAt: '2025-06-03T09:00:00Z' }),
    ]);
    const rework = async () =>
      (await days(store.db)).map((d) => [d.day, d.deployments, d.rework_deployments]);
    expect(await rework()).toEqual([
      ['2025-06-02', 1, 0],
      ['2025-06-03', 2, 2],
    ]);
    await store.db.deleteFrom('code_changes').where('external_id', '=', '1').execute();
    const revert = await store.db
      .selectFrom('code_changes')
      .select(['reverts_change_id', 'reverts_external_id'])
      .executeTakeFirstOrThrow();
    expect(revert).toEqual({ reverts_change_id: null, reverts_external_id: '1' });
    expect(await rework()).toEqual([
      ['2025-06-02', 1, 0],
      ['2025-06-03', 2, 2],
    ]);
    await store.db.deleteFrom('code_changes').execute();
    expect(await rework()).toEqual([
      ['2025-06-02', 1, 0],
      ['2025-06-03', 2, 1],
    ]);
  });

  it('keeps the DORA tuple of each day: the five first fields as before, then rework, incidents and waiting', async () => {
    await ingestDeployments(store.db, A, [production('D1', '2025-06-02T10:00:00Z', { isHotfix: true })]);
    await ingestIncidents(store.db, A, [
      { externalId: 'I1', openedAt: '2025-06-02T11:00:00Z', resolvedAt: '2025-06-02T12:30:00Z' },
      { externalId: 'I2', openedAt: '2025-06-02T11:00:00Z', notChangeFailure: true },
    ]);
    expect(JSON.parse((await days(store.db))[0]?.dora ?? 'null')).toEqual([
      '2025-06-02',
      1,
      1,
      [],
      [1.5],
      1,
      0,
      1,
      0,
    ]);
  });

  it('rewrites only the days a write touches', async () => {
    await ingestDeployments(store.db, A, [
      production('D1', '2025-06-02T10:00:00Z'),
      production('D2', '2025-06-03T10:00:00Z'),
      production('D3', '2025-06-04T10:00:00Z'),
    ]);
    const versions = async () =>
      (
        await sql<{
          day: string;
          xmin: string;
        }>`select day, xmin::text as xmin from delivery_days order by day`.execute(store.db)
      ).rows;
    const before = await versions();
    await ingestIncidents(store.db, A, [{ externalId: 'I1', openedAt: '2025-06-03T11:00:00Z' }]);
    const after = await versions();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).not.toEqual(before[1]);
    expect(after[2]).toEqual(before[2]);
  });
});
