import type { ChangeEvent, DeploymentEvent, PushEvent } from '@client-portal/api-client/ingest';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import {
  type IngestRejected,
  ingestChanges,
  ingestDeployments,
  ingestPushes,
  rederiveCompany,
} from './index.js';
import { A, B, clearEvents, commit, days, links, seedFixture } from './test-support/fixture.js';

// The linking rule on small fixtures, answers computed by hand: a merged pull request is shipped by
// the earliest successful production deployment of its repository whose commit is its merge commit
// or a later one of the same branch.

const production = (
  externalId: string,
  finishedAt: string,
  sha: string,
  extra: Partial<DeploymentEvent> = {},
) =>
  ({
    externalId,
    environment: 'production',
    status: 'success',
    finishedAt,
    repository: 'co/web',
    commitSha: sha,
    ref: 'main',
    ...extra,
  }) satisfies DeploymentEvent;

const pr = (
  externalId: string,
  mergeSha: string | undefined,
  mergedAt: string | null,
  firstCommitAt: string,
) =>
  ({
    externalId,
    repository: 'co/web',
    author: `dev${externalId}`,
    firstCommitAt,
    mergedAt,
    ...(mergeSha ? { mergeCommitSha: mergeSha } : {}),
    baseRef: 'main',
  }) satisfies ChangeEvent;

describe.each(featureStores)('linking pull requests to deployments on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());
  beforeEach(() => clearEvents(store.db));

  // main: c1 c2 c3 c4. D1 ships c2 (so c1 too), D2 ships c4 (c3 too). PR 4's merge commit is on no
  // known branch; PR 5 is not merged. A staging run and a failed run of c2 ship nothing.
  const push: PushEvent = {
    repository: 'co/web',
    ref: 'refs/heads/main',
    commits: ['c1', 'c2', 'c3', 'c4'].map(commit),
  };
  const deploymentsEarly: DeploymentEvent[] = [
    production('staging-1', '2025-06-01T10:00:00Z', commit('c2'), { environment: 'staging' }),
    production('failed-1', '2025-06-01T10:30:00Z', commit('c2'), { status: 'failure' }),
    production('D1', '2025-06-01T11:00:00Z', commit('c2')),
  ];
  const deploymentsLate: DeploymentEvent[] = [production('D2', '2025-06-01T13:00:00Z', commit('c4'))];
  const changes: ChangeEvent[] = [
    pr('1', commit('c1'), '2025-06-01T09:00:00Z', '2025-06-01T08:00:00Z'),
    pr('2', commit('c3'), '2025-06-01T11:30:00Z', '2025-06-01T10:00:00Z'),
    pr('3', commit('c4'), '2025-06-01T12:00:00Z', '2025-06-01T12:30:00Z'),
    pr('4', commit('c9'), '2025-06-01T14:00:00Z', '2025-06-01T13:00:00Z'),
    pr('5', undefined, null, '2025-06-01T13:00:00Z'),
  ];
  const expected = { 'r-web#1': 'D1', 'r-web#2': 'D2', 'r-web#3': 'D2', 'r-web#4': null, 'r-web#5': null };

  const steps = {
    push: () => ingestPushes(store.db, A, [push]),
    early: () => ingestDeployments(store.db, A, deploymentsEarly),
    late: () => ingestDeployments(store.db, A, deploymentsLate),
    changes: () => ingestChanges(store.db, A, changes),
  };

  it('links each merged pull request to the first deployment that contains it', async () => {
    for (const step of Object.values(steps)) await step();
    expect(await links(store.db)).toEqual(expected);
    const [day] = await days(store.db);
    // Lead times: PR 1 08:00 → 11:00, PR 2 10:00 → 13:00; PR 3's first commit (12:30) → 13:00.
    expect(day).toMatchObject({
      project_id: 'co-a',
      day: '2025-06-01',
      deployments: 2,
      lead_times: [0.5, 3, 3],
      pull_requests_merged: 4,
      changes_waiting: 1,
    });
    expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 0 });
  });

  it('gives the same links whatever order the batches arrive in', async () => {
    const orders = permutations(Object.keys(steps) as (keyof typeof steps)[]);
    const reference = { links: expected, days: undefined as unknown };
    for (const order of orders) {
      await clearEvents(store.db);
      for (const step of order) await steps[step]();
      expect(await links(store.db), order.join(' → ')).toEqual(reference.links);
      const now = (await days(store.db)).map(({ dora: _, ...rest }) => rest);
      reference.days ??= now;
      expect(now, order.join(' → ')).toEqual(reference.days);
    }
  });

  it('breaks ties by finish, then external id; a deployment finished before the merge never ships it', async () => {
    await ingestChanges(store.db, A, [pr('1', commit('c1'), '2025-06-01T10:00:00Z', '2025-06-01T08:00:00Z')]);
    await ingestDeployments(store.db, A, [
      production('d-b', '2025-06-01T10:00:00Z', commit('c1')),
      production('before', '2025-06-01T09:59:59Z', commit('c1')),
    ]);
    expect(await links(store.db)).toEqual({ 'r-web#1': 'd-b' });
    await ingestDeployments(store.db, A, [production('d-a', '2025-06-01T10:00:00Z', commit('c1'))]);
    expect(await links(store.db)).toEqual({ 'r-web#1': 'd-a' });
    // Same instant as the merge: shipped, lead time from the first commit (2 h).
    expect((await days(store.db))[0]?.lead_times).toEqual([2]);
  });

  it('relinks a deployment’s changes when it is updated to failed, and unlinks them when none is left', async () => {
    for (const step of Object.values(steps)) await step();
    const result = await ingestDeployments(store.db, A, [
      production('D1', '2025-06-01T11:00:00Z', commit('c2'), { status: 'failure' }),
    ]);
    expect(result).toEqual({ received: 1, created: 0, updated: 1, unchanged: 0 });
    expect(await links(store.db)).toEqual({ ...expected, 'r-web#1': 'D2' });
    await ingestDeployments(store.db, A, [
      production('D2', '2025-06-01T13:00:00Z', commit('c4'), { environment: 'qa' }),
    ]);
    expect(await links(store.db)).toEqual({ ...expected, 'r-web#1': null, 'r-web#2': null, 'r-web#3': null });
    expect((await days(store.db))[0]).toMatchObject({ deployments: 0, lead_times: [], changes_waiting: 4 });
  });

  it('links without a known order only by the merge commit itself, and a later push completes it', async () => {
    await steps.changes();
    await steps.early();
    await steps.late();
    // D2 deployed c4 = PR 3's merge commit; nothing else is known to be on a branch.
    expect(await links(store.db)).toEqual({ ...expected, 'r-web#1': null, 'r-web#2': null });
    // Two pushes: the second (its `before` is c2) arrives first, and follows the branch's last commit.
    await ingestPushes(store.db, A, [
      { repository: 'co/web', ref: 'main', before: commit('c2'), commits: [commit('c3'), commit('c4')] },
    ]);
    await ingestPushes(store.db, A, [
      { repository: 'co/web', ref: 'main', commits: [commit('c1'), commit('c2')] },
    ]);
    const positions = await store.db
      .selectFrom('repository_commits')
      .select(['sha', 'position'])
      .orderBy('position')
      .orderBy('sha')
      .execute();
    // c3, c4 took 1 and 2; c1 and c2 then followed the branch's last known commit (c4).
    expect(positions.map((p) => [p.sha.slice(0, 4), p.position])).toEqual([
      [commit('c3').slice(0, 4), 1],
      [commit('c4').slice(0, 4), 2],
      [commit('c1').slice(0, 4), 3],
      [commit('c2').slice(0, 4), 4],
    ]);
    // As recorded, D1's c2 (4) comes after every other commit, but D1 finished before PRs 2 and 3
    // were merged: it ships PR 1 (c1, 3) only.
    expect(await links(store.db)).toEqual(expected);
    expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 0 });
  });

  it('places a push after its `before`, keeps known commits, and only counts pushes that placed one', async () => {
    expect(await ingestPushes(store.db, A, [push])).toEqual({
      received: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(
      await ingestPushes(store.db, A, [
        push,
        { repository: 'co/web', ref: 'feature', before: commit('c2'), commits: [commit('f1')] },
        { repository: 'co/web', ref: 'main', before: commit('c4'), commits: [commit('c5'), commit('c6')] },
      ]),
    ).toEqual({ received: 3, created: 2, updated: 0, unchanged: 1 });
    const rows = await store.db
      .selectFrom('repository_commits')
      .select(['branch', 'sha', 'position'])
      .orderBy('branch')
      .orderBy('position')
      .execute();
    expect(rows.map((r) => `${r.branch}:${r.position}`)).toEqual([
      // `before` unknown on a new branch: it starts at 1.
      'feature:1',
      'main:1',
      'main:2',
      'main:3',
      'main:4',
      'main:5',
      'main:6',
    ]);
  });

  it('refuses a repository of another project of the company', async () => {
    const refused = await ingestChanges(store.db, B, [
      pr('7', commit('c1'), '2025-06-01T09:00:00Z', '2025-06-01T07:00:00Z'),
    ]).catch((e: unknown) => e);
    expect((refused as IngestRejected).errors).toEqual([
      { index: 0, path: 'repository', message: 'is not a repository of this project' },
    ]);
    expect(await links(store.db)).toEqual({});
  });

  it('never links across companies, even to a repository of the same name', async () => {
    await ingestChanges(store.db, A, [pr('1', commit('c1'), '2025-06-01T09:00:00Z', '2025-06-01T08:00:00Z')]);
    await ingestDeployments(store.db, { companyId: 'else', projectId: 'else-x' }, [
      production('X1', '2025-06-01T11:00:00Z', commit('c1')),
    ]);
    expect(await links(store.db)).toEqual({ 'r-web#1': null });
    const { rows } = await sql<{ repository_id: string }>`select repository_id from deployments`.execute(
      store.db,
    );
    expect(rows).toEqual([{ repository_id: 'r-else' }]);
  });
});

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
