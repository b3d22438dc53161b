import { lowerMedian, routes } from '@client-portal/api-client';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES, DEMO_PASSWORD } from '../store/demo/index.js';
import { hashPassword } from '../store/passwords.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { testStores } from '../test-support/stores.js';

const { companyId, projectKey, projectId } = DEMO_FIXTURES;
const TESTCO_USER = 'lead@testco.example';
const at = (iso: string) => new Date(iso);

describe.each(testStores)('DORA, project card and AI usage on $name', (kind) => {
  const demo = useDemoHost(kind);

  /**
   * A small company with hand-made events over two ISO weeks (2025-06-02 … 2025-06-15), whose
   * figures are worked out by hand below.
   */
  beforeAll(async () => {
    const db = demo.store.db;
    await db.insertInto('companies').values({ id: 'testco', name: 'Test Co' }).execute();
    await db.insertInto('contacts').values({ id: 'testco-c-1', company_id: 'testco' }).execute();
    await db
      .insertInto('users')
      .values({
        id: 'u-testco',
        email: TESTCO_USER,
        password_hash: await hashPassword(DEMO_PASSWORD),
        display_name: 'Test Lead',
        role: 'customer',
        company_id: 'testco',
        contact_id: 'testco-c-1',
      })
      .execute();
    await db
      .insertInto('projects')
      .values({
        id: 'testco-app',
        company_id: 'testco',
        name: 'App',
        jira_key: 'APP',
        analytics_enabled: true,
      })
      .execute();
    const base = { company_id: 'testco', project_id: 'testco-app', source: 'webhook' };
    const deploy = async (id: string, finishedAt: string, environment = 'production', status = 'success') => {
      const row = await db
        .insertInto('deployments')
        .values({
          ...base,
          external_id: id,
          environment,
          status: status as 'success',
          finished_at: at(finishedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const d1 = await deploy('d1', '2025-06-02T10:00:00Z');
    const d2 = await deploy('d2', '2025-06-03T23:30:00Z');
    await deploy('d3', '2025-06-04T09:00:00Z', 'production', 'failure');
    await deploy('d4', '2025-06-05T09:00:00Z', 'staging');
    const d5 = await deploy('d5', '2025-06-09T00:15:00Z');
    const d6 = await deploy('d6', '2025-06-16T08:00:00Z');
    const change = (
      n: number,
      deploymentId: number,
      deployedAt: string,
      start: Record<string, Date | null>,
    ) => ({
      company_id: 'testco',
      project_id: 'testco-app',
      kind: 'pr' as const,
      external_id: String(n),
      author: `dev${n % 2}`,
      merged_at: at(deployedAt),
      deployment_id: deploymentId,
      deployed_at: at(deployedAt),
      ...start,
    });
    await db
      .insertInto('code_changes')
      .values([
        change(1, d1, '2025-06-02T10:00:00Z', { first_commit_at: at('2025-06-01T10:00:00Z') }), // 24 h
        change(2, d2, '2025-06-03T23:30:00Z', { opened_at: at('2025-06-03T13:30:00Z') }), // 10 h
        change(3, d5, '2025-06-09T00:15:00Z', { first_commit_at: at('2025-06-08T22:15:00Z') }), // 2 h
        change(4, d5, '2025-06-09T00:15:00Z', { first_commit_at: at('2025-06-09T01:00:00Z') }), // < 0: dropped
        change(5, d6, '2025-06-16T08:00:00Z', { first_commit_at: at('2025-06-16T07:00:00Z') }), // after the range
        change(6, d2, '2025-06-03T23:30:00Z', { first_commit_at: at('2025-05-31T23:30:00Z') }), // 72 h
      ])
      .execute();
    const incident = (
      n: number,
      cause: number | null,
      attribution: string | null,
      opened: string,
      resolved: string | null,
    ) => ({
      company_id: 'testco',
      project_id: 'testco-app',
      source: 'jira',
      external_id: `APP-${n}`,
      opened_at: at(opened),
      resolved_at: resolved ? at(resolved) : null,
      caused_by_deployment_id: cause,
      attribution,
    });
    await db
      .insertInto('incidents')
      .values([
        incident(1, d2, 'explicit', '2025-06-04T00:00:00Z', '2025-06-04T03:00:00Z'), // 3 h
        incident(2, d2, 'window', '2025-06-04T01:00:00Z', '2025-06-10T01:00:00Z'), // 144 h
        incident(3, d5, null, '2025-06-09T02:00:00Z', '2025-06-09T04:00:00Z'), // not a change failure
        incident(4, null, null, '2025-06-11T02:00:00Z', '2025-06-11T03:00:00Z'), // no cause
        incident(5, d1, 'explicit', '2025-06-02T12:00:00Z', null), // still open
      ])
      .execute();
  });

  it('computes every DORA figure of a hand-made data set', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const res = await demo
      .get('/api/analytics/dora?projectKey=APP&from=2025-06-02&to=2025-06-15', cookie)
      .expect(200);
    const dora = routes.dora.response.parse(res.body);
    expect(dora.grain).toBe('week');
    expect(dora.labels).toEqual(['2025-06-02', '2025-06-09']);
    expect(dora.series).toEqual({
      deploymentFrequency: [2, 1],
      leadTimeForChanges: [24, 2],
      changeFailureRate: [1, 0],
      failedDeploymentRecoveryTime: [3, 144],
    });
    expect(dora.headline).toEqual({
      deploymentFrequency: {
        deployments: 3,
        perWeek: 1.5,
        medianDeploymentDaysPerWeek: 1,
        medianDeploymentDaysPerMonth: 3,
        tier: 'high',
      },
      leadTimeForChanges: { medianHours: 10, changes: 4, tier: 'elite' },
      changeFailureRate: { rate: 0.6667, failedDeployments: 2, deployments: 3, tier: 'low' },
      failedDeploymentRecoveryTime: { medianHours: 3, incidents: 2, tier: 'high' },
    });
    expect(dora.performance).toEqual({ tier: 'low', benchmark: 'dora-2023' });

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

  it('builds the project card from the same events', async () => {
    const cookie = await demo.signIn(TESTCO_USER);
    const res = await demo
      .get('/api/analytics/projects/APP?from=2025-06-02&to=2025-06-15', cookie)
      .expect(200);
    const card = routes.projectAnalytics.response.parse(res.body);
    expect(card.project).toEqual({ jiraProjectKey: 'APP', name: 'App' });
    expect(card.activity).toEqual({
      deployments: 3,
      pullRequestsMerged: 5,
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
  });
});
