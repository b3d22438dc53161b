import { type Kysely, sql } from 'kysely';

// Several host instances on one PostgreSQL each keep recently read sessions in memory
// (auth/session-cache.ts). These triggers tell every instance, through NOTIFY on the channel
// 'portal_sessions', what it must read again: a session revoked or switched to another company
// ('s:<id>'), a user changed or removed ('u:<id>'), or anything ('*': a contact moved to another
// company, sessions deleted). NOTIFY is sent at commit, so a change made by any process (another
// instance, the CLI, SQL by hand) reaches the listeners before its writer answers. On the embedded
// store nobody listens and the notifications are dropped.
const STATEMENTS = [
  `create function notify_session_change() returns trigger
    language plpgsql as $$
    begin
      if tg_level = 'ROW' and tg_table_name = 'sessions' then
        perform pg_notify('portal_sessions', 's:' || old.id);
      elsif tg_level = 'ROW' and tg_table_name = 'users' then
        perform pg_notify('portal_sessions', 'u:' || old.id);
      else
        perform pg_notify('portal_sessions', '*');
      end if;
      return null;
    end
  $$`,
  `create trigger sessions_changed after update of revoked_at, acting_company_id, user_id on sessions
    for each row when (old.revoked_at is distinct from new.revoked_at
      or old.acting_company_id is distinct from new.acting_company_id
      or old.user_id is distinct from new.user_id)
    execute function notify_session_change()`,
  `create trigger sessions_deleted after delete on sessions
    for each statement execute function notify_session_change()`,
  `create trigger sessions_truncated after truncate on sessions
    for each statement execute function notify_session_change()`,
  `create trigger users_changed after update or delete on users
    for each row execute function notify_session_change()`,
  `create trigger contacts_moved after update of company_id on contacts
    for each row when (old.company_id is distinct from new.company_id)
    execute function notify_session_change()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists contacts_moved on contacts`.execute(db);
  await sql`drop trigger if exists users_changed on users`.execute(db);
  await sql`drop trigger if exists sessions_truncated on sessions`.execute(db);
  await sql`drop trigger if exists sessions_deleted on sessions`.execute(db);
  await sql`drop trigger if exists sessions_changed on sessions`.execute(db);
  await sql`drop function if exists notify_session_change()`.execute(db);
}
