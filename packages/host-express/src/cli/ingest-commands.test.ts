import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INGEST_TOKEN_PATTERN } from '@client-portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { openPgliteStore } from '../store/index.js';
import { testIo } from '../test-support/cli-io.js';
import { main } from './main.js';
import { type RunningHost, startHost } from './start.js';

const DEPLOYMENT = {
  externalId: 'cli-run-1',
  environment: 'production',
  status: 'success',
  finishedAt: '2025-06-10T10:00:00Z',
};

describe('client-portal-host ingest-token and github-webhook', () => {
  let dataDir: string;
  const run = async (argv: string[], stdin: string | null = null) => {
    const t = testIo({ DATA_DIR: dataDir }, stdin);
    const code = await main(argv, t.io);
    return { code, out: t.out(), err: t.err() };
  };
  /** The host on the same store, for the length of `fn`. */
  const withHost = async (fn: (url: string) => Promise<void>) => {
    const running: RunningHost = await startHost({
      config: loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }),
      io: testIo({ DATA_DIR: dataDir }).io,
      demo: false,
    });
    try {
      await fn(running.url);
    } finally {
      await running.stop();
    }
  };
  const ingest = (url: string, token: string) =>
    fetch(`${url}/api/ingest/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ events: [DEPLOYMENT] }),
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cli-ingest-'));
    expect((await run(['seed'])).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ingest-token create prints the token once; the host takes it; list never shows it; revoke stops it', async () => {
    const created = await run([
      'ingest-token',
      'create',
      '--company',
      'acme',
      '--project',
      'PORTAL',
      '--name',
      'GitHub Actions',
    ]);
    expect(created.code).toBe(0);
    const lines = created.out.trim().split('\n');
    const token = lines.at(-1)!;
    expect(token).toMatch(INGEST_TOKEN_PATTERN);
    const id = INGEST_TOKEN_PATTERN.exec(token)![1]!;
    expect(lines[0]).toBe(`Created ingest token ${id} "GitHub Actions" for PORTAL of Acme Corporation.`);

    await withHost(async (url) => {
      const res = await ingest(url, token);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ received: 1 });
    });

    const listed = await run(['ingest-token', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(id);
    expect(listed.out).toContain('PORTAL');
    expect(listed.out).toContain('GitHub Actions');
    expect(listed.out).not.toContain(token.slice(-64));
    // Used once: last used is set, revoked is not.
    expect(listed.out.split('\n').find((l) => l.startsWith(id))).toMatch(/Z +- +GitHub Actions$/);

    expect(await run(['ingest-token', 'revoke', id])).toEqual({
      code: 0,
      out: `Revoked ingest token ${id}.\n`,
      err: '',
    });
    await withHost(async (url) => {
      expect((await ingest(url, token)).status).toBe(401);
    });
    expect((await run(['ingest-token', 'revoke', id])).err).toContain(
      `There is no active ingest token "${id}"`,
    );
    expect((await run(['ingest-token', 'list', '--company', 'globex'])).out).toBe('No ingest tokens.\n');
  });

  it('ingest-token refuses bad input with a clear message', async () => {
    const cases: [string[], number, string][] = [
      [['ingest-token', 'create', '--project', 'PORTAL', '--name', 'x'], 2, '--company is required.'],
      [
        ['ingest-token', 'create', '--company', 'initech', '--project', 'PORTAL', '--name', 'x'],
        1,
        'There is no company "initech". Known companies: acme (Acme Corporation), globex (Globex Industries).',
      ],
      [
        ['ingest-token', 'create', '--company', 'acme', '--project', 'SHOP', '--name', 'x'],
        1,
        'Company "acme" has no project "SHOP". Its projects:',
      ],
      [
        ['ingest-token', 'create', '--company', 'acme', '--project', 'PORTAL', '--name', ' '],
        2,
        '--name is required.',
      ],
      [['ingest-token', 'revoke'], 2, 'Usage: client-portal-host ingest-token revoke <token id>'],
      [['ingest-token', 'rotate'], 2, 'Unknown command "ingest-token rotate".'],
    ];
    for (const [argv, code, message] of cases) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code });
      expect(result.err, argv.join(' ')).toContain(message);
    }
  });

  it('github-webhook add generates a secret the host verifies with; remove refuses later deliveries', async () => {
    const added = await run([
      'github-webhook',
      'add',
      '--company',
      'acme',
      '--target-type',
      'repository',
      '--target-id',
      '42',
    ]);
    expect(added.code).toBe(0);
    const secret = added.out.trim().split('\n').at(-1)!;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(added.out).toContain('Registered the GitHub webhook of repository 42 for Acme Corporation.');

    const ping = (url: string) => {
      const body = JSON.stringify({ zen: 'Practicality beats purity.' });
      return fetch(`${url}/api/webhooks/github`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'ping',
          'x-github-delivery': 'cli-ping',
          'x-github-hook-installation-target-type': 'repository',
          'x-github-hook-installation-target-id': '42',
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        },
        body,
      });
    };
    await withHost(async (url) => {
      expect((await ping(url)).status).toBe(200);
    });
    const again = await run([
      'github-webhook',
      'add',
      '--company',
      'acme',
      '--target-type',
      'repository',
      '--target-id',
      '42',
    ]);
    expect(again.err).toContain('A webhook for repository 42 is registered already');
    expect(
      await run(['github-webhook', 'remove', '--target-type', 'repository', '--target-id', '42']),
    ).toEqual({
      code: 0,
      out: 'Removed the GitHub webhook of repository 42.\n',
      err: '',
    });
    await withHost(async (url) => {
      expect((await ping(url)).status).toBe(401);
    });
    expect(
      (await run(['github-webhook', 'remove', '--target-type', 'repository', '--target-id', '42'])).err,
    ).toContain('No webhook is registered for repository 42.');
  });

  it('github-webhook add takes the secret from stdin, and refuses bad targets and short secrets', async () => {
    const piped = await run(
      [
        'github-webhook',
        'add',
        '--company',
        'globex',
        '--target-type',
        'organization',
        '--target-id',
        '7',
        '--secret-stdin',
      ],
      'a secret the team chose\n',
    );
    expect(piped).toEqual({
      code: 0,
      out: 'Registered the GitHub webhook of organization 7 for Globex Industries.\n',
      err: '',
    });
    const store = await openPgliteStore(join(dataDir, 'pgdata'));
    try {
      const row = await store.db
        .selectFrom('github_webhooks')
        .selectAll()
        .where('target_id', '=', '7')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        target_type: 'organization',
        company_id: 'globex',
        secret: 'a secret the team chose',
      });
    } finally {
      await store.close();
    }
    const cases: [string[], string | null, string][] = [
      [
        ['github-webhook', 'add', '--company', 'acme', '--target-type', 'team', '--target-id', '1'],
        null,
        '--target-type must be one of repository, organization, integration.',
      ],
      [
        ['github-webhook', 'add', '--company', 'acme', '--target-type', 'repository', '--target-id', 'abc'],
        null,
        '--target-id must be the numeric id',
      ],
      [
        [
          'github-webhook',
          'add',
          '--company',
          'acme',
          '--target-type',
          'repository',
          '--target-id',
          '1',
          '--secret-stdin',
        ],
        'short\n',
        'The secret must be 16 to 256 characters.',
      ],
      [
        [
          'github-webhook',
          'add',
          '--company',
          'acme',
          '--target-type',
          'repository',
          '--target-id',
          '1',
          '--secret-stdin',
        ],
        null,
        '--secret-stdin: no secret on stdin.',
      ],
    ];
    for (const [argv, stdin, message] of cases) {
      const result = await run(argv, stdin);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toContain(message);
    }
  });
});
