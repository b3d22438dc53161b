import type PgBoss from 'pg-boss';
import { createPortalHost } from '../app.js';
import { startHost } from '../cli/start.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SourceSyncResult } from '../connectors/source.js';
import { emptyCounts } from '../connectors/sync-state.js';
import { type FakeJira, startFakeJira } from '../connectors/test-support/fake-jira.js';
import { seedFixture } from '../ingest/test-support/fixture.js';
import { openPostgresStore } from '../store/open-store.js';
import type { SyncSource } from '../store/schema.js';
import { testIo } from '../test-support/cli-io.js';
import { testConfig } from '../test-support/host.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { startJobQueue } from './queue.js';
import { recentSyncJobs, type SyncSchedule, startSyncSchedule, syncQueueName } from './sync-schedule.js';

const quiet = { info() {}, warn() {}, error() {} };
const FAST = {
  logger: quiet,
  pollingIntervalSeconds: 0.5,
  retry: { retryLimit: 1, retryDelay: 1, retryBackoff: false },
};
const JIRA = { email: 'sync@provider.example', apiToken: 'ATATT3x-schedule-secret' };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ok = (): SourceSyncResult => ({
  requests: 1,
  scopes: [{ scope: 'co-a', label: 'A', companyId: 'co', counts: emptyCounts(), error: null }],
});

describe.each(testStores)('the sync schedule on $name', (kind) => {
  let store: TestStore;
  let jira: FakeJira;
  const running: Array<{ boss: PgBoss; schedule: SyncSchedule }> = [];
  const config = () =>
    testConfig({ JIRA_BASE_URL: jira.url, JIRA_EMAIL: JIRA.email, JIRA_API_TOKEN: JIRA.apiToken });

  /** One host instance's queue and workers; on PostgreSQL each has a pool of its own, as separate hosts do. */
  async function instance(
    run?: (source: SyncSource) => Promise<SourceSyncResult>,
    env: Record<string, string> = {},
  ) {
    const own =
      kind.kind === 'postgres' && store.url ? openPostgresStore({ url: store.url, poolMax: 3 }) : store;
    const boss = await startJobQueue(own, { logger: quiet, maintenanceIntervalSeconds: 1 });
    const schedule = await startSyncSchedule(
      boss,
      own,
      {
        ...config(),
        ...(Object.keys(env).length ? testConfig({ ...env }) : {}),
        connectors: config().connectors,
      },
      { ...FAST, ...(run ? { run } : {}) },
    );
    running.push({ boss, schedule });
    if (own !== store) {
      const stop = boss.stop.bind(boss);
      boss.stop = async (options) => {
        await stop(options);
        await own.close();
      };
    }
    return { boss, schedule };
  }

  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
    jira = await startFakeJira(JIRA);
  });
  afterEach(async () => {
    for (const { boss, schedule } of running.splice(0)) {
      await schedule.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
    await store.script('delete from pgboss.job; delete from pgboss.archive');
  });
  afterAll(async () => {
    await jira?.close();
    await store?.close();
  });

  it('schedules each configured source and runs the real connector from the queue', async () => {
    jira.projects = ['A', 'B', 'X'];
    jira.issues = [
      {
        id: '9001',
        key: 'A-1',
        project: 'A',
        summary: 'Checkout down',
        created: '2026-06-01T00:00:00.000+0000',
        updated: '2026-06-01T00:00:00.000+0000',
        resolutiondate: null,
        priority: 'High',
      },
    ];
    const { boss, schedule } = await instance();
    expect(schedule.sources).toEqual(['jira']);
    const schedules = await boss.getSchedules();
    // pg-boss answers the schedule's row, time zone included (its types leave that column out).
    expect(schedules.map((s) => [s.name, s.cron, (s as { timezone?: string }).timezone])).toEqual([
      ['sync-jira', '*/15 * * * *', 'UTC'],
    ]);

    expect(await schedule.runNow('jira')).toEqual(expect.any(String));
    const [job] = await until(
      () => recentSyncJobs(store),
      (jobs) => jobs.some((j) => j.state === 'completed'),
    );
    expect(job).toMatchObject({
      source: 'jira',
      state: 'completed',
      output: { scopes: 3, failed: 0, source: 'jira' },
    });
    const incidents = await store.db.selectFrom('incidents').select(['external_id', 'source']).execute();
    expect(incidents).toEqual([{ external_id: '9001', source: 'jira' }]);
  });

  it('runs one sync per source at a time across instances, and queues at most one more', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const slow = async () => {
      active++;
      runs++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      active--;
      return ok();
    };
    const a = await instance(slow);
    await instance(slow);
    const first = await a.schedule.runNow('jira');
    expect(first).toEqual(expect.any(String));
    await until(
      () => recentSyncJobs(store),
      (jobs) => jobs.some((j) => j.state === 'active'),
    );
    // While one runs: one more may wait; further requests are refused by the queue's policy.
    const second = await a.schedule.runNow('jira');
    const third = await a.schedule.runNow('jira');
    expect(second).toEqual(expect.any(String));
    expect(third).toBeNull();
    await until(
      () => recentSyncJobs(store),
      (jobs) => jobs.filter((j) => j.state === 'completed').length === 2,
    );
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('retries a run with a failed scope, then keeps the failed job with its error', async () => {
    let attempts = 0;
    const failing = async () => {
      attempts++;
      return {
        requests: 2,
        scopes: [
          { scope: 'co-a', label: 'A', companyId: 'co', counts: emptyCounts(), error: null },
          { scope: 'co-b', label: 'B', companyId: 'co', counts: emptyCounts(), error: 'Jira: HTTP 503' },
        ],
      };
    };
    const { schedule } = await instance(failing);
    await schedule.runNow('jira');
    const [job] = await until(
      () => recentSyncJobs(store),
      (jobs) => jobs[0]?.state === 'failed',
    );
    expect(attempts).toBe(2);
    expect(job!.retryCount).toBe(1);
    expect(JSON.stringify(job!.output)).toContain('Jira: 1 of 2 scope(s) failed: B: Jira: HTTP 503');
  });

  it('unschedules a source turned off, and sources not configured', async () => {
    const { boss } = await instance(undefined);
    expect((await boss.getSchedules()).map((s) => s.name)).toEqual([syncQueueName('jira')]);
    const off = await startSyncSchedule(
      boss,
      store,
      { ...config(), syncSchedule: { ...config().syncSchedule, jira: null } },
      FAST,
    );
    expect(off.sources).toEqual(['jira']);
    expect(await boss.getSchedules()).toEqual([]);
    await off.stop();
    // A host without the connector at all: the queue stays, its schedule goes.
    const none = await startSyncSchedule(boss, store, testConfig(), FAST);
    expect(none.sources).toEqual([]);
    await none.stop();
  });

  it('runs in the host when a connector is configured, and stops with it', async () => {
    const host = await createPortalHost(config(), { store });
    try {
      expect(host.syncSchedule?.sources).toEqual(['jira']);
      expect(await host.syncSchedule!.runNow('jira')).toEqual(expect.any(String));
    } finally {
      await host.close();
    }
    // `start` says what it schedules.
    const io = testIo({});
    const running = await startHost({ config: { ...config(), port: 0 }, io: io.io, store, demo: false });
    await running.stop();
    expect(io.out()).toContain(
      'Scheduled syncs (UTC): jira "*/15 * * * *"; `client-portal-host sync --status`',
    );

    const plain = await createPortalHost(testConfig(), { store });
    expect(plain.syncSchedule).toBeNull();
    await plain.close();
    const off = await createPortalHost(config(), { store, jobs: false });
    expect(off.syncSchedule).toBeNull();
    await off.close();
  });

  it('starts again on a store whose queue schema exists (a restart)', async () => {
    const { boss } = await instance(async () => ok());
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    running.length = 0;
    const again = await instance(async () => ok());
    expect(await again.boss.getQueue('sync-jira')).toMatchObject({ name: 'sync-jira', policy: 'stately' });
  });
});
