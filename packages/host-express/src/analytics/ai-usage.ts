import {
  AI_TOOLS,
  type AiTool,
  type AiToolUsage,
  type AiUsageBreakdownRow,
  type AiUsageDay,
  type DateRange,
  dayNumber,
  formatDay,
  roundRate,
} from '@client-portal/api-client';
import type { AiToolScopesTable } from '../store/schema.js';

const DIMENSIONS = ['language', 'ide', 'model'] as const;

/** A tool's aggregate row of one day (ai_usage_daily with user_key '*'). */
export interface AiAggregateRow {
  tool: AiTool;
  day: string;
  active_users: number;
  suggestions: number | null;
  // Nullable in the store since migration 0011 (a surface a tool does not report), but every tool
  // reports acceptances and lines accepted and the contract requires them: they read as 0 (`count`).
  acceptances: number | null;
  lines_suggested: number | null;
  lines_accepted: number | null;
  // Nullable in the answer too (migration 0011): a surface the tool does not report is null, never 0.
  chat_requests: number | null;
  agent_requests: number | null;
  cli_requests: number | null;
}

/**
 * A tool's breakdown entries of one name summed over the range, counters as `count` makes them
 * (summed in SQL from the per-day jsonb, see ai-usage-queries.ts).
 */
export interface BreakdownSum {
  tool: AiTool;
  dimension: (typeof DIMENSIONS)[number];
  name: string;
  suggestions: number;
  acceptances: number;
  linesAccepted: number;
}

export type AiToolScope = Pick<AiToolScopesTable, 'tool' | 'scope_kind' | 'scope_name' | 'seats'> & {
  data_through: string | null;
  /** The connector's last successful sync of the scope (JSON text of a timestamptz); null if never. */
  last_synced_at?: string | null;
};

type NullableCounter =
  | 'suggestions'
  | 'lines_suggested'
  | 'chat_requests'
  | 'agent_requests'
  | 'cli_requests';
const NULLABLE: readonly NullableCounter[] = [
  'suggestions',
  'lines_suggested',
  'chat_requests',
  'agent_requests',
  'cli_requests',
];

/**
 * Counters each tool's API reports, for a range without rows: Windsurf has no "suggestions shown",
 * Cursor no lines suggested, Copilot no agent requests per day; only Copilot reports the CLI.
 * Windsurf's chat report has no e-mail filter: an `emails` scope has no chat (see reportedCounters).
 */
const REPORTED_BY_DEFAULT: Record<AiTool, Record<NullableCounter, boolean>> = {
  windsurf: {
    suggestions: false,
    lines_suggested: true,
    chat_requests: true,
    agent_requests: true,
    cli_requests: false,
  },
  copilot: {
    suggestions: true,
    lines_suggested: true,
    chat_requests: true,
    agent_requests: false,
    cli_requests: true,
  },
  cursor: {
    suggestions: true,
    lines_suggested: false,
    chat_requests: true,
    agent_requests: true,
    cli_requests: false,
  },
};

/** Tools in the contract's order (the original portal's route is Windsurf's, so it comes first). */
export const byToolOrder = (a: { tool: AiTool }, b: { tool: AiTool }) =>
  AI_TOOLS.indexOf(a.tool) - AI_TOOLS.indexOf(b.tool);

/** A stored counter as the contract's `count`: a non-negative integer. */
const count = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};

/**
 * Which nullable counters the tool reports: any value in the range's rows, else the tool's default
 * (for the scope's kind, when given).
 */
export function reportedCounters(
  tool: AiTool,
  rows: readonly AiAggregateRow[],
  scopeKind?: AiToolScope['scope_kind'],
): Record<NullableCounter, boolean> {
  if (rows.length === 0) {
    const defaults = REPORTED_BY_DEFAULT[tool];
    return tool === 'windsurf' && scopeKind === 'emails' ? { ...defaults, chat_requests: false } : defaults;
  }
  const reported = {} as Record<NullableCounter, boolean>;
  for (const key of NULLABLE) reported[key] = rows.some((row) => row[key] !== null);
  return reported;
}

/**
 * The breakdowns (language, IDE, model) from their sums over the range: most accepted first, then
 * by name; suggestions null when the tool does not report them.
 */
export function breakdownsOf(
  sums: readonly BreakdownSum[],
  suggestionsReported: boolean,
): AiToolUsage['breakdowns'] {
  const result = {} as AiToolUsage['breakdowns'];
  for (const dimension of DIMENSIONS) {
    result[dimension] = sums
      .filter((sum) => sum.dimension === dimension)
      .map(
        (sum): AiUsageBreakdownRow => ({
          name: sum.name,
          suggestions: suggestionsReported ? count(sum.suggestions) : null,
          acceptances: count(sum.acceptances),
          linesAccepted: count(sum.linesAccepted),
        }),
      )
      .sort((a, b) => b.acceptances - a.acceptances || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return result;
}

/**
 * One tool's usage over the range: a row per day (days without a row are zeros, counters the tool
 * does not report null; a day's null among days that report it reads 0, so a total sums what was
 * reported and stays null when no day reports it), totals and breakdowns. `distinctUsers` counts the
 * per-user rows active in the range; daily counts are not additive, so without per-user rows the
 * busiest day's count stands in.
 */
export function toolUsage(
  scope: AiToolScope,
  rows: readonly AiAggregateRow[],
  distinctUsers: number,
  range: DateRange,
  breakdowns: readonly BreakdownSum[] = [],
): AiToolUsage {
  const reported = reportedCounters(scope.tool, rows, scope.scope_kind);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const daily: AiUsageDay[] = [];
  const last = dayNumber(range.to);
  for (let number = dayNumber(range.from); number <= last; number++) {
    const day = formatDay(number);
    const row = byDay.get(day);
    const nullable = (key: NullableCounter) => (reported[key] ? count(row?.[key]) : null);
    daily.push({
      date: day,
      activeUsers: count(row?.active_users),
      suggestions: nullable('suggestions'),
      acceptances: count(row?.acceptances),
      linesSuggested: nullable('lines_suggested'),
      linesAccepted: count(row?.lines_accepted),
      chatRequests: nullable('chat_requests'),
      agentRequests: nullable('agent_requests'),
      cliRequests: nullable('cli_requests'),
    });
  }
  const sum = (key: 'acceptances' | 'linesAccepted') => daily.reduce((n, d) => n + d[key], 0);
  const sumNullable = (
    key: 'suggestions' | 'linesSuggested' | 'chatRequests' | 'agentRequests' | 'cliRequests',
  ) => daily.reduce<number | null>((n, d) => (n === null || d[key] === null ? null : n + d[key]), 0);
  const suggestions = reported.suggestions ? sumNullable('suggestions') : null;
  const acceptances = sum('acceptances');
  const peak = daily.reduce((max, d) => Math.max(max, d.activeUsers), 0);
  return {
    tool: scope.tool,
    scope: { kind: scope.scope_kind, name: scope.scope_name },
    seats: scope.seats === null ? null : count(scope.seats),
    dataThrough: scope.data_through,
    totals: {
      activeUsers: Math.max(count(distinctUsers), peak),
      suggestions,
      acceptances,
      acceptanceRate: suggestions ? roundRate(Math.min(1, acceptances / suggestions)) : null,
      linesSuggested: reported.lines_suggested ? sumNullable('linesSuggested') : null,
      linesAccepted: sum('linesAccepted'),
      chatRequests: reported.chat_requests ? sumNullable('chatRequests') : null,
      agentRequests: reported.agent_requests ? sumNullable('agentRequests') : null,
      cliRequests: reported.cli_requests ? sumNullable('cliRequests') : null,
    },
    daily,
    breakdowns: breakdownsOf(breakdowns, reported.suggestions),
  };
}
