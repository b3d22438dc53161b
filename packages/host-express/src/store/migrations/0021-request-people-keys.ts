import { type Kysely, sql } from 'kysely';

// The last two tenant tables whose keys did not lead with the company: a request's participants and
// the e-mails queued for people about a request. Every reader and writer names the company now
// (requests/store.ts, requests/notify.ts), so the keys and indexes can lead with it, as 0017 did
// for the rest (see store/tenant-keys.test.ts). The schedule's due-mail index stays across
// companies on purpose: one sweep sends every company's mail.
const STATEMENTS = [
  'alter table request_participants drop constraint request_participants_pkey',
  'alter table request_participants add primary key (company_id, request_id, user_id)',
  'create index request_participants_company_user_idx on request_participants (company_id, user_id)',
  'drop index request_participants_user_idx',

  'alter table request_notifications drop constraint request_notifications_pkey',
  'alter table request_notifications add primary key (company_id, id)',
  'drop index request_notifications_pending_idx',
  `create unique index request_notifications_pending_idx
    on request_notifications (company_id, user_id, request_id) where sent_at is null and not gave_up`,
  'drop index request_notifications_sent_idx',
  `create index request_notifications_sent_idx
    on request_notifications (company_id, user_id, request_id, sent_at) where sent_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'alter table request_participants drop constraint request_participants_pkey',
    'alter table request_participants add primary key (request_id, user_id)',
    'drop index request_participants_company_user_idx',
    'create index request_participants_user_idx on request_participants (user_id)',
    'alter table request_notifications drop constraint request_notifications_pkey',
    'alter table request_notifications add primary key (id)',
    'drop index request_notifications_pending_idx',
    `create unique index request_notifications_pending_idx
      on request_notifications (user_id, request_id) where sent_at is null and not gave_up`,
    'drop index request_notifications_sent_idx',
    `create index request_notifications_sent_idx
      on request_notifications (user_id, request_id, sent_at) where sent_at is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
