import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalHost, type PortalHost } from '../app.js';
import { openPostgresStore, type Store } from '../store/index.js';
import { authDouble, capturedLogger, testConfig } from '../test-support/host.js';
import { pgliteTestStore, postgresTestStore, type TestStore } from '../test-support/stores.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';

/** A route that needs the database, to see what a data route answers while it is gone. */
const companiesRoute = ({ store }: { store: Store }) =>
  express.Router().get('/companies', async (_req, res) => {
    res.json(await store.db.selectFrom('companies').select('id').execute());
  });

describe('readiness with a store that goes away and comes back', () => {
  let base: TestStore;
  let down = false;
  let host: PortalHost;
  const logs = capturedLogger();
  beforeAll(async () => {
    base = await pgliteTestStore.open();
    const flaky: Store = {
      ...base,
      ping: async (timeoutMs) => {
        if (down) throw new Error('connect ECONNREFUSED');
        await base.ping(timeoutMs);
      },
    };
    host = await createPortalHost(testConfig(), {
      store: flaky,
      logger: logs.logger,
      createAuth: authDouble(),
    });
  });
  afterAll(async () => {
    await host?.close();
    await base?.close();
  });

  it('answers 503 while the store is unreachable and 200 again once it answers, logging each change once', async () => {
    await request(host.app).get('/readyz').expect(200);
    down = true;
    const res = await request(host.app).get('/readyz').expect(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 503, detail: 'The database is not reachable.' });
    await request(host.app).get('/readyz').expect(503);
    await request(host.app).get('/healthz').expect(200);
    down = false;
    await request(host.app).get('/readyz').expect(200);
    const transitions = logs
      .lines()
      .map((l) => l.msg)
      .filter((m) => typeof m === 'string' && m.startsWith('store'));
    expect(transitions).toEqual([
      'store reachable: ready',
      'store unreachable: not ready',
      'store reachable: ready',
    ]);
  });
});

const adminUrl = process.env.DATABASE_URL_TEST;

describe.runIf(adminUrl)('PostgreSQL cut off and restored (through a TCP proxy), without restarting', () => {
  let database: TestStore;
  let proxy: TcpProxy;
  let store: Store;
  let host: PortalHost;
  beforeAll(async () => {
    database = await postgresTestStore(adminUrl!).open();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    store = openPostgresStore({ url: url.href, connectionTimeoutMs: 1_000 });
    host = await createPortalHost(testConfig({ DATABASE_URL: url.href }), {
      store,
      createAuth: authDouble(),
      apiRoutes: companiesRoute,
      logger: capturedLogger().logger,
    });
  });
  afterAll(async () => {
    await host?.close();
    await store?.close();
    await proxy?.close();
    await database?.close();
  });

  it('answers 503 problems while the database is unreachable and recovers when it returns', async () => {
    const api = request(host.app);
    await api.get('/readyz').expect(200);
    await api.get('/api/companies').expect(200, []);

    await proxy.cut();
    const ready = await request(host.app).get('/readyz').expect(503);
    expect(ready.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    const data = await request(host.app).get('/api/companies').expect(503);
    expect(data.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(data.headers['retry-after']).toBe('5');
    expect(data.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    await request(host.app).get('/healthz').expect(200);

    await proxy.restore();
    await request(host.app).get('/readyz').expect(200);
    await request(host.app).get('/api/companies').expect(200, []);
  });
});
