// Three instances of the BUILT host (`node dist/cli.js start`, each a process of its own) on one
// fresh PostgreSQL database, started at the same moment with the same secrets and one shared files
// folder: what a provider runs behind a load balancer (README, "Running several instances"). They
// must behave as one host: one schema, one demo seed, one session store whose revocations take
// effect on every instance before the next request, each scheduled job run once, and nothing an
// instance confirmed lost when it is killed.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import {
  CLI,
  type Child,
  emptyPostgresDatabase,
  freePort,
  killChildren,
  requireBuild,
  startChild,
} from '../test-support/cli-process.js';
import { TEST_SIGNING_KEYS, testConfig } from '../test-support/host.js';
import { postgresStore } from '../test-support/stores.js';
import { severalInstanceWarnings } from './start.js';

interface Instance {
  name: string;
  child: Child;
  origin: string;
}

describe.skipIf(!postgresStore)('three host instances on one PostgreSQL database', () => {
  const instances: Instance[] = [];
  let store: pg.Pool;
  let cleanUp: () => Promise<void> = async () => {};
  const at = (i: number) => () => instances[i] as Instance;
  const [a, b, c] = [at(0), at(1), at(2)];

  beforeAll(async () => {
    requireBuild();
    const database = await emptyPostgresDatabase('host_instances');
    store = new pg.Pool({ connectionString: database.url, max: 2 });
    const work = await mkdtemp(join(tmpdir(), 'cp-instances-'));
    cleanUp = async () => {
      await store.end();
      await database.drop();
      await rm(work, { recursive: true, force: true });
    };
    const shared = {
      DATABASE_URL: database.url,
      SIGNING_KEYS: `k1:${randomBytes(32).toString('base64url')}`,
      FILES_DIR: join(work, 'files'),
      FILES_SHARED: 'true',
      COOKIE_SECURE: 'false',
      // Every minute: the test sees at least one run, and which instance ran it.
      REQUEST_SCHEDULE: '* * * * *',
      LOG_LEVEL: 'info',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    // All three at once: each migrates and seeds an empty store unless another got there first.
    for (const [i, port] of ports.entries()) {
      const origin = `http://127.0.0.1:${port}`;
      const child = startChild([CLI, 'start', '--demo'], {
        ...shared,
        PORT: String(port),
        DATA_DIR: join(work, `instance-${i}`),
        PUBLIC_ORIGIN: origin,
      });
      instances.push({ name: 'ABC'[i] as string, child, origin });
    }
    await Promise.all(instances.map((instance) => instance.child.line(/listening on http:\/\/\S+/, 90_000)));
  }, 120_000);

  afterAll(async () => {
    killChildren();
    await cleanUp();
  });

  const call = (instance: Instance, path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${instance.origin}${path}`, {
      ...init,
      headers: {
        Origin: instance.origin,
        'Sec-Fetch-Site': 'same-origin',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });

  const signIn = async (instance: Instance, email: string): Promise<string> => {
    const res = await call(instance, '/api/auth/login', '', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status, `sign-in of ${email} on ${instance.name}`).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';', 1)[0] as string;
  };

  const status = async (instance: Instance, path: string, cookie: string) =>
    (await call(instance, path, cookie)).status;

  it('applied each migration once and seeded the demo data once', async () => {
    const { rows } = await store.query<{ name: string }>('select name from kysely_migration order by name');
    expect(rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
    const users = await store.query<{ email: string }>('select email from users order by email');
    expect(users.rows.map((row) => row.email)).toEqual([
      'demo@acme.example',
      'demo@globex.example',
      'member@acme.example',
      'staff@provider.example',
    ]);
    // Files are declared shared; e-mail has no SMTP server: only that is warned about.
    for (const instance of instances) {
      const warnings = instance.child.lines.filter((line) => line.startsWith('Warning: '));
      expect(warnings).toEqual([
        "Warning: SMTP_URL is not set: the requests' e-mails are not delivered, only kept in the store's outbox (`client-portal-host outbox`).",
      ]);
    }
  });

  it('signs out everywhere at once: the cookie is refused by the other instances on their next request', async () => {
    for (const [signedInOn, signsOutOn] of [
      [a, b],
      [b, c],
      [c, a],
      [a, a],
    ] as const) {
      const cookie = await signIn(signedInOn(), 'demo@acme.example');
      // Every instance has served the session (so any per-process copy of it is warm).
      for (const instance of instances) expect(await status(instance, '/api/requests', cookie)).toBe(200);
      const out = await call(signsOutOn(), '/api/auth/logout', cookie, { method: 'POST', body: '{}' });
      expect(out.status).toBe(204);
      const after = await Promise.all(instances.map((instance) => status(instance, '/api/requests', cookie)));
      expect(after, `signed out on ${signsOutOn().name}`).toEqual([401, 401, 401]);
    }
  });

  it('switches the company staff act for on every instance at once, and a write lands in the new one', async () => {
    const cookie = await signIn(a(), 'staff@provider.example');
    const actAs = async (instance: Instance, companyId: string) => {
      const res = await call(instance, '/api/auth/act-as', cookie, {
        method: 'POST',
        body: JSON.stringify({ companyId }),
      });
      expect(res.status).toBe(200);
    };
    const actingFor = async (instance: Instance) =>
      ((await (await call(instance, '/api/auth/me', cookie)).json()) as { companyId: string | null })
        .companyId;

    await actAs(a(), 'acme');
    expect(await Promise.all(instances.map(actingFor))).toEqual(['acme', 'acme', 'acme']);
    await actAs(a(), 'globex');
    expect(await Promise.all(instances.map(actingFor))).toEqual(['globex', 'globex', 'globex']);
    const requester = await store.query<{ id: string }>(
      "select id from users where email = 'demo@globex.example'",
    );
    const created = await call(b(), '/api/requests', cookie, {
      method: 'POST',
      body: JSON.stringify({
        type: 'question',
        title: 'Sent to B right after the switch',
        requesterId: requester.rows[0]?.id,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const row = await store.query('select company_id from requests where key = $1', [key]);
    expect(row.rows).toEqual([{ company_id: 'globex' }]);
    await actAs(c(), 'acme');
    expect(await Promise.all(instances.map(actingFor))).toEqual(['acme', 'acme', 'acme']);
  });

  it('loses nothing an instance confirmed when it is killed (kill -9) under writes', async () => {
    const cookie = await signIn(c(), 'demo@acme.example');
    const confirmed: string[] = [];
    let sent = 0;
    const writer = async () => {
      while (sent < 24) {
        sent++;
        try {
          const res = await call(c(), '/api/requests', cookie, {
            method: 'POST',
            body: JSON.stringify({ type: 'question', title: `Written before the kill ${sent}` }),
          });
          if (res.status === 201) confirmed.push(((await res.json()) as { key: string }).key);
        } catch {
          return; // the connection died with the instance
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    while (confirmed.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    await c().child.kill9();
    await writers;
    expect(confirmed.length).toBeGreaterThanOrEqual(8);
    for (const key of confirmed) expect(await status(a(), `/api/requests/${key}`, cookie)).toBe(200);
    expect(await status(b(), '/api/requests', cookie)).toBe(200);
  });

  it('runs each scheduled job on exactly one instance', async () => {
    const ran = () =>
      instances.flatMap((instance) =>
        instance.child.lines
          .filter((line) => line.includes('"requests schedule ran"'))
          .map((line) => ({ instance: instance.name, job: (JSON.parse(line) as { job: string }).job })),
      );
    // pg-boss schedules by the minute and its workers poll every 10 s.
    const deadline = Date.now() + 100_000;
    while (ran().length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const runs = ran();
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs.map((run) => run.job)).size).toBe(runs.length);
  }, 110_000);
});

describe('what a host on PostgreSQL warns about at start', () => {
  const postgres = { DATABASE_URL: 'postgres://portal@db.example/portal', SIGNING_KEYS: TEST_SIGNING_KEYS };
  it('documents on a folder not declared shared, and e-mail without SMTP_URL', () => {
    expect(severalInstanceWarnings(testConfig({ ...postgres, FILES_DIR: '/srv/files' }))).toEqual([
      'documents are stored in /srv/files on this machine; with several instances mount one shared folder there and set FILES_SHARED=true, or use S3_BUCKET.',
      "SMTP_URL is not set: the requests' e-mails are not delivered, only kept in the store's outbox (`client-portal-host outbox`).",
    ]);
    expect(
      severalInstanceWarnings(
        testConfig({ ...postgres, S3_BUCKET: 'portal-files', SMTP_URL: 'smtp://mail.example:587' }),
      ),
    ).toEqual([]);
  });
  it('nothing on the embedded store, which belongs to one process', () => {
    expect(severalInstanceWarnings(testConfig({ FILES_DIR: '/srv/files' }))).toEqual([]);
  });
});
