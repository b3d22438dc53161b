import { type Kysely, sql } from 'kysely';

// When the AI tools connector last synced each scope successfully (connectors/ai/sync.ts): the
// project card's freshness says "synced at …" for an AI tool as it does for GitHub and Jira, next to
// the scope's last complete day (data_through). A column of ai_tool_scopes, so setting it moves the
// project's read version like any other change of the scope.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ai_tool_scopes add column last_synced_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ai_tool_scopes drop column if exists last_synced_at`.execute(db);
}
