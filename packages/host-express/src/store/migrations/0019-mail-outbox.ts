import { type Kysely, sql } from 'kysely';

// Without SMTP_URL the requests' e-mails are kept here, in the store, so `client-portal-host outbox`
// shows them from any machine that reaches the store, whichever instance ran the schedule. The
// schedule removes messages older than OUTBOX_RETENTION_DAYS (requests/outbox.ts).
const STATEMENTS = [
  `create table mail_outbox (
    company_id text not null references companies (id) on delete cascade,
    id text not null check (length(id) <= 64),
    created_at timestamptz not null,
    sender text not null check (length(sender) <= 1000),
    recipient text not null check (length(recipient) <= 1000),
    subject text not null check (length(subject) <= 1000),
    request_key text not null check (length(request_key) <= 64),
    body_text text not null,
    body_html text not null,
    primary key (company_id, id)
  )`,
  'create index mail_outbox_created_idx on mail_outbox (created_at desc, id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mail_outbox`.execute(db);
}
