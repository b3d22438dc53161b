import type {
  ChangeEvent,
  DeploymentEvent,
  IncidentEvent,
  PushEvent,
} from '@client-portal/api-client/ingest';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../store/schema.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { IngestRejected, ingestChanges, ingestDeployments, ingestIncidents, ingestPushes } from './index.js';
import { A, B, clearEvents, commit, seedFixture } from './test-support/fixture.js';

// A batch is stored whole or not at all, once: re-sending it writes nothing.

const deployments: DeploymentEvent[] = [
  {
    externalId: 'run-1',
    environment: 'production',
    status: 'success',
    finishedAt: '2025-06-02T10:00:00Z',
    repository: 'co/web',
    commitSha: commit('c2').toUpperCase(),
  },
  { externalId: 'run-2', environment: 'production', status: 'success', finishedAt: '2025-06-03T10:00:00Z' },
];
const changes: ChangeEvent[] = [
  {
    externalId: '1',
    repository: 'CO/Web',
    title: 'Add filters',
    author: 'ann',
    firstCommitAt: '2025-06-01T10:00:00Z',
    openedAt: '2025-06-01T11:00:00Z',
    mergedAt: '2025-06-02T09:00:00Z',
    mergeCommitSha: commit('c1'),
  },
  { externalId: '2', repository: 'co/web', revertsExternalId: '1', mergedAt: '2025-06-02T09:30:00Z' },
];
const incidents: IncidentEvent[] = [{ externalId: 'I-1', openedAt: '2025-06-02T12:00:00Z' }];
const pushes: PushEvent[] = [{ repository: 'co/web', ref: 'main', commits: [commit('c1'), commit('c2')] }];

/** Every row the store derives or keeps for the batch, with its row version (xmin): what a write changes. */
async function snapshot(db: Kysely<Database>): Promise<string[]> {
  const tables = [
    'deployments',
    'code_changes',
    'incidents',
    'repository_commits',
    'delivery_days',
    'delivery_projects',
    'delivery_sources',
  ];
  const out: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`
      select ${table} || ' ' || xmin::text || ' ' || t::text as row from ${sql.table(table)} t order by 1`.execute(
      db,
    );
    out.push(...rows.map((r) => r.row));
  }
  return out;
}

describe.each(testStores)('ingest batches on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());
  beforeEach(() => clearEvents(store.db));

  const all = async () => {
    await ingestPushes(store.db, A, pushes);
    await ingestDeployments(store.db, A, deployments);
    await ingestChanges(store.db, A, changes);
    await ingestIncidents(store.db, A, incidents);
  };

  it('stores a batch, counts what it created, and normalises commits and repository names', async () => {
    expect(await ingestDeployments(store.db, A, deployments)).toEqual({
      received: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(await ingestChanges(store.db, A, changes)).toEqual({
      received: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    const rows = await store.db
      .selectFrom('deployments')
      .select(['external_id', 'source', 'repository_id', 'commit_sha'])
      .orderBy('external_id')
      .execute();
    expect(rows).toEqual([
      { external_id: 'run-1', source: 'ingest', repository_id: 'r-web', commit_sha: commit('c2') },
      { external_id: 'run-2', source: 'ingest', repository_id: null, commit_sha: null },
    ]);
    const revert = await store.db
      .selectFrom('code_changes as c')
      .innerJoin('code_changes as r', 'r.id', 'c.reverts_change_id')
      .select(['c.external_id', 'r.external_id as reverts'])
      .execute();
    expect(revert).toEqual([{ external_id: '2', reverts: '1' }]);
    const sources = await store.db
      .selectFrom('delivery_sources')
      .select(['project_id', 'events', 'source'])
      .orderBy('events')
      .execute();
    expect(sources).toEqual([
      { project_id: 'co-a', events: 'changes', source: 'ingest' },
      { project_id: 'co-a', events: 'deployments', source: 'ingest' },
    ]);
  });

  it('writes nothing when the same batches are sent again', async () => {
    await all();
    const before = await snapshot(store.db);
    expect(before.length).toBeGreaterThan(8);
    expect(await ingestPushes(store.db, A, pushes)).toEqual({
      received: 1,
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(await ingestDeployments(store.db, A, deployments)).toEqual({
      received: 2,
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await ingestChanges(store.db, A, changes)).toEqual({
      received: 2,
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await ingestIncidents(store.db, A, incidents)).toEqual({
      received: 1,
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(await snapshot(store.db)).toEqual(before);
  });

  it('updates what changed; a field left out of a re-sent event is cleared', async () => {
    await all();
    const [first, second] = changes as [ChangeEvent, ChangeEvent];
    const { title: _, ...untitled } = first;
    expect(await ingestChanges(store.db, A, [untitled, second])).toEqual({
      received: 2,
      created: 0,
      updated: 1,
      unchanged: 1,
    });
    const row = await store.db
      .selectFrom('code_changes')
      .select(['title', 'deployment_id'])
      .where('external_id', '=', '1')
      .executeTakeFirstOrThrow();
    expect(row.title).toBeNull();
    expect(row.deployment_id).not.toBeNull();
  });

  it('refuses a batch with a bad event, naming each, and stores nothing of it', async () => {
    await all();
    const before = await snapshot(store.db);
    const bad = [
      ...deployments,
      { ...deployments[1], externalId: 'run-3', finishedAt: '2025-06-31T10:00:00Z' },
      { ...deployments[1], externalId: 'run-4', environment: '', colour: 'blue' },
    ] as DeploymentEvent[];
    const error = await ingestDeployments(store.db, A, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestRejected);
    expect((error as IngestRejected).errors).toEqual([
      { index: 2, path: 'finishedAt', message: expect.any(String) },
      { index: 3, path: 'environment', message: expect.any(String) },
      { index: 3, path: 'colour', message: 'is not a field of this event' },
    ]);
    expect(await snapshot(store.db)).toEqual(before);
  });

  it('refuses unknown repositories, repeated ids, another project’s repository, and oversized batches', async () => {
    await all();
    const before = await snapshot(store.db);
    const refused = async (run: Promise<unknown>) => {
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IngestRejected);
      return (error as IngestRejected).errors;
    };
    expect(
      await refused(
        ingestDeployments(store.db, A, [
          { ...(deployments[0] as DeploymentEvent), externalId: 'new', finishedAt: '2025-06-09T00:00:00Z' },
          { ...(deployments[0] as DeploymentEvent), repository: 'co/nope' },
          { ...(deployments[0] as DeploymentEvent), externalId: 'new' },
        ]),
      ),
    ).toEqual([
      { index: 1, path: 'repository', message: 'is not a repository of this company' },
      { index: 2, path: 'externalId', message: 'repeats event 0 of this batch; send each once' },
    ]);
    // The other company's repository of the same name is not this company's.
    expect(
      await refused(
        ingestPushes(store.db, { companyId: 'else' }, [
          { repository: 'co/api', ref: 'main', commits: ['abcdef0'] },
        ]),
      ),
    ).toEqual([{ index: 0, path: 'repository', message: 'is not a repository of this company' }]);
    expect(await refused(ingestChanges(store.db, B, [changes[0] as ChangeEvent]))).toEqual([
      { index: 0, path: 'repository', message: 'is not a repository of this project' },
    ]);
    expect(
      await refused(
        ingestIncidents(
          store.db,
          A,
          Array.from({ length: 1001 }, () => incidents[0] as IncidentEvent),
        ),
      ),
    ).toEqual([{ index: 1000, path: '', message: 'a batch holds at most 1000 events' }]);
    expect(await snapshot(store.db)).toEqual(before);
  });

  it('rolls a batch back whole when the transaction it joined fails', async () => {
    const before = await snapshot(store.db);
    await expect(
      store.db.transaction().execute(async (trx) => {
        await ingestDeployments(trx, A, deployments);
        await ingestIncidents(trx, A, incidents);
        throw new Error('the caller failed after ingesting');
      }),
    ).rejects.toThrow('after ingesting');
    expect(await snapshot(store.db)).toEqual(before);
  });

  it('keeps ids per project and source: two projects or two sources may use the same id', async () => {
    const [one] = deployments as [DeploymentEvent];
    await ingestDeployments(store.db, A, [one]);
    await ingestDeployments(store.db, B, [{ ...one, repository: 'co/other' }]);
    await ingestDeployments(store.db, A, [one], { source: 'github', now: new Date('2025-06-05T00:00:00Z') });
    const rows = await store.db
      .selectFrom('deployments')
      .select(['project_id', 'source', 'created_at'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.project_id, r.source])).toEqual([
      ['co-a', 'ingest'],
      ['co-b', 'ingest'],
      ['co-a', 'github'],
    ]);
    expect(rows[2]?.created_at).toEqual(new Date('2025-06-05T00:00:00Z'));
  });

  it('fails loudly (not as a refusal) for a scope that names no project of the company', async () => {
    await expect(
      ingestDeployments(store.db, { companyId: 'co', projectId: 'else-x' }, deployments),
    ).rejects.toThrow(/does not exist/);
  });
});
