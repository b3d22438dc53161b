import type { AiTool, AiUsage, DateRange } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { type AiAggregateRow, type AiToolScope, byToolOrder, toolUsage } from './ai-usage.js';
import type { ProjectScope } from './range.js';

/**
 * The tools with usage data for the project (any day), with what each reports on. A tool needs its
 * scope row: tools never report per Jira project, and the response says which scope the numbers cover.
 */
export async function aiToolsWithData(db: Kysely<Database>, scope: ProjectScope): Promise<AiToolScope[]> {
  const rows = await db
    .selectFrom('ai_tool_scopes as s')
    .select(['s.tool', 's.scope_kind', 's.scope_name', 's.seats', 's.data_through'])
    .where('s.company_id', '=', scope.companyId)
    .where('s.project_id', '=', scope.projectId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ai_usage_daily as u')
          .select('u.day')
          .whereRef('u.project_id', '=', 's.project_id')
          .whereRef('u.tool', '=', 's.tool')
          .whereRef('u.company_id', '=', 's.company_id'),
      ),
    )
    .execute();
  return rows.sort(byToolOrder);
}

/** The tools' aggregate rows ('*') of the range, one per tool and day. */
async function aggregateRows(
  db: Kysely<Database>,
  scope: ProjectScope,
  tools: readonly AiTool[],
  range: DateRange,
): Promise<AiAggregateRow[]> {
  return db
    .selectFrom('ai_usage_daily')
    .select([
      'tool',
      'day',
      'active_users',
      'suggestions',
      'acceptances',
      'lines_suggested',
      'lines_accepted',
      'chat_requests',
      'agent_requests',
      'breakdown',
    ])
    .where('company_id', '=', scope.companyId)
    .where('project_id', '=', scope.projectId)
    .where('tool', 'in', tools)
    .where('user_key', '=', '*')
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
}

/** Distinct users active in the range per tool, from the per-user rows. */
async function distinctUsers(
  db: Kysely<Database>,
  scope: ProjectScope,
  tools: readonly AiTool[],
  range: DateRange,
): Promise<Map<AiTool, number>> {
  const rows = await db
    .selectFrom('ai_usage_daily')
    .select(['tool', (eb) => eb.fn.count<number>('user_key').distinct().as('users')])
    .where('company_id', '=', scope.companyId)
    .where('project_id', '=', scope.projectId)
    .where('tool', 'in', tools)
    .where('user_key', '<>', '*')
    .where('active_users', '>', 0)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('tool')
    .execute();
  return new Map(rows.map((row) => [row.tool, Number(row.users)]));
}

/** GET /api/agents/windsurf: every tool with data for the project, or null when none has any. */
export async function aiUsage(
  db: Kysely<Database>,
  scope: ProjectScope,
  jiraProjectKey: string,
  range: DateRange,
): Promise<AiUsage | null> {
  const scopes = await aiToolsWithData(db, scope);
  if (scopes.length === 0) return null;
  const tools = scopes.map((s) => s.tool);
  const [rows, users] = await Promise.all([
    aggregateRows(db, scope, tools, range),
    distinctUsers(db, scope, tools, range),
  ]);
  return {
    jiraProjectKey,
    range,
    tools: scopes.map((s) =>
      toolUsage(
        s,
        rows.filter((row) => row.tool === s.tool),
        users.get(s.tool) ?? 0,
        range,
      ),
    ),
  };
}
