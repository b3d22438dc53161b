import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteStore } from '../store/index.js';
import { testIo } from '../test-support/cli-io.js';
import { main } from './main.js';

// `client-portal-host user admin`: granting and revoking a customer's company admin role.

describe('client-portal-host user admin', () => {
  let dataDir: string;
  const run = async (argv: string[]) => {
    const t = testIo({ DATA_DIR: dataDir });
    const code = await main(argv, t.io);
    return { code, out: t.out(), err: t.err() };
  };
  const adminFlag = async (email: string) => {
    const store = await openPgliteStore(join(dataDir, 'pgdata'));
    try {
      const row = await store.db
        .selectFrom('users')
        .select('company_admin')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.company_admin;
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cli-admin-'));
    expect((await run(['seed'])).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('grants the role to a customer, and revokes it', async () => {
    expect(await adminFlag('member@acme.example')).toBe(false);
    expect(await run(['user', 'admin', '--email', 'Member@Acme.example'])).toEqual({
      code: 0,
      out: 'member@acme.example is the company admin of Acme Corporation.\n',
      err: '',
    });
    expect(await adminFlag('member@acme.example')).toBe(true);
    expect((await run(['user', 'admin', '--email', 'member@acme.example'])).out).toBe(
      'member@acme.example is the company admin of Acme Corporation (no change).\n',
    );
    expect(await run(['user', 'admin', '--email', 'member@acme.example', '--revoke'])).toEqual({
      code: 0,
      out: 'member@acme.example is no longer a company admin of Acme Corporation.\n',
      err: '',
    });
    expect(await adminFlag('member@acme.example')).toBe(false);
    // The seed's admin stays one.
    expect(await adminFlag('demo@acme.example')).toBe(true);
  });

  it('refuses staff, unknown users and a missing or malformed email', async () => {
    const staff = await run(['user', 'admin', '--email', 'staff@provider.example']);
    expect(staff.code).toBe(1);
    expect(staff.err).toContain('only a customer can be a company admin');
    const unknown = await run(['user', 'admin', '--email', 'nobody@acme.example']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('There is no user with the email nobody@acme.example.');
    expect((await run(['user', 'admin'])).code).toBe(2);
    expect((await run(['user', 'admin', '--email', 'not-an-email'])).code).toBe(2);
  });
});
