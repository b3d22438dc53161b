import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import * as zlib from 'node:zlib';
import { gzipSync } from 'node:zlib';
import { problemSchema } from '@client-portal/api-client';
import { Router } from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createPortalHost } from '../app.js';
import { storeFromPgliteThread } from '../store/open-store.js';
import { PgliteThread } from '../store/pglite-thread.js';
import { StatementTimeoutError } from '../store/unavailable.js';
import { ACME_USER, DEMO_ORIGIN, SAME_ORIGIN_HEADERS, useDemoHost } from '../test-support/demo-host.js';
import { TEST_NOW, testConfig } from '../test-support/host.js';
import { featureStores, pgliteTestStore, testStores } from '../test-support/stores.js';
import { limitServer, MAX_HEADER_BYTES, MAX_URL_BYTES } from './limits.js';

/**
 * zstd, where Node's zlib has it (22.15+, 23.8+; not 20): the body parser then decodes zstd bodies
 * as it does gzip, deflate and br; elsewhere it refuses them with 415.
 */
const zstdCompressSync = (zlib as { zstdCompressSync?: (data: string) => Buffer }).zstdCompressSync;

function expectProblem(res: request.Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(problemSchema.parse(res.body).status).toBe(status);
}

/** One raw HTTP exchange: what a client sends that an HTTP library would not. */
async function rawExchange(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(text);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(featureStores)('limits of one request on $name', (kind) => {
  const demo = useDemoHost(kind, {
    env: { STATEMENT_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' },
    options: {
      apiRoutes: () => {
        const router = Router();
        // A provider's own route that takes too long without the database.
        router.get('/test/slow-handler', async (_req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          res.json({ late: true });
        });
        return router;
      },
    },
  });

  it('answers a request past REQUEST_TIMEOUT_MS with 503 and Retry-After, and drops what its handler sends later', async () => {
    const res = await demo.get('/api/test/slow-handler');
    expectProblem(res, 503);
    expect(res.headers['retry-after']).toBe('5');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await demo.get('/healthz')).status).toBe(200);
  });

  it('refuses a URL longer than MAX_URL_BYTES with 414 before any work', async () => {
    expectProblem(await demo.get(`/api/projects?pad=${'x'.repeat(MAX_URL_BYTES)}`), 414);
    expectProblem(await demo.get(`/${'x'.repeat(MAX_URL_BYTES)}`), 414);
  });

  it('answers a method a path does not take with 405 and Allow, before the CSRF guard', async () => {
    const cookie = await demo.signIn(ACME_USER);
    for (const method of ['delete', 'put', 'patch'] as const) {
      const res = await request(demo.host.app)[method]('/api/projects').set('Cookie', cookie);
      expectProblem(res, 405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
    const post = await request(demo.host.app)
      .post('/api/analytics/projects/PORTAL')
      .set(SAME_ORIGIN_HEADERS)
      .send({});
    expectProblem(post, 405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    const get = await demo.get('/api/create-signed-url', cookie);
    expectProblem(get, 405);
    expect(get.headers.allow).toBe('POST, OPTIONS');
    expect((await demo.get('/api/auth/logout').set('Sec-Fetch-Site', 'none')).status).toBe(302);
    const options = await request(demo.host.app).options('/api/auth/login');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expectProblem(await demo.get('/api/no-such-route', cookie), 404);
    // Odd spellings that miss the /api router, and writes to page paths: problem+json, not HTML.
    for (const path of ['//api//profile', '/api%2fprofile', '/dashboard']) {
      expectProblem(await request(demo.host.app).post(path).set(SAME_ORIGIN_HEADERS).send({}), 404);
    }
    // A 404 never repeats a long path.
    const long = await demo.get(`/api/${'a/'.repeat(2000)}`, cookie);
    expectProblem(long, 404);
    expect(long.body.detail.length).toBeLessThan(200);
  });

  it('never repeats a long key the client sent in a 400', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const res = await demo.post(
      '/api/create-signed-url',
      { fileId: 'doc-acme-msa', ['k'.repeat(10_000)]: 1 },
      cookie,
    );
    expectProblem(res, 400);
    expect(res.text.length).toBeLessThan(1_000);
  });

  it('never echoes a decompressor’s message', async () => {
    const cookie = await demo.signIn(ACME_USER);
    for (const encoding of ['gzip', 'deflate', 'br', ...(zstdCompressSync ? ['zstd'] : [])]) {
      const res = await request(demo.host.app)
        .post('/api/create-signed-url')
        .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie, 'Content-Type': 'application/json' })
        .set('Content-Encoding', encoding)
        .send('{"fileId": "not compressed"}');
      expectProblem(res, 400);
      expect(res.body.detail).toBe('The body could not be decompressed as its Content-Encoding says.');
    }
    if (!zstdCompressSync) {
      const zstd = await request(demo.host.app)
        .post('/api/create-signed-url')
        .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie, 'Content-Type': 'application/json' })
        .set('Content-Encoding', 'zstd')
        .send('{}');
      expectProblem(zstd, 415);
    }
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ...(zstdCompressSync ? ([['zstd', zstdCompressSync]] as const) : []),
    ] as const) {
      const compressed = await request(demo.host.app)
        .post('/api/create-signed-url')
        .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie, 'Content-Type': 'application/json' })
        .set('Content-Encoding', encoding)
        // As bytes: superagent would JSON-encode a Buffer sent as application/json.
        .serialize((bytes: Buffer) => bytes as unknown as string)
        .send(compress(JSON.stringify({ fileId: 'doc-acme-msa' })));
      expect(compressed.status, `${encoding}: ${compressed.text}`).toBe(200);
    }
  });
});

describe.each(testStores)('STATEMENT_TIMEOUT_MS on $name', (kind) => {
  it('answers a statement past it with 503 and Retry-After, and serves on', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = await mkdtemp(join(tmpdir(), 'cp-statement-timeout-'));
    // The host opens the store itself, as configured: an on-disk embedded store, or a database of its own.
    const base = kind.kind === 'postgres' ? await kind.open() : null;
    const host = await createPortalHost(
      testConfig({
        DATA_DIR: dataDir,
        ...(base?.url ? { DATABASE_URL: base.url } : {}),
        DEMO: 'false',
        STATEMENT_TIMEOUT_MS: '500',
        REQUEST_TIMEOUT_MS: '5000',
      }),
      {
        apiRoutes: (ctx) =>
          Router().get('/test/sleep', async (req, res) => {
            const seconds = Number(req.query.s ?? 0);
            await sql`select pg_sleep(${seconds})`.execute(ctx.store.db);
            res.json({ slept: seconds });
          }),
      },
    );
    try {
      const slow = await request(host.app).get('/api/test/sleep?s=3');
      expectProblem(slow, 503);
      expect(slow.headers['retry-after']).toBe('5');
      expect(slow.body.detail).toMatch(/too long/);
      // Serves on: once the store is back (an embedded store's thread restarts first, which on a
      // busy machine can outlast a request, answered 503 + Retry-After meanwhile).
      await vi.waitFor(
        async () => expect((await request(host.app).get('/api/test/sleep?s=0')).status).toBe(200),
        { timeout: 20_000, interval: 250 },
      );
      expect((await request(host.app).get('/readyz')).status).toBe(200);
    } finally {
      await host.close();
      await base?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the HTTP server’s own refusals', () => {
  it('answers oversized headers, malformed requests and slow clients with problem+json', async () => {
    const host = await createPortalHost(testConfig({ PUBLIC_ORIGIN: DEMO_ORIGIN }), {
      now: () => TEST_NOW,
      store: await pgliteTestStore.open(),
    });
    const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, host.app);
    limitServer(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const big = await rawExchange(
        port,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(big).toContain('Content-Type: application/problem+json');
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431 });
      const head = await rawExchange(
        port,
        `HEAD /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`,
      );
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head.endsWith('\r\n\r\n')).toBe(true);
      const malformed = await rawExchange(port, 'GARBAGE\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(malformed).toContain('application/problem+json');
      expect(server.headersTimeout).toBeGreaterThan(0);
      expect(server.requestTimeout).toBeGreaterThan(server.headersTimeout);
      // Idle connections outlive a load balancer's (60 s) and a proxying site's agent's (5 s).
      expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    } finally {
      server.close();
      await host.close();
      await host.store.close();
    }
  });
});

describe('the embedded store’s statement timeout', () => {
  it('stops a statement that runs too long, restarts the thread, and the data on disk is still there', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'cp-timeout-'));
    const thread = await PgliteThread.open({ dataDir: join(dir, 'pgdata'), statementTimeoutMs: 500 });
    try {
      // Setup and the check afterwards untimed: on a loaded machine a fresh thread's first
      // statements can take longer than the 500 ms the test gives the slow one.
      await thread.untimed(async () => {
        await thread.query('create table kept (id int primary key)');
        await thread.query('insert into kept values (1)');
      });
      const before = thread.generation;
      const started = performance.now();
      const slow = thread.query('select count(*) from generate_series(1, 1000000000)');
      const quick = thread.query('select 1 as one');
      await expect(slow).rejects.toBeInstanceOf(StatementTimeoutError);
      // Sent behind the slow statement, it shares its thread's fate: 503, try again.
      await expect(quick).rejects.toThrow(/restarted/);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await thread.untimed(() => thread.query('select id from kept'))).rows).toEqual([{ id: 1 }]);
      expect(thread.generation).toBe(before + 1);
    } finally {
      await thread.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is lifted for migrations and the seed (untimed), and only while they run', async () => {
    const thread = await PgliteThread.open({ dataDir: null, statementTimeoutMs: 200 });
    const store = storeFromPgliteThread(thread);
    try {
      const slow = sql`select pg_sleep(0.6)`;
      const before = await thread.ready();
      await expect(store.untimed?.(() => slow.execute(store.db))).resolves.toBeDefined();
      expect(thread.generation).toBe(before);
      await expect(slow.execute(store.db)).rejects.toBeInstanceOf(StatementTimeoutError);
    } finally {
      await store.close();
    }
  });

  it('rolls back a transaction its thread lost, and later statements run on the new thread', async () => {
    const thread = await PgliteThread.open({ dataDir: null, statementTimeoutMs: 400 });
    const store = storeFromPgliteThread(thread);
    try {
      await sql`create table t (id int)`.execute(store.db);
      const lost = store.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        await sql`select count(*) from generate_series(1, 1000000000)`.execute(trx);
      });
      await expect(lost).rejects.toBeInstanceOf(StatementTimeoutError);
      // An in-memory database restarts empty (from its template: here none).
      await sql`create table t (id int)`.execute(store.db);
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(store.db)).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await store.close();
    }
  });
});
