import { type Kysely, sql } from 'kysely';

// The AI tools connector (connectors/ai/) keeps every surface each tool reports (completion, chat,
// agent, CLI) and leaves a surface a tool does not report null, never 0: a 0 would read as "nobody
// used it" on the page, where the truth is "not reported". Acceptances, lines accepted and chat
// requests were required until now; they become nullable like the other counters, and the CLI
// (Copilot's CLI feature) gets its column.
//
// ai_usage_raw keeps what each vendor answered, per scope, day and report, so a day can be
// normalised again when a vendor renames or adds fields; the vendors' own windows are short
// (Cursor 30 days per request, Copilot a year), so the store is the only lasting copy. A re-fetched
// day replaces its payload (the primary key).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ai_usage_daily
    alter column acceptances drop not null,
    alter column lines_accepted drop not null,
    alter column chat_requests drop not null,
    add column cli_requests bigint check (cli_requests >= 0)`.execute(db);
  await sql`create table ai_usage_raw (
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    tool text not null check (tool in ('windsurf', 'copilot', 'cursor')),
    scope_name text not null,
    day date not null,
    report text not null,
    payload jsonb not null,
    fetched_at timestamptz not null default now(),
    primary key (project_id, tool, scope_name, day, report)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ai_usage_raw`.execute(db);
  // The old columns were required: a counter not reported reads 0 again.
  await sql`update ai_usage_daily set acceptances = coalesce(acceptances, 0),
    lines_accepted = coalesce(lines_accepted, 0), chat_requests = coalesce(chat_requests, 0)
    where acceptances is null or lines_accepted is null or chat_requests is null`.execute(db);
  await sql`alter table ai_usage_daily
    drop column if exists cli_requests,
    alter column acceptances set not null,
    alter column lines_accepted set not null,
    alter column chat_requests set not null`.execute(db);
}
