import { lowerMedian, routes } from '@client-portal/api-client';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { TESTCO_USER, writeHandMadeDelivery } from '../test-support/delivery-fixture.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const { companyId, projectKey, projectId } = DEMO_FIXTURES;
const at = (iso: string) => new Date(iso);

describe.each(featureStores)('DORA, project card and AI usage on $name', (kind) => {
  const demo = useDemoHost(kind);
  beforeAll(() => writeHandMadeDelivery(demo.store.db));

  it('computes every DORA figure of a hand-made data set, with the counts behind it', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const res = await demo
      .get('/api/analytics/dora?projectKey=APP&from=2025-06-02&to=2025-06-15', cookie)
      .expect(200);
    const dora = routes.dora.response.parse(res.body);
    expect(dora.grain).toBe('week');
    expect(dora.labels).toEqual(['2025-06-02', '2025-06-09']);
    expect(dora.series).toEqual({
      // Week 1: d1, d2; week 2: d5.
      deploymentFrequency: [2, 1],
      // Week 1: [10, 24, 72] → 24; week 2: [2] (the negative span dropped).
      leadTimeForChanges: [24, 2],
      // d1 and d2 have attributed incidents; d5 has not.
      changeFailureRate: [1, 0],
      // Resolved in week 1: 3 h; in week 2: 144 h.
      failedDeploymentRecoveryTime: [3, 144],
      // d5 is a hotfix.
      reworkRate: [0, 1],
    });
    expect(dora.counts).toEqual({
      changes: [3, 1],
      incidents: [1, 1],
      failedDeployments: [2, 0],
      reworkDeployments: [0, 1],
    });
    expect(dora.headline).toEqual({
      deploymentFrequency: {
        deployments: 3,
        perWeek: 1.5,
        medianDeploymentDaysPerWeek: 1,
        medianDeploymentDaysPerMonth: 3,
        medianDeploymentDaysPerSixMonths: 3,
        tier: 'high',
      },
      // [2, 10, 24, 72]: the lower median is 10; pull request 7 waits.
      leadTimeForChanges: { medianHours: 10, changes: 4, changesWaiting: 1, tier: 'elite' },
      changeFailureRate: {
        rate: 0.6667,
        failedDeployments: 2,
        deployments: 3,
        // Opened in the range: 1, 2, 5 attributed; 4 without a cause; 3 not a change failure.
        incidents: { attributed: 3, unattributed: 1, excluded: 1 },
        tier: 'low',
      },
      failedDeploymentRecoveryTime: { medianHours: 3, incidents: 2, tier: 'high' },
      reworkRate: { rate: 0.3333, reworkDeployments: 1, deployments: 3 },
    });
    expect(dora.performance).toEqual({ tier: 'low', benchmark: 'dora-2023' });
    // Nothing before the range: only the deployments per week compare (0 → 1.5).
    expect(dora.comparison).toEqual({
      range: { from: '2025-05-19', to: '2025-06-01' },
      deploymentFrequency: { previous: 0, absolute: 1.5, relative: null },
      leadTimeForChanges: { previous: null, absolute: null, relative: null },
      changeFailureRate: { previous: null, absolute: null, relative: null },
      failedDeploymentRecoveryTime: { previous: null, absolute: null, relative: null },
      reworkRate: { previous: null, absolute: null, relative: null },
    });
    // Written straight to the tables, not through the ingest path: no source recorded a delivery.
    expect(dora.sources).toEqual([]);

    const daily = await demo
      .get('/api/analytics/dora?projectKey=APP&from=2025-06-02&to=2025-06-15&grain=day', cookie)
      .expect(200);
    const days = routes.dora.response.parse(daily.body);
    expect(days.labels).toHaveLength(14);
    // 23:30Z on the 3rd is still the 3rd; 00:15Z on the 9th is the 9th (UTC days).
    expect(days.series.deploymentFrequency).toEqual([1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    // The 3rd shipped changes of 10 h and 72 h: the lower median is 10.
    expect(days.series.leadTimeForChanges.slice(0, 2)).toEqual([24, 10]);
  });

  it('takes the tiers of the 2021 report on request, the figures unchanged', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const path = '/api/analytics/dora?projectKey=APP&from=2025-06-02&to=2025-06-15';
    const y2023 = routes.dora.response.parse((await demo.get(path, cookie).expect(200)).body);
    const y2021 = routes.dora.response.parse(
      (await demo.get(`${path}&benchmark=dora-2021`, cookie).expect(200)).body,
    );
    const tiers = (m: typeof y2021) => [
      m.headline.deploymentFrequency.tier,
      m.headline.leadTimeForChanges.tier,
      m.headline.changeFailureRate.tier,
      m.headline.failedDeploymentRecoveryTime.tier,
    ];
    // 2021: 3 deployment days in June → high; 10 h is not < 1 h → high; 66.67 % → low; 3 h → high.
    expect(tiers(y2021)).toEqual(['high', 'high', 'low', 'high']);
    expect(tiers(y2023)).toEqual(['high', 'elite', 'low', 'high']);
    expect(y2021.performance).toEqual({ tier: 'low', benchmark: 'dora-2021' });
    expect(y2021.series).toEqual(y2023.series);
    await demo.get(`${path}&benchmark=dora-2019`, cookie).expect(400);
  });

  it('builds the project card from the same events', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const res = await demo
      .get('/api/analytics/projects/APP?from=2025-06-02&to=2025-06-15', cookie)
      .expect(200);
    const card = routes.projectAnalytics.response.parse(res.body);
    expect(card.project).toEqual({ jiraProjectKey: 'APP', name: 'App' });
    expect(card.activity).toEqual({
      deployments: 3,
      pullRequestsMerged: 6,
      incidentsOpened: 5,
      openIncidents: 1,
      contributors: 2,
      repositories: 0,
      lastDeploymentAt: '2025-06-09T00:15:00.000Z',
    });
    expect(card.performanceTier).toBe('low');
    expect(card.aiTools).toEqual([]);
    expect(card.freshness.map((f) => f.source)).toEqual(['github', 'jira']);
    await demo.get('/api/agents/windsurf?jiraProjectKey=APP', cookie).expect(404);
  });

  it('matches the demo store’s PORTAL events for the default range (the last 90 days)', async () => {
    const res = await demo
      .get(`/api/analytics/dora?projectKey=${projectKey}`, await demo.signIn(ACME_USER))
      .expect(200);
    const dora = routes.dora.response.parse(res.body);
    expect(dora.range).toEqual({ from: '2025-03-19', to: '2025-06-16' });
    expect(dora.labels[0]).toBe('2025-03-19');
    expect(dora.labels[1]).toBe('2025-03-24'); // the first Monday

    // Independently: every successful production deployment of the range, and its incidents.
    const start = at('2025-03-19T00:00:00Z');
    const end = at('2025-06-17T00:00:00Z');
    const db = demo.store.db;
    const deployments = await db
      .selectFrom('deployments')
      .select(['id'])
      .where('company_id', '=', companyId)
      .where('project_id', '=', projectId)
      .where('environment', '=', 'production')
      .where('status', '=', 'success')
      .where('finished_at', '>=', start)
      .where('finished_at', '<', end)
      .execute();
    const failed = await db
      .selectFrom('incidents')
      .select('caused_by_deployment_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('attribution', 'is not', null)
      .where(
        'caused_by_deployment_id',
        'in',
        deployments.map((d) => d.id),
      )
      .execute();
    const changes = await db
      .selectFrom('code_changes')
      .select(['first_commit_at', 'opened_at', 'merged_at', 'deployed_at'])
      .where('company_id', '=', companyId)
      .where('project_id', '=', projectId)
      .where('deployed_at', '>=', start)
      .where('deployed_at', '<', end)
      .execute();
    const leadTimes = changes
      .map((c) => {
        const from = c.first_commit_at ?? c.opened_at ?? c.merged_at;
        return from && c.deployed_at ? (c.deployed_at.getTime() - from.getTime()) / 3_600_000 : 0;
      })
      .filter((hours) => hours > 0);

    expect(deployments.length).toBeGreaterThan(50);
    const headline = dora.headline;
    expect(headline.deploymentFrequency.deployments).toBe(deployments.length);
    expect(dora.series.deploymentFrequency.reduce((a, b) => a + b, 0)).toBe(deployments.length);
    expect(headline.changeFailureRate.failedDeployments).toBe(failed.length);
    expect(headline.changeFailureRate.rate).toBeCloseTo(failed.length / deployments.length, 4);
    expect(headline.leadTimeForChanges.changes).toBe(leadTimes.length);
    expect(headline.leadTimeForChanges.medianHours).toBeCloseTo(lowerMedian(leadTimes) ?? -1, 2);
    // The demo profile is elite/high on lead time (~18 h) and recovers in hours.
    expect(headline.leadTimeForChanges.tier).toBe('elite');
  });

  it('answers a year of daily DORA, and weeks and months', async () => {
    const acme = await demo.signIn(ACME_USER);
    const path = `/api/analytics/dora?projectKey=${projectKey}&from=2024-06-17&to=2025-06-16`;
    const day = routes.dora.response.parse((await demo.get(`${path}&grain=day`, acme).expect(200)).body);
    const week = routes.dora.response.parse((await demo.get(`${path}&grain=week`, acme).expect(200)).body);
    const month = routes.dora.response.parse((await demo.get(`${path}&grain=month`, acme).expect(200)).body);
    expect(day.labels).toHaveLength(365);
    expect(week.labels).toHaveLength(53); // 2024-06-17 is a Monday; 2025-06-16 starts the 53rd week
    expect(month.labels.slice(0, 3)).toEqual(['2024-06-17', '2024-07-01', '2024-08-01']);
    expect(month.labels).toHaveLength(13);
    // The grain changes the buckets, never the headline.
    expect(day.headline).toEqual(week.headline);
    expect(month.headline).toEqual(week.headline);
    const total = (m: typeof day) => m.series.deploymentFrequency.reduce((a, b) => a + b, 0);
    expect(total(day)).toBe(week.headline.deploymentFrequency.deployments);
    expect(total(month)).toBe(total(day));
  });

  it('reports AI usage per tool from the daily rows', async () => {
    const acme = await demo.signIn(ACME_USER);
    const res = await demo
      .get(`/api/agents/windsurf?jiraProjectKey=${projectKey}&from=2025-05-01&to=2025-06-16`, acme)
      .expect(200);
    const usage = routes.aiUsage.response.parse(res.body);
    expect(usage.tools.map((t) => t.tool)).toEqual(['windsurf', 'copilot', 'cursor']);
    const windsurf = usage.tools[0]!;
    expect(windsurf.daily).toHaveLength(47);
    expect(windsurf.totals.suggestions).toBeNull();
    expect(windsurf.totals.acceptanceRate).toBeNull();
    expect(windsurf.daily.at(-1)).toMatchObject({ date: '2025-06-16', activeUsers: 0, acceptances: 0 }); // today: no data yet
    expect(windsurf.scope).toEqual({ kind: 'group', name: 'acme-portal-team' });
    expect(windsurf.dataThrough).toBe('2025-06-15');
    expect(windsurf.breakdowns.language[0]?.name).toBe('TypeScript');

    const sums = await sql<{ tool: string; acceptances: number; users: number }>`
      select tool, sum(acceptances) filter (where user_key = '*') as acceptances,
             count(distinct user_key) filter (where user_key <> '*') as users
      from ai_usage_daily
      where project_id = ${projectId} and day between '2025-05-01' and '2025-06-16'
      group by tool`.execute(demo.store.db);
    for (const row of sums.rows) {
      const tool = usage.tools.find((t) => t.tool === row.tool);
      expect(tool?.totals.acceptances).toBe(Number(row.acceptances));
      expect(tool?.totals.activeUsers).toBe(Number(row.users));
    }
    const copilot = usage.tools[1]!;
    expect(copilot.totals.acceptanceRate).toBeCloseTo(
      copilot.totals.acceptances / (copilot.totals.suggestions ?? 1),
      4,
    );
  });

  it('fills the project card of a demo project', async () => {
    const acme = await demo.signIn(ACME_USER);
    const res = await demo.get(`/api/analytics/projects/${projectKey}`, acme).expect(200);
    const card = routes.projectAnalytics.response.parse(res.body);
    const dora = routes.dora.response.parse(
      (await demo.get(`/api/analytics/dora?projectKey=${projectKey}`, acme).expect(200)).body,
    );
    expect(card.dora).toEqual(dora.headline);
    expect(card.performanceTier).toBe(dora.performance.tier);
    expect(card.activity.repositories).toBe(3);
    expect(card.aiTools).toEqual(['windsurf', 'copilot', 'cursor']);
    expect(card.freshness).toContainEqual({
      source: 'github',
      lastSyncedAt: '2025-06-16T12:00:00.000Z',
      dataThrough: '2025-06-15',
    });
    expect(card.freshness).toContainEqual({
      source: 'cursor',
      lastSyncedAt: null,
      dataThrough: '2025-06-15',
    });
    // A sync of the Cursor scope (connectors/ai) reaches the card, past the kept answer.
    await demo.store.db
      .updateTable('ai_tool_scopes')
      .set({ last_synced_at: '2025-06-16T04:31:00Z' })
      .where('tool', '=', 'cursor')
      .execute();
    const again = routes.projectAnalytics.response.parse(
      (await demo.get(`/api/analytics/projects/${projectKey}`, acme).expect(200)).body,
    );
    expect(again.freshness).toContainEqual({
      source: 'cursor',
      lastSyncedAt: '2025-06-16T04:31:00.000Z',
      dataThrough: '2025-06-15',
    });
    await demo.store.db.updateTable('ai_tool_scopes').set({ last_synced_at: null }).execute();
  });
});
