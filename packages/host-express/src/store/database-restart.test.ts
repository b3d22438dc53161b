import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalHost, type PortalHost } from '../app.js';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { ACME_USER, DEMO_ORIGIN, SAME_ORIGIN_HEADERS } from '../test-support/demo-host.js';
import { TEST_NOW, testConfig } from '../test-support/host.js';
import { postgresTestStore, type TestStore } from '../test-support/stores.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';

// PostgreSQL going away under load (a restart, or pg_terminate_backend on the host's connections):
// the host process must live through it (a connection dropped while a request held it used to emit
// an unhandled 'error' and end the process), answer 503 with Retry-After meanwhile, and recover by
// itself when the database is back.

const adminUrl = process.env.DATABASE_URL_TEST;
const CONNECTIONS = 32;
const PATHS = [
  '/api/auth/me',
  '/api/projects',
  '/api/talent',
  '/api/documents',
  '/api/analytics/dora?projectKey=PORTAL&from=2025-03-01&to=2025-06-15',
  '/api/knowledge-base/search?q=deploy',
];

interface Outcome {
  /** When the request was sent and when its answer (or failure) came. */
  at: number;
  done: number;
  status: number | 'error';
  ok: boolean;
  why?: string;
}

/** Requests from `connections` clients in a loop until `until()` says stop; every answer is recorded. */
async function load(base: string, cookie: string, until: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const client = async () => {
    while (!until()) {
      const path = PATHS[next++ % PATHS.length] as string;
      const at = performance.now();
      try {
        const res = await fetch(`${base}${path}`, {
          headers: { cookie, accept: 'application/json' },
          signal: AbortSignal.timeout(10_000),
        });
        const body = await res.text();
        const problem = /^application\/problem\+json/.test(res.headers.get('content-type') ?? '');
        const ok =
          res.status === 200 ||
          (res.status === 503 &&
            problem &&
            res.headers.get('retry-after') !== null &&
            !/ECONN|127\.0\.0\.1/.test(body));
        outcomes.push({
          at,
          done: performance.now(),
          status: res.status,
          ok,
          ...(ok ? {} : { why: body.slice(0, 200) }),
        });
      } catch (error) {
        outcomes.push({ at, done: performance.now(), status: 'error', ok: false, why: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return outcomes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(adminUrl)('PostgreSQL restarted under load', () => {
  let database: TestStore;
  let proxy: TcpProxy;
  let host: PortalHost;
  let server: Server;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    database = await postgresTestStore(adminUrl as string).open({ seeded: {} });
    const url = new URL(database.url as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // The host opens its own pool from DATABASE_URL, as in production.
    host = await createPortalHost(
      testConfig({ DATABASE_URL: url.href, PUBLIC_ORIGIN: DEMO_ORIGIN, DATABASE_POOL_MAX: '8' }),
      { now: () => TEST_NOW, demo: false },
    );
    server = createServer(host.app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signIn = await request(host.app)
      .post('/api/auth/login')
      .set(SAME_ORIGIN_HEADERS)
      .send({ email: ACME_USER, password: DEMO_PASSWORD });
    cookie = String(signIn.headers['set-cookie']?.[0]).split(';', 1)[0] as string;
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await host?.close();
    await proxy?.close();
    await database?.close();
  });

  it('cut off for 2 s while 32 clients load it: only 200s and 503s with Retry-After, then it recovers', async () => {
    let stop = false;
    const started = performance.now();
    const running = load(base, cookie, () => stop);
    await sleep(1_500);
    const cutAt = performance.now();
    await proxy.cut();
    await sleep(2_000);
    await proxy.restore();
    const restoredAt = performance.now();
    // Run on until every client has had a few good answers again.
    await sleep(3_000);
    stop = true;
    const outcomes = await running;

    const bad = outcomes.filter((outcome) => !outcome.ok);
    expect(bad.slice(0, 5), `${bad.length} bad answers`).toEqual([]);
    const summary = (list: Outcome[]) =>
      JSON.stringify(
        list.map((o) => [Math.round(o.at - cutAt), Math.round(o.done - cutAt), o.status]).slice(0, 20),
      );
    const early = outcomes.filter((outcome) => outcome.done < cutAt && outcome.status !== 200);
    expect(early, summary(early)).toEqual([]);
    const during = outcomes.filter((outcome) => outcome.at >= cutAt && outcome.at < restoredAt);
    expect(during.some((outcome) => outcome.status === 503)).toBe(true);
    // Recovered: the last second is all 200s, the first 200 came soon after the restore.
    const end = performance.now();
    expect(
      outcomes.filter((outcome) => outcome.at > end - 1_000).every((outcome) => outcome.status === 200),
    ).toBe(true);
    const firstGood = outcomes.find((outcome) => outcome.at >= restoredAt && outcome.status === 200);
    expect(firstGood).toBeDefined();
    expect((firstGood?.at ?? end) - restoredAt).toBeLessThan(5_000);
    expect(outcomes.length).toBeGreaterThan(100);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 60_000);

  it('has its connections terminated five times under load (pg_terminate_backend) and carries on', async () => {
    const admin = new pg.Client({ connectionString: database.url as string });
    await admin.connect();
    try {
      let stop = false;
      const running = load(base, cookie, () => stop);
      let terminated = 0;
      for (let round = 0; round < 5; round++) {
        await sleep(400);
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        terminated += rows[0]?.n ?? 0;
      }
      await sleep(2_000);
      stop = true;
      const outcomes = await running;
      expect(terminated).toBeGreaterThan(0);
      const bad = outcomes.filter((outcome) => !outcome.ok);
      expect(bad.slice(0, 5), `${bad.length} bad answers`).toEqual([]);
      const end = performance.now();
      expect(
        outcomes.filter((outcome) => outcome.at > end - 1_000).every((outcome) => outcome.status === 200),
      ).toBe(true);
      expect((await sql<{ one: number }>`select 1 as one`.execute(host.store.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  }, 60_000);
});
