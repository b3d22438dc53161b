import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPortalHost } from '../app.js';
import { startHost } from '../cli/start.js';
import { addComment, createRequest } from '../requests/store.js';
import {
  actors,
  addSubscription,
  quietLogger,
  resetRequests,
  seedScheduleFixture,
} from '../requests/test-support/schedule-fixture.js';
import { type SmtpSink, startSmtpSink } from '../requests/test-support/smtp-sink.js';
import { openPostgresStore } from '../store/open-store.js';
import { testIo } from '../test-support/cli-io.js';
import { testConfig } from '../test-support/host.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { startJobQueue } from './queue.js';
import {
  REQUEST_QUEUE,
  type RequestSchedule,
  runRequestSchedule,
  startRequestSchedule,
} from './request-schedule.js';

const NOW = new Date('2027-01-10T08:00:00Z');
const quiet = { info() {}, warn() {}, error() {} };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testStores)('the requests schedule on $name', (kind) => {
  let store: TestStore;
  let smtp: SmtpSink;
  const running: Array<{ boss: PgBoss; schedule: RequestSchedule | null; close: () => Promise<void> }> = [];
  const config = (env: Record<string, string> = {}) =>
    testConfig({ REQUEST_SCHEDULE: '*/5 * * * *', SMTP_URL: smtp.url, ...env });

  /** One host instance's queue and worker; on PostgreSQL each has a pool of its own, as separate hosts do. */
  async function instance(env: Record<string, string> = {}) {
    const own =
      kind.kind === 'postgres' && store.url ? openPostgresStore({ url: store.url, poolMax: 3 }) : store;
    const boss = await startJobQueue(own, { logger: quiet, maintenanceIntervalSeconds: 1 });
    const schedule = await startRequestSchedule(boss, own, config(env), {
      logger: quiet,
      pollingIntervalSeconds: 0.5,
      now: () => NOW,
    });
    const entry = {
      boss,
      schedule,
      close: async () => {
        await schedule?.stop();
        await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
        if (own !== store) await own.close();
      },
    };
    running.push(entry);
    return entry;
  }

  const completed = async () => {
    const { rows } = await store.script(
      `select count(*)::int as n from pgboss.job where name = '${REQUEST_QUEUE}' and state = 'completed'`,
    );
    return (rows[0] as { n: number }).n;
  };

  beforeAll(async () => {
    store = await kind.open();
    await seedScheduleFixture(store.db);
    smtp = await startSmtpSink();
  });
  beforeEach(async () => {
    await resetRequests(store.db);
    smtp.received.length = 0;
    // Ends in 30 days: its renewal check-in is due.
    await addSubscription(store.db, {
      id: 'deal-acme',
      company: 'acme',
      start: '2026-02-09',
      end: '2027-02-09',
      hours: 100,
    });
  });
  afterEach(async () => {
    for (const entry of running.splice(0)) await entry.close();
    await store.script('delete from pgboss.job; delete from pgboss.archive');
  });
  afterAll(async () => {
    await smtp?.close();
    await store?.close();
  });

  it('schedules one job on REQUEST_SCHEDULE (UTC) and runs every step from the queue', async () => {
    const { boss, schedule } = await instance();
    expect(schedule?.cron).toBe('*/5 * * * *');
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron, (s as { timezone?: string }).timezone])).toEqual([
      [REQUEST_QUEUE, '*/5 * * * *', 'UTC'],
    ]);
    expect(await boss.getQueue(REQUEST_QUEUE)).toMatchObject({ policy: 'stately' });
    expect(await schedule!.runNow()).toEqual(expect.any(String));
    await until(completed, (n) => n === 1);
    const opened = await store.db.selectFrom('requests').select(['type', 'requester_id']).execute();
    expect(opened).toEqual([{ type: 'renewal_check_in', requester_id: 'u-carol' }]);
    await until(
      async () => smtp.received.length,
      (n) => n === 1,
    );
    expect(smtp.received[0]!.to).toEqual(['u-carol@acme.example']);
  });

  it('opens one check-in and sends one e-mail with two instances working the queue', async () => {
    const a = await instance();
    const b = await instance();
    // Both ask at once: the queue's policy keeps one active and one waiting.
    await Promise.all([a.schedule!.runNow(), b.schedule!.runNow(), a.schedule!.runNow()]);
    await until(completed, (n) => n >= 1);
    await until(
      async () =>
        Number(
          (
            (
              await store.script(
                `select count(*)::int as n from pgboss.job where name = '${REQUEST_QUEUE}' and state in ('created', 'active', 'retry')`,
              )
            ).rows[0] as { n: number }
          ).n,
        ),
      (n) => n === 0,
    );
    expect(await store.db.selectFrom('requests').select('id').execute()).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('changes nothing twice when whole runs overlap on two instances', async () => {
    const other =
      kind.kind === 'postgres' && store.url ? openPostgresStore({ url: store.url, poolMax: 3 }) : store;
    try {
      const request = await createRequest(
        store.db,
        actors.alice,
        { type: 'question', title: 'Overlap' },
        { now: NOW },
      );
      await addComment(store.db, actors.samForAcme, request.id, { body: 'Answer.' }, { now: NOW });
      const { logger } = quietLogger();
      const summaries = await Promise.all([
        runRequestSchedule(store.db, config(), { now: NOW, logger }),
        runRequestSchedule(other.db, config(), { now: NOW, logger }),
      ]);
      expect(summaries.map((s) => s.errors)).toEqual([{}, {}]);
      expect(summaries.reduce((n, s) => n + s.renewalCheckIns, 0)).toBe(1);
      // Alice: Sam's comment; Carol: the check-in. Once each.
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
        'u-alice@acme.example',
        'u-carol@acme.example',
      ]);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('runs in the host even without a connector, stops with it, and is off with REQUEST_SCHEDULE=off', async () => {
    const host = await createPortalHost(config(), { store });
    try {
      expect(host.syncSchedule).toBeNull();
      expect(host.requestSchedule?.cron).toBe('*/5 * * * *');
    } finally {
      await host.close();
    }
    const off = await createPortalHost(config({ REQUEST_SCHEDULE: 'off' }), { store });
    expect(off.requestSchedule).toBeNull();
    await off.close();
    const noJobs = await createPortalHost(config(), { store, jobs: false });
    expect(noJobs.requestSchedule).toBeNull();
    await noJobs.close();

    // `start` says what it schedules.
    const io = testIo({});
    const started = await startHost({
      config: { ...config(), port: 0 },
      io: io.io,
      store,
      demo: false,
    });
    await started.stop();
    expect(io.out()).toContain(
      'Requests schedule (UTC): "*/5 * * * *" — check-ins, reminders, e-mail through SMTP_URL.',
    );
  });
});
