// What can differ by the Node a provider deploys on, through the BUILT host (`node dist/cli.js start`
// in a child process) on each store: PGlite's WebAssembly on its worker thread and the pg driver,
// migrations and the demo seed at start, node:crypto's scrypt behind local sign-in, Node's HTTP
// server (body reading, compression, keep-alive), a read, a write, an analytics computation,
// a document streamed from disk through a signed link, and SIGTERM's drain of a request in flight.
// `npm test` runs this file on Node 20 with everything else, then again on Node 22 and 24 beside
// OIDC sign-in (auth/oidc.test.ts) and one example built from the packed packages
// (e2e/examples/vite.test.ts); the rest of the suite is plain JavaScript on top of these.
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import {
  CLI,
  type Child,
  emptyPostgresDatabase,
  freePort,
  killChildren,
  requireBuild,
  startChild,
} from '../test-support/cli-process.js';
import { postgresStore, type TestStoreKind, testStores } from '../test-support/stores.js';

const ACME_USER = 'demo@acme.example';

describe.each(testStores)(`the built host on Node ${process.versions.node}, $name`, (kind: TestStoreKind) => {
  let child: Child;
  let origin: string;
  let cookie = '';
  let cleanUp: () => Promise<void> = async () => {};

  beforeAll(async () => {
    requireBuild();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const work = await mkdtemp(join(tmpdir(), 'cp-node-matrix-'));
    const store =
      kind === postgresStore ? await emptyPostgresDatabase() : { url: null, drop: async () => {} };
    cleanUp = async () => {
      await store.drop();
      await rm(work, { recursive: true, force: true });
    };
    child = startChild([CLI, 'start', '--demo'], {
      PORT: String(port),
      DATA_DIR: work,
      ...(store.url ? { DATABASE_URL: store.url, SIGNING_KEYS: `k1:${'a'.repeat(64)}` } : {}),
      PUBLIC_ORIGIN: origin,
      COOKIE_SECURE: 'false',
      REQUEST_SCHEDULE: 'off',
    });
    await child.line(/listening on http:\/\/\S+/, 90_000);
    await child.line(/^Demo sign-ins/);
  }, 120_000);
  afterAll(async () => {
    killChildren();
    await cleanUp();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: {
        Origin: origin,
        'Sec-Fetch-Site': 'same-origin',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });

  it('migrated and seeded the store at start, and signs a demo user in with a password', async () => {
    expect(child.stdout()).toContain('Demo sign-ins (password "demo-password"):');
    const res = await api('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: ACME_USER, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    cookie = (res.headers.get('set-cookie') ?? '').split(';', 1)[0] as string;
    const me = await api('/api/auth/me');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(ACME_USER);
  });

  it('answers a read, a write and an analytics computation, compressed when asked', async () => {
    const talent = await api('/api/talent');
    expect(talent.status).toBe(200);

    const created = await api('/api/requests', {
      method: 'POST',
      body: JSON.stringify({ type: 'question', title: `Asked on Node ${process.versions.node}` }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const read = await api(`/api/requests/${key}`);
    expect(read.status).toBe(200);

    const projects = (await (await api('/api/analytics/projects')).json()) as {
      projects: { jiraProjectKey: string }[];
    };
    const project = projects.projects[0]?.jiraProjectKey;
    expect(project).toBeTruthy();
    const dora = await api(`/api/analytics/dora?projectKey=${project}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(dora.status).toBe(200);
    expect(dora.headers.get('content-encoding')).toMatch(/^(gzip|br)$/);
    expect((await dora.json()).projectKey).toBe(project);
  });

  it('streams a document from disk through a signed link', async () => {
    const { documents } = (await (await api('/api/documents')).json()) as { documents: { id: string }[] };
    const signed = await api('/api/create-signed-url', {
      method: 'POST',
      body: JSON.stringify({ fileId: documents[0]?.id }),
    });
    expect(signed.status).toBe(200);
    const { url } = (await signed.json()) as { url: string };
    const file = await api(new URL(url, origin).pathname + new URL(url, origin).search);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(Number(file.headers.get('content-length')));
  });

  it('on SIGTERM, answers the request in flight, then exits 0', async () => {
    // A request whose body is still to come when SIGTERM arrives: in flight for the HTTP server,
    // which has taken its headers (it said 100 Continue) and waits for the body.
    const body = JSON.stringify({ email: ACME_USER, password: DEMO_PASSWORD });
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: {
          Origin: origin,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('continue', async () => {
        child.process.kill('SIGTERM');
        await child.line(/SIGTERM received/);
        req.end(body);
      });
      req.flushHeaders();
    });
    expect(await answer).toBe(200);
    const { code } = await child.exited;
    expect(code, child.stderr()).toBe(0);
    expect(child.stdout()).toContain('SIGTERM received: finishing in-flight requests, then stopping.');
    expect(child.stdout()).toContain('Stopped.');
  });
});
