import { type Kysely, sql } from 'kysely';

// The connectors' state (connectors/sync-state.ts): per source and scope (a project, or '' for the
// whole source), where the next run resumes (`cursor`), the last run's start, end, outcome, counts
// and error, and the last success. A run writes its cursor after each page it stored, so an
// interrupted run resumes where it stopped; the events it re-reads are stored by external id and
// change nothing.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sync_state (
    source text not null check (source in ('hubspot', 'github', 'jira', 'ai')),
    scope text not null default '',
    company_id text references companies (id) on delete cascade,
    cursor jsonb,
    status text not null default 'never' check (status in ('never', 'running', 'ok', 'failed')),
    last_started_at timestamptz,
    last_finished_at timestamptz,
    last_success_at timestamptz,
    last_error text check (length(last_error) <= 2000),
    last_counts jsonb,
    primary key (source, scope)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sync_state`.execute(db);
}
