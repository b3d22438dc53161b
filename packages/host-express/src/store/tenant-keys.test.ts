import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, testStores } from '../test-support/stores.js';

// How the store grows past one database: by company. Every table is classified here, and the
// catalogue of a migrated store must agree: a tenant table's primary key, its indexes and its
// references to other tenant tables lead with company_id (migration 0017), so each could be
// distributed on company_id (Citus, colocated) and every company-scoped query stays on one shard.
// A new table fails this test until it is classified below; an index that does not lead with the
// company fails until it does, or until it is listed in CROSS_COMPANY_INDEXES with the reason.

type Classification =
  /** Its rows belong to one company: it has company_id, and its keys lead with it. */
  | { kind: 'tenant'; noPrimaryKey?: string }
  /** Every company's, or none's: a reference table (or one kept on the coordinator) on Citus. */
  | { kind: 'global'; reason: string }
  /** A tenant table without company_id: it reaches its company through `parent`. */
  | { kind: 'child'; parent: string };

const tenant: Classification = { kind: 'tenant' };
const global = (reason: string): Classification => ({ kind: 'global', reason });

const TABLES: Record<string, Classification> = {
  // The tenants themselves: one row per company, read by every instance for every company.
  companies: global('the tenants: one row each, referenced by every tenant table and by users'),
  account_managers: global('the provider’s people, shared by the companies they manage'),
  talent: global('talent records every company reads'),
  talent_specializations: global('a talent record’s specializations (by talent_id)'),
  users: global('staff have no company; users are found by e-mail and session before any company'),
  sessions: global('found by the cookie’s hash before the company is known'),
  rate_limits: global('keyed by IP address or e-mail, before any company'),
  audit_log: global('append-only log; sign-in events have no company'),
  kb_articles: global('public articles (no company) are every company’s; a company’s own are a few'),
  read_versions: global('cache versions by scope: a company, a company’s project, or * for shared data'),
  ingest_tokens: global('the token names only its id: read before the company is known'),
  github_webhooks: global('GitHub’s headers name the target, not the company: read to find it'),
  webhook_deliveries: global('GitHub delivery ids already stored, checked before the company is known'),
  sync_state: global('connector bookkeeping by source and scope; whole-source rows have no company'),
  request_cursors: global('one row per schedule step (mail, webhook)'),
  kysely_migration: global('the migrator’s bookkeeping'),
  kysely_migration_lock: global('the migrator’s lock'),

  contacts: tenant,
  deals: tenant,
  projects: tenant,
  talent_assignments: tenant,
  teams: tenant,
  team_members: tenant,
  github_organisations: tenant,
  github_repositories: tenant,
  repository_commits: tenant,
  deployments: tenant,
  code_changes: tenant,
  incidents: tenant,
  delivery_days: tenant,
  delivery_projects: tenant,
  delivery_sources: tenant,
  read_day_versions: tenant,
  ai_tool_scopes: tenant,
  ai_usage_daily: tenant,
  ai_usage_raw: tenant,
  ai_usage_breakdowns: {
    kind: 'tenant',
    noPrimaryKey: 'derived by a trigger from ai_usage_daily; a vendor may repeat an entry’s name',
  },
  documents: tenant,
  company_request_settings: tenant,
  requests: tenant,
  request_comments: tenant,
  request_events: tenant,
  request_attachments: tenant,
  request_check_ins: tenant,
  request_check_in_templates: tenant,
  request_reminders: tenant,
  request_webhook_deliveries: tenant,
  request_participants: tenant,
  request_notifications: tenant,
  mail_outbox: tenant,
};

/** Indexes of tenant tables that serve queries across companies on purpose. */
const CROSS_COMPANY_INDEXES: Record<string, string> = {
  contacts_id_key: 'users (global) name their contact by id alone: users_contact_id_fkey, the session lookup',
  requests_queue_idx: 'the staff queue: open requests of every company by due date',
  requests_queue_status_idx: 'the staff queue filtered by status, across companies, by due date',
  requests_assignee_idx: 'a staff member’s assigned requests, across companies',
  request_events_cursor_idx: 'the e-mail and webhook steps read every company’s events after their cursor',
  request_attachments_scan_idx: 'the virus scanner’s pending files, across companies',
  request_check_in_templates_due_idx: 'the schedule’s due recurring check-ins, across companies',
  request_webhook_deliveries_due_idx: 'the schedule’s due webhook deliveries, across companies',
  request_notifications_due_idx: 'the schedule sends every company’s due e-mail in one sweep',
  mail_outbox_created_idx: 'the outbox command and the retention sweep read every company’s mail by age',
};

interface Catalogue {
  tables: Map<string, { companyId: 'not null' | 'null' | null }>;
  primaryKeys: Map<string, string[]>;
  /** Every index but the primary keys: its table and its first key column (or expression). */
  indexes: { name: string; table: string; first: string }[];
  /** Foreign keys: the referencing and referenced tables and columns. */
  references: { name: string; table: string; columns: string[]; parent: string; parentColumns: string[] }[];
}

async function catalogue(store: TestStore): Promise<Catalogue> {
  const db = store.db;
  const { rows: tables } = await sql<{ name: string; not_null: boolean | null }>`
    select c.relname as name,
      (select a.attnotnull from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as not_null
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db);
  const columnsOf = (keys: string) => sql<string[]>`array(
      select a.attname::text from unnest(${sql.raw(keys)}) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord)`;
  const { rows: keys } = await sql<{ table: string; columns: string[] }>`
    select t.relname as table, ${columnsOf('x.conkey')} as columns
    from pg_constraint x join pg_class t on t.oid = x.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and x.contype = 'p'`.execute(db);
  const { rows: indexes } = await sql<{ name: string; table: string; first: string }>`
    select i.relname as name, t.relname as table, pg_get_indexdef(x.indexrelid, 1, true) as first
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and not x.indisprimary`.execute(db);
  const { rows: references } = await sql<Catalogue['references'][number]>`
    select x.conname as name, t.relname as table, ${columnsOf('x.conkey')} as columns,
      p.relname as parent, array(
        select a.attname::text from unnest(x.confkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = p.oid and a.attnum = k.attnum order by k.ord) as "parentColumns"
    from pg_constraint x join pg_class t on t.oid = x.conrelid join pg_class p on p.oid = x.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and x.contype = 'f'`.execute(db);
  return {
    tables: new Map(
      tables.map((t) => [
        t.name,
        { companyId: t.not_null === null ? null : t.not_null ? 'not null' : 'null' },
      ]),
    ),
    primaryKeys: new Map(keys.map((k) => [k.table, k.columns])),
    indexes,
    references,
  };
}

const isTenant = (table: string) => TABLES[table]?.kind === 'tenant';

describe.each(testStores)('tenant keys on $name', (kind) => {
  let store: TestStore;
  let found: Catalogue;
  beforeAll(async () => {
    store = await kind.open();
    found = await catalogue(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('classifies every table, and every table it classifies exists', () => {
    const unclassified = [...found.tables.keys()].filter((t) => !(t in TABLES)).sort();
    expect(unclassified, 'classify the new table in store/tenant-keys.test.ts').toEqual([]);
    const gone = Object.keys(TABLES)
      .filter((t) => !found.tables.has(t))
      .sort();
    expect(gone, 'tables classified but not in the store').toEqual([]);
  });

  it('gives every tenant table a company_id that is never null; a child table names its parent', () => {
    for (const [table, classification] of Object.entries(TABLES)) {
      if (classification.kind === 'tenant') {
        expect(found.tables.get(table)?.companyId, `${table}.company_id`).toBe('not null');
      } else if (classification.kind === 'child') {
        expect(found.tables.get(table)?.companyId, `${table} has no company_id`).toBeNull();
        expect(isTenant(classification.parent) || classification.parent === 'companies').toBe(true);
      }
    }
  });

  it('leads every tenant table’s primary key with company_id', () => {
    const wrong: string[] = [];
    for (const [table, classification] of Object.entries(TABLES)) {
      if (classification.kind !== 'tenant') continue;
      const key = found.primaryKeys.get(table);
      if (classification.noPrimaryKey) {
        if (key) wrong.push(`${table} has a primary key now (${key}): drop its noPrimaryKey entry`);
      } else if (key?.[0] !== 'company_id') {
        wrong.push(`${table}: primary key (${key?.join(', ') ?? 'none'})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leads every index of a tenant table with company_id, but for the cross-company ones listed', () => {
    const wrong = found.indexes
      .filter((index) => isTenant(index.table))
      .filter((index) => index.first !== 'company_id' && !(index.name in CROSS_COMPANY_INDEXES))
      .map((index) => `${index.table}.${index.name} leads with ${index.first}`)
      .sort();
    expect(wrong).toEqual([]);
    const listed = new Map(found.indexes.map((index) => [index.name, index]));
    const stale = Object.keys(CROSS_COMPANY_INDEXES).filter((name) => {
      const index = listed.get(name);
      return !index || !isTenant(index.table) || index.first === 'company_id';
    });
    expect(stale, 'listed cross-company indexes that are gone or lead with company_id now').toEqual([]);
  });

  it('makes every reference from a tenant table to another name the company on both sides', () => {
    const wrong = found.references
      .filter((r) => isTenant(r.table) && isTenant(r.parent))
      .filter((r) => r.columns[0] !== 'company_id' || r.parentColumns[0] !== 'company_id')
      .map((r) => `${r.name}: (${r.columns.join(', ')}) → ${r.parent} (${r.parentColumns.join(', ')})`)
      .sort();
    expect(wrong).toEqual([]);
  });
});
