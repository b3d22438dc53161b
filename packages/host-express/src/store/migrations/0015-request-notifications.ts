import { type Kysely, sql } from 'kysely';

// Requests, third part: the schedule's own bookkeeping (jobs/request-schedule.ts, src/requests/).
// Every table here makes one step of the schedule idempotent, so a run repeated (a retry, a second
// host instance, a crash half-way) never opens, reminds or sends anything twice.
//
// - request_check_ins: one renewal check-in per subscription and end date. The primary key is the
//   marker: an instance that loses the race waits on it and then inserts nothing.
// - request_check_in_templates: a company's recurring check-in (a quarterly review…); `next_on` is
//   moved forward in the transaction that opens the request.
// - request_reminders: one reminder per request, kind and period (the due date for the assignee's
//   50 %/75 % reminders, the start of the wait for the customer's 3- and 7-day ones).
// - request_cursors: the last request event the e-mail ('mail') and webhook ('webhook') steps have
//   turned into rows, advanced in the transaction that writes them.
// - request_notifications: what one person is to be e-mailed about one request (the events'
//   ids); at most one unsent row per person and request, so events within the hour are bundled.
// - request_webhook_deliveries: one signed POST per event, retried with backoff.

const STATEMENTS = [
  `create table request_check_ins (
    company_id text not null references companies (id) on delete cascade,
    subscription_id text not null references deals (id) on delete cascade,
    period_end date not null,
    request_id text references requests (id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (company_id, subscription_id, period_end)
  )`,
  `create table request_check_in_templates (
    id text primary key check (length(id) <= 64),
    company_id text not null references companies (id) on delete cascade,
    title text not null check (length(title) between 1 and 200),
    type text not null default 'review' check (type ~ '^[a-z][a-z0-9_]{0,39}$'),
    every_months integer not null check (every_months in (1, 3, 6, 12)),
    next_on date not null,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index request_check_in_templates_due_idx on request_check_in_templates (next_on)
    where active`,
  `create table request_reminders (
    request_id text not null,
    company_id text not null,
    kind text not null check (kind in ('assignee_50', 'assignee_75', 'customer_3', 'customer_7')),
    period timestamptz not null,
    created_at timestamptz not null default now(),
    primary key (request_id, kind, period),
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  `create table request_cursors (
    name text primary key check (name in ('mail', 'webhook')),
    last_event_id bigint not null default 0,
    updated_at timestamptz not null default now()
  )`,
  `insert into request_cursors (name, last_event_id)
    select name, coalesce((select max(id) from request_events), 0) from (values ('mail'), ('webhook')) as n (name)`,
  `create table request_notifications (
    id bigint generated always as identity primary key,
    company_id text not null references companies (id) on delete cascade,
    request_id text not null,
    user_id text not null references users (id) on delete cascade,
    event_ids jsonb not null
      check (jsonb_typeof(event_ids) = 'array' and jsonb_array_length(event_ids) between 1 and 1000),
    created_at timestamptz not null default now(),
    not_before timestamptz not null,
    sent_at timestamptz,
    attempts integer not null default 0 check (attempts >= 0),
    last_error text check (length(last_error) <= 1000),
    gave_up boolean not null default false,
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  `create unique index request_notifications_pending_idx on request_notifications (user_id, request_id)
    where sent_at is null and not gave_up`,
  `create index request_notifications_due_idx on request_notifications (not_before)
    where sent_at is null and not gave_up`,
  `create index request_notifications_sent_idx on request_notifications (user_id, request_id, sent_at)
    where sent_at is not null`,
  `create table request_webhook_deliveries (
    id text primary key check (length(id) <= 64),
    event_id bigint not null unique,
    company_id text not null references companies (id) on delete cascade,
    request_id text not null,
    body text not null check (length(body) <= 100000),
    created_at timestamptz not null default now(),
    next_attempt_at timestamptz not null,
    attempts integer not null default 0 check (attempts >= 0),
    delivered_at timestamptz,
    gave_up boolean not null default false,
    last_status integer,
    last_error text check (length(last_error) <= 1000),
    foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
  )`,
  `create index request_webhook_deliveries_due_idx on request_webhook_deliveries (next_attempt_at)
    where delivered_at is null and not gave_up`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'request_webhook_deliveries',
    'request_notifications',
    'request_cursors',
    'request_reminders',
    'request_check_in_templates',
    'request_check_ins',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
