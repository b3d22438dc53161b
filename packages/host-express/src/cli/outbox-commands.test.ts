import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../requests/outbox.js';
import { testIo } from '../test-support/cli-io.js';
import { postgresStore, type TestStore } from '../test-support/stores.js';
import { main } from './main.js';

const mail = (n: number) => ({
  companyId: 'acme',
  to: { name: 'Alice Member', address: 'alice@acme.example' },
  subject: `[ACME-${n}] New comment: Question ${n}`,
  requestKey: `ACME-${n}`,
  text: `Hello Alice,\n\nSam wrote:\n\nAnswer number ${n}.`,
  html: '<p>…</p>',
});

// The outbox is in the store, so the CLI reads what any instance's schedule kept: shown here on the
// PostgreSQL server several instances share (a process of its own, as the host's would be).
describe.skipIf(!postgresStore)('client-portal-host outbox', () => {
  let store: TestStore;
  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const t = testIo({ DATABASE_URL: store.url!, ...env });
    const code = await main(argv, t.io);
    return { code, out: t.out(), err: t.err() };
  };

  beforeAll(async () => {
    store = await postgresStore!.open();
    await store.db.insertInto('companies').values({ id: 'acme', name: 'Acme Corporation' }).execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('says so when the outbox is empty', async () => {
    const { code, out } = await run(['outbox']);
    expect(code).toBe(0);
    expect(out).toContain('The outbox is empty.');
  });

  it('prints the messages newest first, as many as --limit says', async () => {
    const transport = createMailTransport(
      { smtpUrl: null, from: 'Client Portal <portal@localhost>' },
      store.db,
    );
    for (const n of [1, 2, 3]) await transport.send(mail(n), new Date(Date.UTC(2027, 0, n, 9)));
    const all = await run(['outbox']);
    expect(all.code).toBe(0);
    expect(all.out).toContain('newest first (3 shown)');
    const subjects = [...all.out.matchAll(/Subject: (.+)/g)].map((m) => m[1]);
    expect(subjects).toEqual([
      '[ACME-3] New comment: Question 3',
      '[ACME-2] New comment: Question 2',
      '[ACME-1] New comment: Question 1',
    ]);
    expect(all.out).toContain('From:    Client Portal <portal@localhost>');
    expect(all.out).toContain('To:      Alice Member <alice@acme.example>');
    expect(all.out).toContain('  Answer number 3.');
    expect(all.out).toContain('── 2027-01-03T09:00:00.000Z  ACME-3');

    const one = await run(['outbox', '--limit', '1']);
    expect([...one.out.matchAll(/Subject: (.+)/g)].map((m) => m[1])).toEqual([
      '[ACME-3] New comment: Question 3',
    ]);
  });

  it('refuses a bad --limit, --limit with --clear, and SMTP_URL (no outbox)', async () => {
    for (const limit of ['0', 'ten', '-3', '1.5']) {
      const bad = await run(['outbox', `--limit=${limit}`]);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('--limit must be a whole number from 1 to 10000');
    }
    expect((await run(['outbox', '--clear', '--limit', '2'])).err).toContain(
      '--limit does not go with --clear.',
    );
    const smtp = await run(['outbox'], { SMTP_URL: 'smtp://mail.example:25' });
    expect(smtp.code).toBe(2);
    expect(smtp.err).toContain('SMTP_URL is set');
  });

  it('empties the outbox with --clear', async () => {
    const cleared = await run(['outbox', '--clear']);
    expect(cleared.code).toBe(0);
    expect(cleared.out).toContain('Removed 3 messages');
    expect(await store.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    expect((await run(['outbox'])).out).toContain('is empty');
  });
});

describe('client-portal-host check-ins', () => {
  let dataDir: string;
  const run = async (argv: string[]) => {
    const t = testIo({ DATA_DIR: dataDir });
    const code = await main(argv, t.io);
    return { code, out: t.out(), err: t.err() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cli-check-ins-'));
    expect((await run(['seed'])).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds a recurring check-in for a company and lists it', async () => {
    expect((await run(['check-ins', 'list'])).out).toContain('No recurring check-ins.');
    const added = await run([
      'check-ins',
      'add',
      '--company',
      'acme',
      '--title',
      'Quarterly review',
      '--every',
      '3',
      '--from',
      '2027-01-01',
    ]);
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /^Added cit_\S+: “Quarterly review” for acme every 3 months, first on 2027-01-01/,
    );
    const listed = await run(['check-ins', 'list', '--company', 'acme']);
    expect(listed.out).toMatch(
      /cit_\S+ {2}acme {2}“Quarterly review” \(review\) {2}every 3 mo {2}next 2027-01-01/,
    );
    expect((await run(['check-ins', 'list', '--company', 'globex'])).out).toContain(
      'No recurring check-ins.',
    );
  });

  it('refuses a bad interval, date or company, and missing options', async () => {
    const base = ['check-ins', 'add', '--company', 'acme', '--title', 'Review', '--from', '2027-01-01'];
    expect((await run([...base, '--every', '2'])).err).toContain('--every must be 1, 3, 6, 12');
    const badDate = await run([
      'check-ins',
      'add',
      '--company',
      'acme',
      '--title',
      'R',
      '--every',
      '1',
      '--from',
      '2027-13-01',
    ]);
    expect(badDate.code).toBe(2);
    expect(badDate.err).toContain('The first date must be a day such as 2027-01-01.');
    const nobody = await run([
      'check-ins',
      'add',
      '--company',
      'nope',
      '--title',
      'R',
      '--every',
      '1',
      '--from',
      '2027-01-01',
    ]);
    expect(nobody.err).toContain('No company has the id “nope”.');
    expect((await run(['check-ins', 'add', '--company', 'acme'])).err).toContain('--title is required.');
  });
});
