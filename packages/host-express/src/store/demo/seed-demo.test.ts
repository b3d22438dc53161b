import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_TYPES, visibleAnalyticsProjects } from '@client-portal/api-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_NOW } from '../../test-support/host.js';
import { type TestStore, testStores } from '../../test-support/stores.js';
import { verifyPassword } from '../passwords.js';
import type { Database, TableName } from '../schema.js';
import {
  DEMO_FIXTURES,
  DEMO_PASSWORD,
  DEMO_SIGN_INS,
  demoDataSet,
  hasDemoAccounts,
  isStoreEmpty,
  seedDemo,
  vacuumLeftovers,
} from './index.js';

const TABLES: TableName[] = [
  'account_managers',
  'companies',
  'contacts',
  'users',
  'deals',
  'projects',
  'talent',
  'talent_specializations',
  'talent_assignments',
  'teams',
  'team_members',
  'github_organisations',
  'github_repositories',
  'deployments',
  'code_changes',
  'incidents',
  'ai_tool_scopes',
  'ai_usage_daily',
  'documents',
  'kb_articles',
];
/** A digest of every demo table's rows, order-independent (password hashes have random salts). */
async function digest(store: TestStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await store.db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify({ ...row, password_hash: undefined })).sort();
    out[table] = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  }
  return out;
}

const digests = new Map<string, Record<string, string>>();

describe.each(testStores)('demo data on $name', (kind) => {
  let store: TestStore;
  let filesDir: string;
  beforeAll(async () => {
    store = await kind.open();
    filesDir = await mkdtemp(join(tmpdir(), 'demo-files-'));
  });
  afterAll(async () => {
    await store?.close();
    await rm(filesDir, { recursive: true, force: true });
  });
  const count = async (table: TableName) =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const db = () => store.db as import('kysely').Kysely<Database>;

  it('clears what a seed cut short left in its tables before seeding again', async () => {
    // A transaction that wrote and then ended without a commit, as a killed seed's does.
    await store.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into account_managers (id, name, email)
          select 'am-' || i, 'Name', 'am@example.com' from generate_series(1, 2000) i`.execute(trx);
        throw new Error('cut short');
      })
      .catch(() => {});
    const size = async () =>
      Number(
        (await sql<{ n: string }>`select pg_relation_size('account_managers')::text as n`.execute(store.db))
          .rows[0]?.n,
      );
    expect(await size()).toBeGreaterThan(0);
    await vacuumLeftovers(db(), ['account_managers']);
    expect(await size()).toBe(0);
  });

  it('seeds an empty store in one go and reports what it inserted', async () => {
    expect(await isStoreEmpty(store.db)).toBe(true);
    const report = await seedDemo(store.db, { now: TEST_NOW, filesDir });
    expect(report.seeded).toBe(true);
    for (const table of TABLES) expect(report.counts[table], table).toBe(await count(table));
    expect(report.counts).toMatchObject({ companies: 2, users: 4, talent: 30, documents: 6 });
    expect(await hasDemoAccounts(store.db)).toBe(true);
    digests.set(kind.name, await digest(store));
  });

  it('signs in with the demo password: one customer per company and a staff member', async () => {
    const users = await db().selectFrom('users').selectAll().orderBy('email').execute();
    expect(users.map((u) => [u.email, u.role, u.company_id])).toEqual([
      ['demo@acme.example', 'customer', 'acme'],
      ['demo@globex.example', 'customer', 'globex'],
      ['member@acme.example', 'customer', 'acme'],
      ['staff@provider.example', 'staff', null],
    ]);
    expect(DEMO_SIGN_INS.map((a) => a.email).sort()).toEqual(users.map((u) => u.email));
    expect(await verifyPassword(DEMO_PASSWORD, users[0]?.password_hash ?? '')).toBe(true);
  });

  it("passes Acme's contact through the Home gate (249503789) and not Globex's", async () => {
    const stages = await db()
      .selectFrom('users')
      .innerJoin('contacts', 'contacts.id', 'users.contact_id')
      .select(['users.email', 'contacts.lifecycle_stage', 'contacts.company_id'])
      .orderBy('users.email')
      .execute();
    expect(stages).toEqual([
      { email: 'demo@acme.example', lifecycle_stage: '249503789', company_id: 'acme' },
      { email: 'demo@globex.example', lifecycle_stage: 'customer', company_id: 'globex' },
      { email: 'member@acme.example', lifecycle_stage: '249503789', company_id: 'acme' },
    ]);
  });

  it('has deals of every service type in several stages, and one account manager with a booking link per company', async () => {
    const deals = await db().selectFrom('deals').select(['company_id', 'service_type', 'stage']).execute();
    expect(new Set(deals.map((d) => d.service_type))).toEqual(new Set(SERVICE_TYPES));
    expect(new Set(deals.filter((d) => d.company_id === 'acme').map((d) => d.service_type))).toEqual(
      new Set(SERVICE_TYPES),
    );
    expect(new Set(deals.map((d) => d.stage)).size).toBeGreaterThanOrEqual(4);
    const managers = await db()
      .selectFrom('companies')
      .innerJoin('account_managers', 'account_managers.id', 'companies.account_manager_id')
      .select(['companies.id', 'account_managers.booking_url'])
      .orderBy('companies.id')
      .execute();
    expect(managers.map((m) => m.id)).toEqual(['acme', 'globex']);
    for (const m of managers) expect(m.booking_url).toMatch(/^https:\/\//);
  });

  it('has projects with and without Jira keys and analytics; PORTAL and ROUTE are visible to Acme', async () => {
    const projects = await db().selectFrom('projects').selectAll().where('company_id', '=', 'acme').execute();
    const crm = projects.filter((p) => p.in_crm).map((p) => ({ jiraKey: p.jira_key }));
    const analytics = projects
      .filter((p) => p.analytics_enabled)
      .map((p) => ({ jiraProjectKey: p.jira_key }));
    expect(visibleAnalyticsProjects(analytics, crm).map((p) => p.jiraProjectKey)).toEqual([
      'PORTAL',
      'ROUTE',
    ]);
    expect(projects.some((p) => p.jira_key === null)).toBe(true);
    expect(projects.some((p) => p.jira_key === '')).toBe(true);
    expect(projects.some((p) => p.in_crm && p.jira_key && !p.analytics_enabled)).toBe(true);
  });

  it('has the records the contract kit needs, and Globex’s for the isolation tests', async () => {
    const project = await db()
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', DEMO_FIXTURES.projectId)
      .executeTakeFirstOrThrow();
    expect([project.company_id, project.jira_key]).toEqual(['acme', DEMO_FIXTURES.projectKey]);
    const doc = await db()
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', DEMO_FIXTURES.fileId)
      .executeTakeFirstOrThrow();
    expect(doc.company_id).toBe('acme');
    const article = await db()
      .selectFrom('kb_articles')
      .selectAll()
      .where('slug', '=', DEMO_FIXTURES.articleSlug)
      .executeTakeFirstOrThrow();
    expect(article.company_id).toBeNull();
    expect(article.body_markdown.toLowerCase()).toContain('portal');
    const search = await db()
      .selectFrom('kb_articles')
      .select('slug')
      .where('body_markdown', 'ilike', `%${DEMO_FIXTURES.searchQuery}%`)
      .execute();
    expect(search.length).toBeGreaterThan(0);
    const foreign = DEMO_FIXTURES.foreign;
    expect(
      (
        await db()
          .selectFrom('contacts')
          .select('company_id')
          .where('id', '=', foreign.contactId)
          .executeTakeFirstOrThrow()
      ).company_id,
    ).toBe('globex');
    expect(
      (
        await db()
          .selectFrom('projects')
          .select('company_id')
          .where('id', '=', foreign.projectId)
          .executeTakeFirstOrThrow()
      ).company_id,
    ).toBe('globex');
    expect(
      (
        await db()
          .selectFrom('documents')
          .select('company_id')
          .where('id', '=', foreign.fileId)
          .executeTakeFirstOrThrow()
      ).company_id,
    ).toBe('globex');
  });

  it('has ~30 talent with specializations, assignments in every status, and teams', async () => {
    const statuses = await db().selectFrom('talent_assignments').select(['status', 'company_id']).execute();
    for (const company of ['acme', 'globex']) {
      expect(new Set(statuses.filter((s) => s.company_id === company).map((s) => s.status))).toEqual(
        new Set(['Active', 'Past', 'Available']),
      );
    }
    const without = await sql<{ n: number }>`
      select count(*) as n from talent t
      where not exists (select 1 from talent_specializations s where s.talent_id = t.id)`.execute(store.db);
    expect(without.rows[0]?.n).toBe(0);
    expect(await count('teams')).toBeGreaterThanOrEqual(3);
  });

  it('has twelve months of consistent delivery events, all in the past', async () => {
    const span = await sql<{ first: Date; last: Date; deployments: number }>`
      select min(finished_at) as first, max(finished_at) as last, count(*) as deployments
      from deployments where environment = 'production'`.execute(store.db);
    const { first, last, deployments } = span.rows[0]!;
    expect((TEST_NOW.getTime() - first.getTime()) / 86_400_000).toBeGreaterThan(360);
    expect(last.getTime()).toBeLessThan(TEST_NOW.getTime());
    expect(deployments).toBeGreaterThan(500);
    const broken = await sql<{ n: number }>`
      select count(*) as n from code_changes
      where first_commit_at > opened_at or opened_at > merged_at or merged_at > deployed_at
         or (deployment_id is null) <> (deployed_at is null)`.execute(store.db);
    expect(broken.rows[0]?.n).toBe(0);
    const incidents = await sql<{ caused: number; unattributed: number }>`
      select count(caused_by_deployment_id) as caused, count(*) filter (where attribution is null) as unattributed
      from incidents`.execute(store.db);
    expect(incidents.rows[0]?.caused).toBeGreaterThan(20);
    expect(incidents.rows[0]?.unattributed).toBeGreaterThan(0);
    // The seed sent events, as a provider's tools would: the store linked and attributed them.
    const derived = await sql<{
      linked: number;
      waiting: number;
      explicit: number;
      window: number;
      excluded: number;
      reverts: number;
      stamped: number;
    }>`
      select
        (select count(*) from code_changes where deployment_id is not null) as linked,
        (select count(*) from code_changes where deployment_id is null) as waiting,
        (select count(*) from incidents where attribution = 'explicit') as explicit,
        (select count(*) from incidents where attribution = 'window') as window,
        (select count(*) from incidents where not_change_failure) as excluded,
        (select count(*) from code_changes where reverts_change_id is not null) as reverts,
        (select count(*) from deployments where created_at <> ${TEST_NOW})
          + (select count(*) from code_changes where created_at <> ${TEST_NOW})
          + (select count(*) from incidents where created_at <> ${TEST_NOW}) as stamped`.execute(store.db);
    const d = derived.rows[0]!;
    expect(d.linked).toBeGreaterThan(1500);
    expect(d.waiting).toBeGreaterThan(0);
    expect(d.waiting).toBeLessThan(20);
    expect(d.explicit).toBeGreaterThan(d.window);
    expect(d.window).toBeGreaterThan(5);
    expect(d.excluded).toBeGreaterThan(0);
    expect(d.reverts).toBeGreaterThan(0);
    // Every delivery row says when it was created: the seed's "now", never the database clock.
    expect(d.stamped).toBe(0);
    const badIncidents = await sql<{ n: number }>`
      select count(*) as n from incidents where resolved_at < opened_at or opened_at > ${TEST_NOW}`.execute(
      store.db,
    );
    expect(badIncidents.rows[0]?.n).toBe(0);
  });

  it('has 90+ days of AI usage for Windsurf, Copilot and Cursor, with nulls where a tool reports nothing', async () => {
    const tools = await sql<{ tool: string; days: number; suggestions: number | null; last: string }>`
      select tool, count(distinct day) as days, sum(suggestions) as suggestions, max(day) as last
      from ai_usage_daily where user_key = '*' group by tool order by tool`.execute(store.db);
    expect(tools.rows.map((r) => r.tool)).toEqual(['copilot', 'cursor', 'windsurf']);
    for (const row of tools.rows) {
      expect(row.days).toBeGreaterThanOrEqual(90);
      expect(row.last).toBe('2025-06-15');
    }
    expect(tools.rows.find((r) => r.tool === 'windsurf')?.suggestions).toBeNull();
    // Only Copilot reports the CLI: its rows say how much, the others' stay null (not reported).
    const cli = await sql<{ tool: string; cli: number | null }>`
      select tool, sum(cli_requests) as cli from ai_usage_daily where user_key = '*'
      group by tool order by tool`.execute(store.db);
    expect(cli.rows.map((r) => [r.tool, r.cli === null ? null : Number(r.cli) > 0])).toEqual([
      ['copilot', true],
      ['cursor', null],
      ['windsurf', null],
    ]);
    const breakdown = await db()
      .selectFrom('ai_usage_daily')
      .select('breakdown')
      .where('user_key', '=', '*')
      .executeTakeFirstOrThrow();
    expect(Object.keys(breakdown.breakdown).sort()).toEqual(['ide', 'language', 'model']);
  });

  it('writes each document as a real PDF of the recorded size', async () => {
    const docs = await db().selectFrom('documents').selectAll().execute();
    for (const doc of docs) {
      const bytes = await readFile(join(filesDir, doc.storage_key));
      expect(bytes.length).toBe(doc.size_bytes);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(doc.content_type).toBe('application/pdf');
    }
  });

  it('does nothing the second time, and never touches a store that holds data', async () => {
    const putFile = vi.fn(async () => {});
    expect(await seedDemo(store.db, { now: TEST_NOW, putFile })).toEqual({ seeded: false, counts: {} });
    expect(putFile).not.toHaveBeenCalled();
    expect(await digest(store)).toEqual(digests.get(kind.name));

    const other = await kind.open();
    try {
      await other.db.insertInto('companies').values({ id: 'mine', name: 'Mine' }).execute();
      expect(await seedDemo(other.db, { now: TEST_NOW, putFile })).toEqual({ seeded: false, counts: {} });
      expect(await other.db.selectFrom('companies').select('id').execute()).toEqual([{ id: 'mine' }]);
      expect(await other.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('the demo data set', () => {
  const input = { now: TEST_NOW, homeLifecycleStage: '249503789', passwordHash: 'scrypt$1$1$1$x$y' };

  it('is deterministic: the same "now" gives the same rows and files; another "now" moves them', () => {
    const a = demoDataSet(input);
    expect(demoDataSet(input)).toEqual(a);
    const later = demoDataSet({ ...input, now: new Date(TEST_NOW.getTime() + 86_400_000) });
    expect(later.delivery[0]?.deployments[0]?.finishedAt).not.toEqual(
      a.delivery[0]?.deployments[0]?.finishedAt,
    );
    const people = (set: typeof a) =>
      set.tables.flatMap((t) =>
        t.table === 'talent' ? t.rows.map((r) => [r.name, r.years_of_experience]) : [],
      );
    expect(people(later)).toEqual(people(a));
  });

  it('never relies on the database clock: every timestamped row says when it was created', () => {
    const { tables, after } = demoDataSet(input);
    for (const { table, rows } of [...tables, ...after]) {
      for (const row of rows as Record<string, unknown>[]) {
        if (['created_at', 'updated_at', 'added_at', 'at'].some((column) => column in row)) continue;
        expect(['talent_specializations', 'team_members', 'ai_tool_scopes', 'ai_usage_daily']).toContain(
          table,
        );
      }
    }
  });
});

describe.runIf(testStores.length > 1)('demo data on both engines', () => {
  it('is the same on PGlite and PostgreSQL', () => {
    expect(digests.get('PGlite')).toEqual(digests.get('PostgreSQL'));
  });
});
