import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { openPgliteStore, verifyPassword } from '../store/index.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import { testIo } from '../test-support/cli-io.js';
import { main } from './main.js';
import { type RunningHost, startHost } from './start.js';

describe('client-portal-host CLI', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir });
  const run = async (argv: string[], stdin: string | null = null, extraEnv: Record<string, string> = {}) => {
    const t = testIo({ ...env(), ...extraEnv }, stdin);
    const code = await main(argv, t.io);
    return { code, out: t.out(), err: t.err() };
  };
  const withStore = async <T>(fn: (store: Awaited<ReturnType<typeof openPgliteStore>>) => Promise<T>) => {
    const store = await openPgliteStore(join(dataDir, 'pgdata'));
    try {
      return await fn(store);
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cli-data-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrate: creates the embedded store in DATA_DIR and brings it up to date', async () => {
    const ALL = Object.keys(MIGRATIONS).join(', ');
    expect(await run(['migrate'])).toEqual({
      code: 0,
      out: `Applied ${ALL}.\nMigrations: ${ALL}.\n`,
      err: '',
    });
    expect((await run(['migrate'])).out).toBe(`The store is up to date.\nMigrations: ${ALL}.\n`);
  });

  it('seed: puts the demo data into the empty store, once', async () => {
    const first = await run(['seed']);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^Seeded the demo data: \d+ rows\. Sign in with password "demo-password" as:\n/,
    );
    expect(first.out).toContain('  demo@acme.example  Acme Corporation (passes the Home gate)');
    const second = await run(['seed']);
    expect(second.out).toContain('The store is not empty; nothing was seeded');
  });

  it('user add: a customer with --password, and one whose password comes from stdin', async () => {
    const added = await run([
      'user',
      'add',
      '--email',
      'New.User@Acme.example',
      '--name',
      'New User',
      '--company',
      'acme',
      '--contact',
      'acme-c-2',
      '--password',
      'correct horse battery',
    ]);
    expect(added).toEqual({
      code: 0,
      out: 'Added customer new.user@acme.example of Acme Corporation.\n',
      err: '',
    });
    const piped = await run(
      ['user', 'add', '--email', 'ops@provider.example', '--name', 'Ops', '--role', 'staff'],
      'staff password 1\n',
    );
    expect(piped.code).toBe(0);
    const users = await withStore((store) =>
      store.db
        .selectFrom('users')
        .selectAll()
        .where('email', 'in', ['new.user@acme.example', 'ops@provider.example'])
        .orderBy('email')
        .execute(),
    );
    expect(users.map((u) => [u.email, u.role, u.company_id, u.contact_id, u.display_name])).toEqual([
      ['new.user@acme.example', 'customer', 'acme', 'acme-c-2', 'New User'],
      ['ops@provider.example', 'staff', null, null, 'Ops'],
    ]);
    expect(await verifyPassword('correct horse battery', users[0]!.password_hash!)).toBe(true);
    expect(await verifyPassword('staff password 1', users[1]!.password_hash!)).toBe(true);
  });

  it('user add: refuses bad input with a clear message and a non-zero exit code', async () => {
    const cases: [string[], number, string][] = [
      [
        ['user', 'add', '--name', 'X', '--company', 'acme', '--password', 'long enough'],
        2,
        '--email is required.',
      ],
      [
        ['user', 'add', '--email', 'nope', '--name', 'X', '--company', 'acme'],
        2,
        '"nope" is not an email address.',
      ],
      [
        ['user', 'add', '--email', 'a@b.example', '--name', 'X', '--password', 'long enough'],
        2,
        'A customer needs --company',
      ],
      [
        ['user', 'add', '--email', 'a@b.example', '--name', 'X', '--role', 'admin'],
        2,
        '--role must be customer or staff.',
      ],
      [
        ['user', 'add', '--email', 'a@b.example', '--name', 'X', '--role', 'staff', '--company', 'acme'],
        2,
        'Staff accounts belong to no company',
      ],
      [
        [
          'user',
          'add',
          '--email',
          'a@b.example',
          '--name',
          'X',
          '--company',
          'initech',
          '--password',
          'long enough',
        ],
        1,
        'There is no company "initech". Known companies: acme (Acme Corporation), globex (Globex Industries).',
      ],
      [
        [
          'user',
          'add',
          '--email',
          'a@b.example',
          '--name',
          'X',
          '--company',
          'acme',
          '--contact',
          'globex-c-1',
          '--password',
          'long enough',
        ],
        1,
        'Company "acme" has no contact "globex-c-1".',
      ],
      [
        [
          'user',
          'add',
          '--email',
          'DEMO@acme.example',
          '--name',
          'X',
          '--company',
          'acme',
          '--password',
          'long enough',
        ],
        1,
        'A user with the email demo@acme.example already exists.',
      ],
      [
        ['user', 'add', '--email', 'a@b.example', '--name', 'X', '--company', 'acme', '--password', 'short'],
        1,
        'The password must be at least 8 characters.',
      ],
      [['user', 'add', '--email', 'a@b.example', '--name', 'X', '--company', 'acme'], 1, 'No password given'],
      [['user', 'add', '--email', 'a@b.example', '--bogus'], 2, "Unknown option '--bogus'"],
    ];
    for (const [argv, code, message] of cases) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(code);
      expect(result.err, argv.join(' ')).toContain(message);
    }
  });

  it('user reset-password: sets the new password and signs the user out everywhere', async () => {
    await withStore((store) =>
      store.db
        .insertInto('sessions')
        .values({ id: 'a'.repeat(64), user_id: 'u-demo-acme', expires_at: new Date(Date.now() + 3_600_000) })
        .execute(),
    );
    const result = await run([
      'user',
      'reset-password',
      '--email',
      'demo@acme.example',
      '--password',
      'a brand new one',
    ]);
    expect(result).toEqual({
      code: 0,
      out: 'Password reset for demo@acme.example; 1 session signed out.\n',
      err: '',
    });
    const [user, session] = await withStore(
      async (store) =>
        [
          await store.db
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', 'u-demo-acme')
            .executeTakeFirstOrThrow(),
          await store.db.selectFrom('sessions').select('revoked_at').executeTakeFirstOrThrow(),
        ] as const,
    );
    expect(await verifyPassword('a brand new one', user.password_hash!)).toBe(true);
    expect(session.revoked_at).toBeInstanceOf(Date);
    expect(
      (await run(['user', 'reset-password', '--email', 'nobody@x.example', '--password', 'whatever1'])).err,
    ).toContain('There is no user with the email nobody@x.example.');
  });

  it('prints usage, and one message per bad configuration value', async () => {
    expect((await run([])).code).toBe(2);
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: client-portal-host <command>');
    const unknown = await run(['serve']);
    expect([unknown.code, unknown.err.split('\n')[0]]).toEqual([2, 'Unknown command "serve".']);
    const bad = await run(['migrate'], null, { PORT: 'abc', AUTH_MODE: 'ldap' });
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      'Invalid configuration:\n- PORT must be a whole number from 0 to 65535 (got "abc")\n- AUTH_MODE must be one of: local, oidc (got "ldap")\n',
    );
  });

  it('start: serves on the given port, prints the demo sign-ins, stops gracefully', async () => {
    const t = testIo(env());
    let running: RunningHost | undefined;
    const code = await main(['start', '--port', '0'], t.io, {
      onStarted: (r) => {
        running = r;
      },
    });
    expect(code).toBe(0);
    try {
      expect(t.out()).toMatch(
        /^Client portal host listening on http:\/\/localhost:\d+ \(port \d+, embedded store in .*pgdata, local sign-in\)\n/,
      );
      expect(t.out()).toContain('Demo sign-ins (password "demo-password"):');
      const res = await fetch(`${running!.url}/readyz`);
      expect(res.status).toBe(200);
      // The built standalone portal (a dependency of the host), its runtime configuration filled in.
      const page = await (await fetch(`${running!.url}/`)).text();
      expect(page).toContain('<script type="application/json" id="client-portal-config">');
      expect(page).toContain('"signInMode":"local"');
      // Demo mode: the sign-in page lists the demo accounts.
      expect(page).toContain('"demo":{"password":"demo-password","accounts":[{"email":"demo@acme.example"');
    } finally {
      await running?.stop();
    }
    expect(running!.server.listening).toBe(false);

    const quiet = testIo(env());
    await main(['start', '--port', '0', '--no-demo'], quiet.io, {
      onStarted: (r) => {
        running = r;
      },
    });
    await running!.stop();
    expect(quiet.out()).not.toContain('Demo sign-ins');
  });

  it('start: lets an in-flight request finish before stopping, and refuses new connections', async () => {
    let entered: () => void = () => {};
    let release: () => void = () => {};
    const inRoute = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slowRoute = () =>
      Router().get('/slow', async (_req, res) => {
        entered();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        res.json({ finished: true });
      });
    const running = await startHost({
      config: loadConfig({ ...env(), PORT: '0', LOG_LEVEL: 'silent' }),
      io: testIo(env()).io,
      demo: false,
      apiRoutes: slowRoute,
    });
    const inFlight = fetch(`${running.url}/api/slow`);
    await inRoute;
    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
    release();
    expect(await (await inFlight).json()).toEqual({ finished: true });
    await stopping;
    expect(running.server.listening).toBe(false);
  });
  // The built dist/cli.js (start, SIGTERM drain) is node-matrix.test.ts's subject, on every Node.
});
