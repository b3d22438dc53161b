import { type Kysely, sql } from 'kysely';

// Requests: a case tracker a customer files with its provider (src/requests/).
//
// - requests: one company's case, keyed `ACME-42` (the company's prefix and its own sequence,
//   allocated from company_request_settings in the creating transaction). `version` counts changes
//   to the row and is what a writer must name (If-Match) to change it.
// - request_participants, request_comments, request_events carry the request's company too and
//   reference (request, company) together, so a row can never sit under another company's request.
// - request_events is the history: append-only, enforced below by a trigger.
// - users.company_admin: the customer's own administrator (sees every request of the company,
//   approves changes of scope). The role column and the auth code are untouched.
//
// Every table here is read by customer-facing answers, so each one bumps its company's read
// version like the other tenant tables (migration 0006/0008's functions, same trigger names).

const STATES = `'submitted', 'triaged', 'in_progress', 'waiting_on_customer', 'awaiting_approval',
  'resolved', 'closed', 'cancelled'`;

const EVENT_KINDS = [
  'created',
  'status',
  'assigned',
  'due',
  'check_in',
  'comment',
  'participant_added',
  'participant_removed',
  'visibility',
  'priority',
  'approved',
  'reopened',
] as const;

const TABLES = [
  `create table company_request_settings (
    company_id text primary key references companies (id) on delete cascade,
    key_prefix text not null check (key_prefix ~ '^[A-Z][A-Z0-9]{1,9}$'),
    next_number integer not null default 1 check (next_number > 0),
    default_visibility text not null default 'participants'
      check (default_visibility in ('participants', 'company')),
    updated_at timestamptz not null default now()
  )`,
  `create table requests (
    id text primary key check (length(id) <= 64),
    company_id text not null references companies (id) on delete cascade,
    number integer not null check (number > 0),
    key text not null check (length(key) <= 24),
    type text not null check (type ~ '^[a-z][a-z0-9_]{0,39}$'),
    title text not null check (length(title) between 1 and 200),
    description text not null default '' check (length(description) <= 20000),
    fields jsonb not null default '{}' check (jsonb_typeof(fields) = 'object' and length(fields::text) <= 20000),
    subscription_id text references deals (id) on delete set null,
    project_id text references projects (id) on delete set null,
    linked_request_id text references requests (id) on delete set null,
    requester_id text not null references users (id),
    created_by text references users (id),
    assignee_id text references users (id) on delete set null,
    priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
    status text not null default 'submitted' check (status in (${STATES})),
    due_at timestamptz,
    due_source text check (due_source in ('contract', 'check_in', 'agreed')),
    next_check_in date,
    waiting_on text not null default 'provider' check (waiting_on in ('provider', 'customer')),
    visibility text not null check (visibility in ('participants', 'company')),
    waiting_since timestamptz not null default now(),
    resolved_at timestamptz,
    closed_at timestamptz,
    version integer not null default 1 check (version > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (due_source is null or due_at is not null),
    unique (company_id, number),
    unique (company_id, key),
    unique (id, company_id)
  )`,
  // The company's list: by status, then due date (open ones first), then age.
  'create index requests_company_idx on requests (company_id, status, due_at, created_at)',
  'create index requests_requester_idx on requests (company_id, requester_id)',
  // The staff queue across companies, by due date.
  'create index requests_queue_idx on requests (due_at, created_at, id)',
  'create index requests_assignee_idx on requests (assignee_id, status)',
  `create table request_participants (
    request_id text not null,
    company_id text not null,
    user_id text not null references users (id) on delete cascade,
    added_by text,
    added_at timestamptz not null default now(),
    primary key (request_id, user_id),
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  'create index request_participants_user_idx on request_participants (user_id)',
  `create table request_comments (
    id text primary key check (length(id) <= 64),
    request_id text not null,
    company_id text not null references companies (id) on delete cascade,
    author_id text not null references users (id),
    on_behalf_of text references companies (id) on delete cascade,
    body text not null check (length(body) between 1 and 20000),
    internal boolean not null default false,
    created_at timestamptz not null default now(),
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  'create index request_comments_request_idx on request_comments (request_id, created_at)',
  // actor_id has no foreign key: the history outlives its users (and 'host' is not a user).
  `create table request_events (
    id bigint generated always as identity primary key,
    request_id text not null,
    company_id text not null references companies (id) on delete cascade,
    actor_id text not null check (length(actor_id) <= 64),
    on_behalf_of_company text,
    kind text not null check (kind in (${EVENT_KINDS.map((k) => `'${k}'`).join(', ')})),
    before jsonb,
    after jsonb,
    internal boolean not null default false,
    at timestamptz not null default now(),
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  'create index request_events_request_idx on request_events (request_id, id)',
  // An event can be neither changed nor removed; only a deleted company takes its history with it
  // (the foreign keys' cascade runs after the company's row is gone, which is how it is told apart).
  // TRUNCATE is left alone: the test helpers empty the tenant tables with it.
  `create function request_events_append_only() returns trigger
    language plpgsql as $$
  begin
    if tg_op = 'DELETE' and not exists (select 1 from companies where id = old.company_id) then
      return old;
    end if;
    raise exception 'A request event cannot be changed or removed: the history is append-only.'
      using errcode = 'restrict_violation';
  end
  $$`,
  `create trigger request_events_append_only before update or delete on request_events
    for each row execute function request_events_append_only()`,
  `alter table users add column company_admin boolean not null default false
    check (not company_admin or role = 'customer')`,
];

/** The new tables, each with a company_id: their writes bump that company's read version. */
const REQUEST_TABLES = [
  'company_request_settings',
  'requests',
  'request_participants',
  'request_comments',
  'request_events',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  // The same triggers http/read-versions.ts creates for its company tables (the functions exist
  // since migration 0008). Migration 0014 drops them again: no cached answer reads these tables.
  for (const table of REQUEST_TABLES) {
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows old table as old_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql
        .raw(`create trigger ${table}_read_versions_${event} after ${event} on ${table}
          referencing ${transition} for each statement execute function read_versions_bump_companies()`)
        .execute(db);
    }
    await sql
      .raw(`create trigger ${table}_read_versions_truncate after truncate on ${table}
        for each statement execute function read_versions_bump_shared()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['request_events', 'request_comments', 'request_participants', 'requests']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql`drop table if exists company_request_settings`.execute(db);
  await sql`drop function if exists request_events_append_only()`.execute(db);
  await sql`alter table users drop column if exists company_admin`.execute(db);
}
