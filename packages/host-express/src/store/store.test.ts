import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, testStores } from '../test-support/stores.js';
import {
  MIGRATIONS,
  migrateDownToNothing,
  migrateToLatest,
  isStoreUnavailable,
  StoreUnavailableError,
} from './index.js';

const TABLES = [
  'account_managers',
  'ai_tool_scopes',
  'ai_usage_breakdowns',
  'ai_usage_daily',
  'ai_usage_raw',
  'audit_log',
  'code_changes',
  'companies',
  'company_request_settings',
  'contacts',
  'deals',
  'delivery_days',
  'delivery_projects',
  'delivery_sources',
  'deployments',
  'documents',
  'github_organisations',
  'github_repositories',
  'github_webhooks',
  'incidents',
  'ingest_tokens',
  'kb_articles',
  'mail_outbox',
  'projects',
  'rate_limits',
  'read_day_versions',
  'read_versions',
  'repository_commits',
  'request_attachments',
  'request_check_in_templates',
  'request_check_ins',
  'request_comments',
  'request_cursors',
  'request_events',
  'request_notifications',
  'request_participants',
  'request_reminders',
  'request_webhook_deliveries',
  'requests',
  'sessions',
  'sync_state',
  'talent',
  'talent_assignments',
  'talent_specializations',
  'team_members',
  'teams',
  'users',
  'webhook_deliveries',
];

async function tables(store: TestStore): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(store.db);
  return rows.map((r) => r.name);
}

describe.each(testStores)('store on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('is migrated: every table exists and migrating again changes nothing', async () => {
    expect(await tables(store)).toEqual(TABLES);
    expect(await migrateToLatest(store.db)).toEqual({ applied: [], current: Object.keys(MIGRATIONS) });
    await store.ping();
  });

  it('migrates down to nothing and up again from empty', async () => {
    expect(await migrateDownToNothing(store.db)).toEqual(Object.keys(MIGRATIONS).reverse());
    expect(await tables(store)).toEqual([]);
    expect(await migrateToLatest(store.db)).toEqual({
      applied: Object.keys(MIGRATIONS),
      current: Object.keys(MIGRATIONS),
    });
    expect(await tables(store)).toEqual(TABLES);
  });

  it('returns the same JavaScript values on both engines: Date, day strings, numbers, JSON, arrays', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select timestamptz '2025-01-02 03:04:05+00' as at, date '2025-01-02' as day, 42::bigint as big,
             1.5::numeric as num, 2.5::double precision as dbl, count(*) as n,
             '{"a":[1,2]}'::jsonb as doc, array['x','y']::text[] as tags`.execute(store.db);
    expect(rows[0]).toEqual({
      at: new Date('2025-01-02T03:04:05Z'),
      day: '2025-01-02',
      big: 42,
      num: 1.5,
      dbl: 2.5,
      n: 1,
      doc: { a: [1, 2] },
      tags: ['x', 'y'],
    });
  });

  it('writes jsonb from a JSON string and text[] from an array', async () => {
    await store.db.insertInto('companies').values({ id: 'c1', name: 'C' }).execute();
    await store.db
      .insertInto('contacts')
      .values({ id: 'p1', company_id: 'c1', properties: JSON.stringify({ tags: ['a', 'b'], n: 1 }) })
      .execute();
    await store.db
      .insertInto('kb_articles')
      .values({
        id: 'k1',
        slug: 's',
        title: 't',
        summary: 's',
        body_markdown: 'b',
        category: 'c',
        tags: ['x', 'y'],
      })
      .execute();
    const contact = await store.db.selectFrom('contacts').select('properties').executeTakeFirstOrThrow();
    const article = await store.db.selectFrom('kb_articles').select('tags').executeTakeFirstOrThrow();
    expect(contact.properties).toEqual({ tags: ['a', 'b'], n: 1 });
    expect(article.tags).toEqual(['x', 'y']);
  });

  it('enforces the auth tables’ rules: lower-case unique emails, roles, cascading sessions', async () => {
    const user = { id: 'u1', email: 'a@b.example', display_name: 'A', role: 'customer' as const };
    await store.db.insertInto('users').values(user).execute();
    await expect(
      store.db
        .insertInto('users')
        .values({ ...user, id: 'u2' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      store.db
        .insertInto('users')
        .values({ ...user, id: 'u3', email: 'Upper@b.example' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      store.db
        .insertInto('users')
        .values({ ...user, id: 'u4', email: 'x@b.example', role: 'admin' as 'staff' })
        .execute(),
    ).rejects.toThrow();
    await store.db
      .insertInto('sessions')
      .values({ id: 'f'.repeat(64), user_id: 'u1', expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const audit = await store.db
      .insertInto('audit_log')
      .values({ actor_user_id: 'u1', action: 'auth.sign_in', detail: JSON.stringify({ via: 'test' }) })
      .returning(['id', 'detail'])
      .executeTakeFirstOrThrow();
    expect(typeof audit.id).toBe('number');
    await store.db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const kept = await store.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'detail'])
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ actor_user_id: null, detail: { via: 'test' } });
  });

  it('keeps Jira keys unique per company, but allows several empty or missing keys', async () => {
    await store.db.insertInto('companies').values({ id: 'c2', name: 'D' }).execute();
    const project = (id: string, company: string, key: string | null) =>
      store.db.insertInto('projects').values({ id, company_id: company, name: id, jira_key: key }).execute();
    await project('p-a', 'c1', 'KEY');
    await project('p-b', 'c2', 'KEY');
    await project('p-c', 'c1', '');
    await project('p-d', 'c1', '');
    await project('p-e', 'c1', null);
    await expect(project('p-f', 'c1', 'KEY')).rejects.toThrow();
  });
});

describe('isStoreUnavailable', () => {
  it('tells connection failures (503) from other errors (500)', () => {
    expect(
      isStoreUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isStoreUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isStoreUnavailable(new Error('wrapped', { cause: new StoreUnavailableError('down') }))).toBe(true);
    expect(isStoreUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isStoreUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isStoreUnavailable('ECONNREFUSED')).toBe(false);
  });
});
