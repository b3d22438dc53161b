import { MAX_SYNC_TEXT, type SyncStatus, syncStatusResponseSchema } from '@client-portal/api-client';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/index.js';
import { startJobQueue } from '../jobs/queue.js';
import { buildSyncReport } from '../jobs/sync-report.js';
import { SyncRunFailed, syncQueueName } from '../jobs/sync-schedule.js';
import { ACME, GLOBEX } from '../store/demo/index.js';
import { ACME_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const PATH = '/api/staff/sync-status';
const quiet = { info() {}, warn() {}, error() {} };
const JIRA = {
  JIRA_BASE_URL: 'https://acme-sync.atlassian.net',
  JIRA_EMAIL: 'sync-bot@provider.example',
  JIRA_API_TOKEN: 'ATATT3x-sync-status-route-secret',
};
const counts = (received: number) => ({
  requests: 2,
  pages: 2,
  received,
  created: received,
  updated: 0,
  unchanged: 0,
});

describe.each(featureStores)('GET /api/staff/sync-status on $name', (kind) => {
  // Jira configured (with a schedule), GitHub scheduled but not configured; no background jobs:
  // the test puts the queue's jobs there itself.
  const demo = useDemoHost(kind, {
    env: { ...JIRA, SYNC_SCHEDULE_JIRA: '*/15 * * * *', SYNC_SCHEDULE_GITHUB: '0 * * * *' },
    options: { jobs: false },
  });
  let boss: PgBoss | undefined;
  const jobIds: Record<string, string> = {};

  beforeAll(async () => {
    const db = demo.store.db;
    const at = (iso: string) => new Date(iso);
    await db
      .insertInto('sync_state')
      .values([
        {
          source: 'jira',
          scope: 'acme-portal',
          company_id: ACME,
          status: 'ok',
          cursor: JSON.stringify({ updatedAfter: '2025-06-16T11:45:00.000Z' }),
          last_started_at: at('2025-06-16T11:45:00Z'),
          last_finished_at: at('2025-06-16T11:46:00Z'),
          last_success_at: at('2025-06-16T11:46:00Z'),
          last_error: null,
          last_counts: JSON.stringify(counts(130)),
        },
        {
          // No Jira key: labelled by its name.
          source: 'jira',
          scope: 'acme-discovery',
          company_id: ACME,
          status: 'failed',
          cursor: JSON.stringify({ seen: 'x'.repeat(3 * MAX_SYNC_TEXT) }),
          last_started_at: at('2025-06-16T11:45:00Z'),
          last_finished_at: at('2025-06-16T11:45:30Z'),
          last_success_at: null,
          last_error: 'Jira answered 401: check JIRA_EMAIL and JIRA_API_TOKEN',
          last_counts: JSON.stringify(counts(0)),
        },
        {
          // A company scope: labelled by the company's name.
          source: 'github',
          scope: GLOBEX,
          company_id: GLOBEX,
          status: 'running',
          cursor: null,
          last_started_at: at('2025-06-16T11:59:00Z'),
        },
        {
          // Anything else is its own label.
          source: 'ai',
          scope: 'copilot:acme-enterprise',
          company_id: ACME,
          status: 'never',
        },
      ])
      .execute();

    boss = await startJobQueue(demo.store, { logger: quiet });
    // Jira's last run failed (no retries left); GitHub's completed with its summary.
    await boss.createQueue(syncQueueName('jira'), { name: syncQueueName('jira'), retryLimit: 0 });
    await boss.createQueue(syncQueueName('github'), { name: syncQueueName('github'), retryLimit: 0 });
    for (const source of ['jira', 'github'] as const) {
      jobIds[source] = (await boss.send(syncQueueName(source), {})) as string;
      const [job] = await boss.fetch(syncQueueName(source));
      expect(job?.id).toBe(jobIds[source]);
    }
    await boss.fail(
      syncQueueName('jira'),
      jobIds.jira!,
      new SyncRunFailed({
        source: 'jira',
        scopes: 2,
        failed: 1,
        requests: 3,
        errors: ['Data Platform Discovery: Jira answered 401'],
      }),
    );
    await boss.complete(syncQueueName('github'), jobIds.github!, {
      source: 'github',
      scopes: 1,
      failed: 0,
      requests: 5,
      errors: [],
    });
  }, 60_000);
  afterAll(async () => {
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  });

  it('answers 401 without a session', async () => {
    const res = await demo.get(PATH);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers customers 403, whatever they send', async () => {
    const cookie = await demo.signIn(ACME_USER);
    for (const path of [PATH, `${PATH}?role=staff`]) {
      const res = await demo.get(path, cookie).set('X-Role', 'staff');
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.text).not.toContain('acme-portal');
    }
  });

  it('answers staff (without choosing a company) every source, no-store, as the contract says', async () => {
    const cookie = await demo.signIn(STAFF_USER);
    const res = await demo.get(PATH, cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: SyncStatus = syncStatusResponseSchema.parse(res.body);
    const by = Object.fromEntries(body.sources.map((s) => [s.source, s]));
    expect(body.sources.map((s) => s.source)).toEqual(['hubspot', 'github', 'jira', 'ai']);

    expect(by.hubspot).toEqual({
      source: 'hubspot',
      name: 'HubSpot',
      configured: false,
      schedule: null,
      lastJob: null,
      scopes: [],
    });

    expect(by.jira).toMatchObject({ name: 'Jira', configured: true, schedule: '*/15 * * * *' });
    expect(by.jira?.lastJob).toMatchObject({
      id: jobIds.jira,
      state: 'failed',
      retryCount: 0,
      summary: null,
    });
    expect(by.jira?.lastJob?.error).toBe(
      'Jira: 1 of 2 scope(s) failed: Data Platform Discovery: Jira answered 401',
    );
    expect(by.jira?.lastJob?.completedAt).not.toBeNull();
    const [discovery, portal] = by.jira?.scopes ?? [];
    expect(portal).toEqual({
      scope: 'acme-portal',
      label: 'PORTAL',
      companyId: ACME,
      companyName: 'Acme Corporation',
      status: 'ok',
      lastStartedAt: '2025-06-16T11:45:00.000Z',
      lastFinishedAt: '2025-06-16T11:46:00.000Z',
      lastSuccessAt: '2025-06-16T11:46:00.000Z',
      lastError: null,
      counts: counts(130),
      cursor: '{"updatedAfter":"2025-06-16T11:45:00.000Z"}',
    });
    expect(discovery).toMatchObject({
      scope: 'acme-discovery',
      label: 'Data Platform Discovery',
      status: 'failed',
      lastSuccessAt: null,
      lastError: 'Jira answered 401: check JIRA_EMAIL and JIRA_API_TOKEN',
    });
    expect(discovery?.cursor).toHaveLength(MAX_SYNC_TEXT);
    expect(discovery?.cursor?.startsWith('{"seen":"xxx')).toBe(true);

    // Scheduled but not configured here: no schedule shown; its job and its scopes still are.
    expect(by.github).toMatchObject({ name: 'GitHub', configured: false, schedule: null });
    expect(by.github?.lastJob).toMatchObject({
      id: jobIds.github,
      state: 'completed',
      error: null,
      summary: { scopes: 1, failed: 0, requests: 5, errors: [] },
    });
    expect(by.github?.scopes).toEqual([
      expect.objectContaining({
        scope: GLOBEX,
        label: 'Globex Industries',
        companyName: 'Globex Industries',
        status: 'running',
        lastFinishedAt: null,
        counts: null,
        cursor: null,
      }),
    ]);

    expect(by.ai).toMatchObject({ name: 'AI tools', configured: false, lastJob: null });
    expect(by.ai?.scopes).toEqual([
      expect.objectContaining({ scope: 'copilot:acme-enterprise', label: 'copilot:acme-enterprise' }),
    ]);

    // The store holds no credential, and the route reads none.
    for (const secret of [JIRA.JIRA_API_TOKEN, JIRA.JIRA_EMAIL, JIRA.JIRA_BASE_URL, 'Basic ']) {
      expect(res.text).not.toContain(secret);
    }
  });

  it('answers staff acting for a company the same', async () => {
    const cookie = await demo.signIn(STAFF_USER);
    expect((await demo.post('/api/auth/act-as', { companyId: ACME }, cookie)).status).toBe(200);
    const res = await demo.get(PATH, cookie);
    expect(res.status).toBe(200);
    expect(syncStatusResponseSchema.parse(res.body).sources).toHaveLength(4);
    expect((await demo.post('/api/auth/act-as', { companyId: null }, cookie)).status).toBe(200);
  });

  it('never reads a connector’s settings, only whether it is there and its schedule', async () => {
    const untouchable = new Proxy(
      {},
      {
        get(_target, key) {
          throw new Error(`read connector setting ${String(key)}`);
        },
        ownKeys() {
          throw new Error('listed connector settings');
        },
      },
    );
    const config = {
      ...demo.host.config,
      connectors: { jira: untouchable },
    } as unknown as HostConfig;
    const report = await buildSyncReport(demo.store, config);
    expect(report.sources.find((s) => s.source === 'jira')?.configured).toBe(true);
    syncStatusResponseSchema.parse(report);
  });

  it('reports one source on its own (as `sync --status --source` prints it)', async () => {
    const report = await buildSyncReport(demo.store, demo.host.config, 'hubspot');
    expect(report).toEqual({
      sources: [
        { source: 'hubspot', name: 'HubSpot', configured: false, schedule: null, lastJob: null, scopes: [] },
      ],
    });
  });
});
