import type { AiTool, AiUsage, DateRange } from '@client-portal/api-client';
import { type Kysely, sql } from 'kysely';
import { precompiled } from '../store/precompiled.js';
import type { Database } from '../store/schema.js';
import {
  type AiAggregateRow,
  type AiToolScope,
  type BreakdownSum,
  byToolOrder,
  toolUsage,
} from './ai-usage.js';

// GET /api/agents/windsurf in one round trip: the company's analytics project by its Jira key, the
// tools with usage data and what each reports on, their aggregate rows ('*') of the range, the
// distinct users of the range (from the per-user rows), and the per-day breakdowns (language, IDE,
// model) summed by name. Each part comes as one JSON text, parsed natively. Counters stay as stored:
// null (a surface the tool does not report, migration 0011) is not coalesced to 0 here, so a total
// over days all null stays null (toolUsage).
//
// The breakdowns are summed from ai_usage_breakdowns, the entries a trigger extracts from the jsonb
// when a connector writes a day (migration 0005, which also says which entries count).

interface UsageRow {
  tools: string;
  days: string;
  users: string;
  breakdowns: string;
}

interface UsageArgs {
  companyId: string;
  jiraKey: string;
  from: string;
  to: string;
}

/**
 * The tools with usage data for project `p` (any day), with what each reports on, as one JSON text
 * of AiToolScope (unordered: sort with byToolOrder). A tool needs its scope row: tools never report
 * per Jira project, and the response says which scope the numbers cover. Also read by the project card.
 */
export const toolsWithDataJson = sql<string>`(select coalesce(json_agg(json_build_object('tool', s.tool,
    'scope_kind', s.scope_kind, 'scope_name', s.scope_name, 'seats', s.seats, 'data_through', s.data_through,
    'last_synced_at', s.last_synced_at)),
    '[]')::text
  from ai_tool_scopes s
  where s.company_id = p.company_id and s.project_id = p.id
    and exists (select 1 from ai_usage_daily u
      where u.company_id = s.company_id and u.project_id = s.project_id and u.tool = s.tool))`;

const usageRows = precompiled(
  ['companyId', 'jiraKey', 'from', 'to'],
  (_db, args: UsageArgs) => sql<UsageRow>`
    select
      ${toolsWithDataJson} as tools,
      (select coalesce(json_agg(json_build_array(u.tool, u.day, u.active_users, u.suggestions, u.acceptances,
          u.lines_suggested, u.lines_accepted, u.chat_requests, u.agent_requests, u.cli_requests)), '[]')::text
        from ai_usage_daily u
        where u.company_id = p.company_id and u.project_id = p.id and u.user_key = '*'
          and u.day >= ${args.from}::date and u.day <= ${args.to}::date
      ) as days,
      (select coalesce(json_object_agg(x.tool, x.users), '{}')::text
        from (select u.tool, count(distinct u.user_key) as users
          from ai_usage_daily u
          where u.company_id = p.company_id and u.project_id = p.id and u.user_key <> '*'
            and u.active_users > 0 and u.day >= ${args.from}::date and u.day <= ${args.to}::date
          group by u.tool) x
      ) as users,
      (select coalesce(json_agg(json_build_array(b.tool, b.dimension, b.name, b.suggestions, b.acceptances,
          b.lines_accepted)), '[]')::text
        from (select u.tool, u.dimension, u.name, sum(u.suggestions) as suggestions,
            sum(u.acceptances) as acceptances, sum(u.lines_accepted) as lines_accepted
          from ai_usage_breakdowns u
          where u.company_id = p.company_id and u.project_id = p.id
            and u.day >= ${args.from}::date and u.day <= ${args.to}::date
          group by u.tool, u.dimension, u.name) b
      ) as breakdowns
    from projects p
    where p.company_id = ${args.companyId} and p.jira_key = ${args.jiraKey} and p.analytics_enabled`,
);

type DayTuple = [
  tool: AiTool,
  day: string,
  activeUsers: number,
  suggestions: number | null,
  acceptances: number | null,
  linesSuggested: number | null,
  linesAccepted: number | null,
  chatRequests: number | null,
  agentRequests: number | null,
  cliRequests: number | null,
];

type BreakdownTuple = [
  tool: AiTool,
  dimension: BreakdownSum['dimension'],
  name: string,
  suggestions: number,
  acceptances: number,
  linesAccepted: number,
];

/**
 * GET /api/agents/windsurf: every tool with data for the company's analytics project with this Jira
 * key, or null when there is no such project or no tool has data (the route answers 404).
 */
export async function aiUsage(
  db: Kysely<Database>,
  companyId: string,
  jiraProjectKey: string,
  range: DateRange,
): Promise<AiUsage | null> {
  if (jiraProjectKey.trim() === '') return null;
  const [row] = await usageRows(db, { companyId, jiraKey: jiraProjectKey, from: range.from, to: range.to });
  if (!row) return null;
  const scopes = (JSON.parse(row.tools) as AiToolScope[]).sort(byToolOrder);
  if (scopes.length === 0) return null;
  const rows = (JSON.parse(row.days) as DayTuple[]).map(
    ([
      tool,
      day,
      active,
      suggestions,
      acceptances,
      linesSuggested,
      linesAccepted,
      chat,
      agent,
      cli,
    ]): AiAggregateRow => ({
      tool,
      day,
      active_users: active,
      suggestions,
      acceptances,
      lines_suggested: linesSuggested,
      lines_accepted: linesAccepted,
      chat_requests: chat,
      agent_requests: agent,
      cli_requests: cli,
    }),
  );
  const users = JSON.parse(row.users) as Partial<Record<AiTool, number>>;
  const breakdowns = (JSON.parse(row.breakdowns) as BreakdownTuple[]).map(
    ([tool, dimension, name, suggestions, acceptances, linesAccepted]): BreakdownSum => ({
      tool,
      dimension,
      name,
      suggestions,
      acceptances,
      linesAccepted,
    }),
  );
  return {
    jiraProjectKey,
    range,
    tools: scopes.map((s) =>
      toolUsage(
        s,
        rows.filter((r) => r.tool === s.tool),
        users[s.tool] ?? 0,
        range,
        breakdowns.filter((b) => b.tool === s.tool),
      ),
    ),
  };
}
