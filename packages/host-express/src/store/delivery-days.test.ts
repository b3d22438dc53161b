import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, testStores } from '../test-support/stores.js';

// delivery_days and delivery_projects are derived from the event tables by triggers (migration
// 0004). Whatever a writer does to the events, the days must equal a recomputation from scratch.

const at = (iso: string) => new Date(iso);

describe.each(testStores)('delivery days kept by the database on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    const { db } = store;
    await db.insertInto('companies').values({ id: 'co', name: 'Co' }).execute();
    await db
      .insertInto('projects')
      .values([
        { id: 'co-a', company_id: 'co', name: 'A', jira_key: 'A', analytics_enabled: true },
        { id: 'co-b', company_id: 'co', name: 'B', jira_key: 'B', analytics_enabled: true },
      ])
      .execute();
  });
  afterAll(() => store.close());
  beforeEach(async () => {
    await store.db.deleteFrom('incidents').execute();
    await store.db.deleteFrom('code_changes').execute();
    await store.db.deleteFrom('deployments').execute();
  });

  const days = async (projectId: string) =>
    (
      await sql<{
        day: string;
        deployments: number;
        failed_deployments: number;
        lead_times: number[];
        recoveries: number[];
        pull_requests_merged: number;
        incidents_opened: number;
        contributors: string[];
      }>`select day, deployments, failed_deployments, lead_times, recoveries, pull_requests_merged,
           incidents_opened, contributors
         from delivery_days where project_id = ${projectId} order by day`.execute(store.db)
    ).rows;

  /** A successful production deployment of project `projectId` (of company 'co'). */
  const deployment = (projectId: string, id: string, finishedAt: string) => ({
    company_id: 'co',
    project_id: projectId,
    source: 'webhook',
    external_id: id,
    environment: 'production',
    status: 'success' as const,
    finished_at: at(finishedAt),
  });

  const deploy = async (projectId: string, id: string, finishedAt: string) =>
    (
      await store.db
        .insertInto('deployments')
        .values(deployment(projectId, id, finishedAt))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('counts deployments, lead times, merges and authors per UTC day as they are written', async () => {
    const d1 = await deploy('co-a', 'd1', '2025-06-02T23:30:00Z');
    await deploy('co-a', 'd2', '2025-06-03T00:30:00Z');
    await store.db
      .insertInto('code_changes')
      .values([
        {
          company_id: 'co',
          project_id: 'co-a',
          kind: 'pr',
          external_id: '1',
          author: 'ann',
          first_commit_at: at('2025-06-02T11:30:00Z'),
          merged_at: at('2025-06-02T20:00:00Z'),
          deployment_id: d1,
          deployed_at: at('2025-06-02T23:30:00Z'),
        },
        {
          company_id: 'co',
          project_id: 'co-a',
          kind: 'pr',
          external_id: '2',
          author: 'bob',
          first_commit_at: at('2025-06-02T21:30:00Z'),
          merged_at: at('2025-06-02T22:00:00Z'),
          deployment_id: d1,
          deployed_at: at('2025-06-02T23:30:00Z'),
        },
      ])
      .execute();
    expect(await days('co-a')).toEqual([
      {
        day: '2025-06-02',
        deployments: 1,
        failed_deployments: 0,
        lead_times: [2, 12],
        recoveries: [],
        pull_requests_merged: 2,
        incidents_opened: 0,
        contributors: ['ann', 'bob'],
      },
      {
        day: '2025-06-03',
        deployments: 1,
        failed_deployments: 0,
        lead_times: [],
        recoveries: [],
        pull_requests_merged: 0,
        incidents_opened: 0,
        contributors: [],
      },
    ]);
    expect(await days('co-b')).toEqual([]);
  });

  it('marks the deployment’s day failed when an incident of another project is attributed to it', async () => {
    const d1 = await deploy('co-a', 'd1', '2025-06-02T10:00:00Z');
    await store.db
      .insertInto('incidents')
      .values({
        company_id: 'co',
        project_id: 'co-b',
        source: 'jira',
        external_id: 'B-1',
        opened_at: at('2025-06-05T10:00:00Z'),
        resolved_at: at('2025-06-05T13:00:00Z'),
        caused_by_deployment_id: d1,
        attribution: 'explicit',
      })
      .execute();
    expect((await days('co-a')).map((d) => [d.day, d.deployments, d.failed_deployments])).toEqual([
      ['2025-06-02', 1, 1],
    ]);
    // The incident's own project counts its opening and its recovery.
    expect(await days('co-b')).toEqual([
      expect.objectContaining({ day: '2025-06-05', incidents_opened: 1, recoveries: [3] }),
    ]);
    const open = await store.db
      .selectFrom('delivery_projects')
      .select(['project_id', 'open_incidents'])
      .orderBy('project_id')
      .execute();
    expect(open).toEqual([
      { project_id: 'co-a', open_incidents: 0 },
      { project_id: 'co-b', open_incidents: 0 },
    ]);

    // Taking the attribution back, or deleting the deployment, clears the failure.
    await store.db.updateTable('incidents').set({ attribution: null }).execute();
    expect((await days('co-a'))[0]?.failed_deployments).toBe(0);
    await store.db.updateTable('incidents').set({ attribution: 'explicit', resolved_at: null }).execute();
    expect((await days('co-a'))[0]?.failed_deployments).toBe(1);
    expect(
      await store.db
        .selectFrom('delivery_projects')
        .select('open_incidents')
        .where('project_id', '=', 'co-b')
        .executeTakeFirstOrThrow(),
    ).toEqual({ open_incidents: 1 });
    await store.db.deleteFrom('deployments').where('id', '=', d1).execute();
    expect(await days('co-a')).toEqual([]);
  });

  it('moves a day when an event is edited, and leaves nothing behind when a write fails', async () => {
    const d1 = await deploy('co-a', 'd1', '2025-06-02T10:00:00Z');
    await store.db
      .updateTable('deployments')
      .set({ finished_at: at('2025-06-07T10:00:00Z') })
      .where('id', '=', d1)
      .execute();
    expect((await days('co-a')).map((d) => d.day)).toEqual(['2025-06-07']);

    const before = await days('co-a');
    await expect(
      store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('deployments')
          .values(deployment('co-a', 'd9', '2025-06-08T10:00:00Z'))
          .execute();
        throw new Error('the import failed half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await days('co-a')).toEqual(before);
  });

  it('agrees with a recomputation from scratch after many mixed writes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        await deploy(
          i % 3 === 0 ? 'co-b' : 'co-a',
          `d${i}`,
          `2025-06-${String(1 + (i % 9)).padStart(2, '0')}T0${i % 10}:00:00Z`,
        ),
      );
    }
    await store.db
      .insertInto('incidents')
      .values(
        ids.slice(0, 6).map((id, i) => ({
          company_id: 'co',
          project_id: i % 2 ? 'co-a' : 'co-b',
          source: 'jira',
          external_id: `I-${i}`,
          opened_at: at('2025-06-10T00:00:00Z'),
          resolved_at: i % 3 ? at('2025-06-10T05:00:00Z') : null,
          caused_by_deployment_id: id,
          attribution: 'explicit',
        })),
      )
      .execute();
    await store.db.deleteFrom('deployments').where('id', 'in', ids.slice(3, 8)).execute();
    await store.db
      .updateTable('deployments')
      .set({ project_id: 'co-b' })
      .where('id', 'in', ids.slice(10, 14))
      .execute();
    const kept = { a: await days('co-a'), b: await days('co-b') };
    await sql`select refresh_delivery_days('co', 'co-a'), refresh_delivery_days('co', 'co-b')`.execute(
      store.db,
    );
    expect({ a: await days('co-a'), b: await days('co-b') }).toEqual(kept);
    expect(kept.a.length + kept.b.length).toBeGreaterThan(0);
  });

  it.runIf(kind.kind === 'postgres')('lets two writers of one project commit at once', async () => {
    const write = (id: string, finishedAt: string, holdMs: number) =>
      store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('deployments')
          .values(deployment('co-a', id, finishedAt))
          .execute();
        // Hold the transaction open so the other writer's recomputation runs meanwhile.
        await sql`select pg_sleep(${holdMs / 1000})`.execute(trx);
      });
    await Promise.all([write('w1', '2025-06-02T10:00:00Z', 300), write('w2', '2025-06-02T11:00:00Z', 0)]);
    expect((await days('co-a')).map((d) => [d.day, d.deployments])).toEqual([['2025-06-02', 2]]);
  });
});
