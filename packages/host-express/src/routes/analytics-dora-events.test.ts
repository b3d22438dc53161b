import { type DoraEvents, type DoraMetrics, routes } from '@client-portal/api-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { TESTCO_USER, writeHandMadeDelivery } from '../test-support/delivery-fixture.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

// The drill-down behind the DORA figures: the rows of each list, in a stable order, a page at a
// time, company-scoped; and every list's count equal to the figure it explains.

const RANGE = 'from=2025-06-02&to=2025-06-15';

describe.each(featureStores)('the events behind DORA figures on $name', (kind) => {
  const demo = useDemoHost(kind);
  beforeAll(() => writeHandMadeDelivery(demo.store.db));

  const events = async (cookie: string, key: string, metric: string, query = RANGE) =>
    routes.doraEvents.response.parse(
      (await demo.get(`/api/analytics/projects/${key}/dora/${metric}/events?${query}`, cookie).expect(200))
        .body,
    );

  /** Every row of a list, page by page (`pageSize` small, so paging is exercised). */
  async function allRows(cookie: string, key: string, metric: string, query: string, pageSize = 7) {
    const rows: DoraEvents['rows'][number][] = [];
    let total = -1;
    for (let page = 1; page < 1000; page++) {
      const answer = await events(cookie, key, metric, `${query}&page=${page}&pageSize=${pageSize}`);
      if (total === -1) total = answer.total;
      expect(answer.total).toBe(total);
      rows.push(...answer.rows);
      if (answer.nextPage === null) break;
      expect(answer.nextPage).toBe(page + 1);
      expect(answer.rows).toHaveLength(pageSize);
    }
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    return rows;
  }

  it('lists the deployments counted, each with its failure and rework', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const answer = await events(cookie, 'APP', 'deploymentFrequency');
    expect(answer).toMatchObject({
      kind: 'deployments',
      list: 'deployments',
      total: 3,
      page: 1,
      nextPage: null,
    });
    expect(
      answer.rows.map((r) => {
        const d = r as Extract<DoraEvents, { kind: 'deployments' }>['rows'][number];
        return [d.externalId, d.finishedAt, d.failed, d.incidents, d.hotfix, d.rework];
      }),
    ).toEqual([
      ['d1', '2025-06-02T10:00:00.000Z', true, 1, false, false],
      ['d2', '2025-06-03T23:30:00.000Z', true, 2, false, false],
      ['d5', '2025-06-09T00:15:00.000Z', false, 0, true, true],
    ]);
    // The change failure and rework rates list the same deployments.
    expect((await events(cookie, 'APP', 'changeFailureRate')).rows).toEqual(answer.rows);
    expect((await events(cookie, 'APP', 'reworkRate')).rows).toEqual(answer.rows);
  });

  it('pages in a stable order', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const first = await events(cookie, 'APP', 'deploymentFrequency', `${RANGE}&pageSize=2`);
    const second = await events(cookie, 'APP', 'deploymentFrequency', `${RANGE}&pageSize=2&page=2`);
    const past = await events(cookie, 'APP', 'deploymentFrequency', `${RANGE}&pageSize=2&page=3`);
    expect([first.rows.length, first.nextPage, second.rows.length, second.nextPage]).toEqual([2, 2, 1, null]);
    expect(past).toMatchObject({ total: 3, rows: [], nextPage: null });
    const all = await events(cookie, 'APP', 'deploymentFrequency');
    expect([...first.rows, ...second.rows]).toEqual(all.rows);
  });

  it('lists the pull requests of the lead time with theirs, and those waiting', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const sample = await events(cookie, 'APP', 'leadTimeForChanges');
    expect(sample.kind).toBe('pullRequests');
    const rows = sample.rows as Extract<DoraEvents, { kind: 'pullRequests' }>['rows'];
    // Deployed in the range, oldest first, ties by id; pull request 4 (negative) is not in it.
    expect(rows.map((r) => [r.externalId, r.leadTimeHours, r.deployment?.externalId])).toEqual([
      ['1', 24, 'd1'],
      ['2', 10, 'd2'],
      ['6', 72, 'd2'],
      ['3', 2, 'd5'],
    ]);
    expect(rows[1]?.firstCommitAt).toBe('2025-06-03T13:30:00.000Z'); // no first commit: its opening
    const waiting = await events(cookie, 'APP', 'leadTimeForChanges', `${RANGE}&list=waitingPullRequests`);
    expect(waiting.rows).toMatchObject([{ externalId: '7', deployment: null, leadTimeHours: null }]);
  });

  it('lists the incidents opened with the rule that attributed each, and those behind the recovery time', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const opened = await events(cookie, 'APP', 'changeFailureRate', `${RANGE}&list=incidents`);
    const rows = opened.rows as Extract<DoraEvents, { kind: 'incidents' }>['rows'];
    expect(
      rows.map((r) => [r.externalId, r.attribution, r.deployment?.externalId ?? null, r.excluded]),
    ).toEqual([
      ['APP-5', 'explicit', 'd1', false],
      ['APP-1', 'explicit', 'd2', false],
      ['APP-2', 'window', 'd2', false],
      ['APP-3', null, null, true],
      ['APP-4', null, null, false],
    ]);
    expect(rows[0]).toMatchObject({ resolvedAt: null, recoveryHours: null });
    const recovered = await events(cookie, 'APP', 'failedDeploymentRecoveryTime');
    expect((recovered.rows as typeof rows).map((r) => [r.externalId, r.recoveryHours, r.resolvedAt])).toEqual(
      [
        ['APP-1', 3, '2025-06-04T03:00:00.000Z'],
        ['APP-2', 144, '2025-06-10T01:00:00.000Z'],
      ],
    );
  });

  it('answers 404 for another company’s project, 400 for a list the metric has not or a page too large', async () => {
    const acme = await demo.signIn(ACME_USER);
    const testco = await demo.signIn(TESTCO_USER);
    await demo.get(`/api/analytics/projects/APP/dora/deploymentFrequency/events?${RANGE}`, acme).expect(404);
    await demo
      .get(`/api/analytics/projects/${DEMO_FIXTURES.projectKey}/dora/deploymentFrequency/events`, testco)
      .expect(404);
    await demo.get('/api/analytics/projects/NOPE/dora/deploymentFrequency/events', testco).expect(404);
    await demo
      .get('/api/analytics/projects/APP/dora/deploymentFrequency/events?list=incidents', testco)
      .expect(400);
    await demo.get('/api/analytics/projects/APP/dora/leadTime/events', testco).expect(400);
    await demo.get('/api/analytics/projects/APP/dora/reworkRate/events?pageSize=101', testco).expect(400);
    await demo.get('/api/analytics/projects/APP/dora/reworkRate/events?page=0', testco).expect(400);
    await demo.get('/api/analytics/projects/APP/dora/reworkRate/events').expect(401);
  });

  it.each([
    ['the hand-made data set', TESTCO_USER, 'APP', RANGE],
    ['the demo store’s PORTAL, the last 90 days', ACME_USER, DEMO_FIXTURES.projectKey, 'grain=week'],
  ])('agree with the figures they explain: %s', async (_, user, key, query) => {
    const cookie = await demo.signIn(user);
    const dora: DoraMetrics = routes.dora.response.parse(
      (await demo.get(`/api/analytics/dora?projectKey=${key}&${query}`, cookie).expect(200)).body,
    );
    const h = dora.headline;
    const range = `from=${dora.range.from}&to=${dora.range.to}`;
    const deployments = (await allRows(cookie, key, 'changeFailureRate', range)) as {
      failed: boolean;
      rework: boolean;
    }[];
    expect(deployments).toHaveLength(h.deploymentFrequency.deployments);
    expect(deployments.filter((d) => d.failed)).toHaveLength(h.changeFailureRate.failedDeployments);
    expect(deployments.filter((d) => d.rework)).toHaveLength(h.reworkRate.reworkDeployments);
    expect(await allRows(cookie, key, 'leadTimeForChanges', range)).toHaveLength(
      h.leadTimeForChanges.changes,
    );
    expect(
      await allRows(cookie, key, 'leadTimeForChanges', `${range}&list=waitingPullRequests`),
    ).toHaveLength(h.leadTimeForChanges.changesWaiting);
    const opened = (await allRows(cookie, key, 'changeFailureRate', `${range}&list=incidents`)) as {
      attribution: string | null;
      excluded: boolean;
    }[];
    const { attributed, unattributed, excluded } = h.changeFailureRate.incidents;
    expect(opened.filter((r) => r.attribution !== null)).toHaveLength(attributed);
    expect(opened.filter((r) => r.attribution === null && !r.excluded)).toHaveLength(unattributed);
    expect(opened.filter((r) => r.excluded)).toHaveLength(excluded);
    const recovered = (await allRows(cookie, key, 'failedDeploymentRecoveryTime', range)) as {
      recoveryHours: number;
    }[];
    expect(recovered).toHaveLength(h.failedDeploymentRecoveryTime.incidents);
    // The median of the rows is the figure (lower median, DevLake's rule).
    const hours = recovered.map((r) => r.recoveryHours).sort((a, b) => a - b);
    expect(hours[Math.ceil(hours.length / 2) - 1] ?? null).toBe(h.failedDeploymentRecoveryTime.medianHours);
    expect(h.deploymentFrequency.deployments).toBeGreaterThan(0);
  });
});
