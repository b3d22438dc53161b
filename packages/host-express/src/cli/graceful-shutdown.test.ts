import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Router } from 'express';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createPortalHost } from '../app.js';
import { loadConfig } from '../config/index.js';
import { TEST_SIGNING_KEYS, testConfig } from '../test-support/host.js';
import { pgliteTestStore, testStores } from '../test-support/stores.js';
import { startHost } from './start.js';

// SIGTERM under load: every request already received finishes, with the database still there for
// it, before the pool (or the embedded store) closes; new connections are refused meanwhile.

const IN_FLIGHT = 10;

describe.each(testStores)('graceful shutdown with requests in flight on $name', (kind) => {
  it('finishes every in-flight request, database work included, before the store closes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cp-shutdown-'));
    // The host opens (and so closes) the store itself, as `client-portal-host start` does.
    const base = kind.kind === 'postgres' ? await kind.open() : null;
    let entered = 0;
    let allEntered: () => void = () => {};
    const everyoneInside = new Promise<void>((resolve) => {
      allEntered = resolve;
    });
    const running = await startHost({
      config: loadConfig({
        DATA_DIR: dataDir,
        ...(base?.url ? { DATABASE_URL: base.url } : {}),
        PORT: '0',
        LOG_LEVEL: 'silent',
        SIGNING_KEYS: TEST_SIGNING_KEYS,
        SHUTDOWN_TIMEOUT_MS: '20000',
      }),
      io: {
        env: {},
        cwd: tmpdir(),
        stdout: new PassThrough(),
        stderr: new PassThrough(),
        stdin: Readable.from([]),
      },
      demo: false,
      apiRoutes: (ctx) =>
        Router().get('/test/slow-query', async (req, res) => {
          entered += 1;
          if (entered === IN_FLIGHT) allEntered();
          // Still working when shutdown begins, then the database: the pool must still be open.
          await new Promise((resolve) => setTimeout(resolve, 200 + 60 * Number(req.query.i)));
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(
            ctx.store.db,
          );
          res.json({ i: Number(req.query.i), users: rows[0]?.n });
        }),
    });
    try {
      const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
        fetch(`${running.url}/api/test/slow-query?i=${i}`).then(async (res) => ({
          status: res.status,
          body: await res.json(),
        })),
      );
      await everyoneInside;
      const stopping = running.stop();
      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => answer.status)).toEqual(Array(IN_FLIGHT).fill(200));
      expect(answers.map((answer) => answer.body)).toEqual(
        Array.from({ length: IN_FLIGHT }, (_, i) => ({ i, users: 0 })),
      );
      // A new connection after shutdown began is refused, not left hanging.
      await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
      await stopping;
      // And only then is the store closed.
      await expect(sql`select 1`.execute(running.host.store.db)).rejects.toThrow();
    } finally {
      await running.stop();
      await base?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('answers once shutdown has begun', () => {
  it('close their connection, so keep-alive clients go elsewhere instead of being cut later', async () => {
    const store = await pgliteTestStore.open();
    const host = await createPortalHost(testConfig(), { store, demo: false });
    try {
      const keepAlive = { Connection: 'keep-alive' };
      expect((await request(host.app).get('/healthz').set(keepAlive)).headers.connection).toBe('keep-alive');
      host.drain();
      const after = await request(host.app).get('/healthz').set(keepAlive);
      expect(after.status).toBe(200);
      expect(after.headers.connection).toBe('close');
      expect((await request(host.app).get('/readyz')).status).toBe(503);
    } finally {
      await host.close();
      await store.close();
    }
  });
});
